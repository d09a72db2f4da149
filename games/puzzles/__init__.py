"""Daily puzzles: positions from finished games and self-play where one move wins (or saves
the game) within a few turns, proven by the engine as the mover sees it (its own app, label
``puzzles``)."""
