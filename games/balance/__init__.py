"""The card balance dashboard (issue 28): per card, how often it is played, discarded and
put into decks, and the win rate of the games where it was played against the games where
it stayed in the deck, from real games and from self-play runs of the computer.

Its own Django app (label ``balance``) inside games: precomputed tables (models.py) filled
by a periodic refresh and by self-play runs (services.py, tasks.py, the commands), read by
the Statistics sub-page "Card balance" and the chart on each card's page (selectors.py,
views.py, templatetags/balance_tags.py). The arithmetic is counting.py, the games of the
computer against itself selfplay.py (both pure Python).
"""
