from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "games.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # The end of any game reaches the events through a signal of the games services
        # (sent after commit, never failing the game's end); the tasks are registered so
        # that eager mode (no Redis) finds them by name.
        from games.services.events import (
            arranged_socket_closed,
            arranged_socket_opened,
            game_finished,
        )

        from . import tasks
        from .receivers import (
            arranged_socket_closed_received,
            arranged_socket_opened_received,
            game_finished_received,
        )

        game_finished.connect(game_finished_received, dispatch_uid="tournaments-game-finished")
        # The game pages' sockets of an event's games: presence, and the next game restated.
        arranged_socket_opened.connect(arranged_socket_opened_received,
                                       dispatch_uid="tournaments-socket-opened")
        arranged_socket_closed.connect(arranged_socket_closed_received,
                                       dispatch_uid="tournaments-socket-closed")
        del tasks
