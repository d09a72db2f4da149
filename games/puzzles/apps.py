from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "games.puzzles"
    label = "puzzles"
    verbose_name = "Puzzles"
