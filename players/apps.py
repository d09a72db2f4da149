from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self):
        from . import signals  # noqa: F401
        from .accounts import user_cache  # noqa: F401  (its signals forget changed rows)

        # The notifications' tasks are queued by name (players.notifications.queue):
        # registered in every process, so eager mode finds and runs them here.
        from .notifications import tasks  # noqa: F401
        from .push import keys  # noqa: F401  (the deploy check of the VAPID keys)
