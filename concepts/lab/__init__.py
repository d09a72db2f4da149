"""The card lab: a concept whose effect is built from the card vocabulary's building blocks
can be played.

- ``effects``: the effect builder of the concept form (menus → a JSON tree the engine checks,
  ``engine.custom_card_check``) and the card definition a concept gives the engine.
- ``playtest``: "Try this card", a game against the computer with the concept in a deck.
- ``selfplay``: the self-play report, games of the computer against itself (a queued task).
- ``export``: a card definition module and its test for an accepted concept (staff).
- ``models``: the lab's rows (the engine id of each definition, playtests, reports).
- ``views``/``urls``: the lab's pages, included by ``concepts.urls``.
"""
