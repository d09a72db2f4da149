from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self):
        from . import signals  # noqa: F401
        from .accounts import user_cache  # noqa: F401  (its signals forget changed rows)
        from .push import keys  # noqa: F401  (the deploy check of the VAPID keys)
