from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "games.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # The end of any game reaches the events through a signal of the games services
        # (sent after commit, never failing the game's end); the tasks are registered so
        # that eager mode (no Redis) finds them by name.
        from games.services.events import game_finished

        from . import tasks
        from .receivers import game_finished_received

        game_finished.connect(game_finished_received, dispatch_uid="tournaments-game-finished")
        del tasks
