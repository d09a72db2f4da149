"""The computer levels' strength for players (issue 47): games among the levels and the
standard AI, played by ``manage.py ai_ratings``, rated with Glicko-2 and shown on the
computer-game form and the help page.

* ``matches``: one paired deal between two levels (the engine only; devtools.ai_match
  plays its matches with it).
* ``services``: record a run's games and rate every level from all recorded games.
* ``selectors``: the ratings as the pages show them.
"""
