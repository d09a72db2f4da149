from django.apps import AppConfig


class BalanceConfig(AppConfig):
    name = "games.balance"
    label = "balance"
    verbose_name = "Card balance"

    def ready(self):
        # Queued by name (games.balance.services): registered in every process, so eager
        # mode (no Redis) finds and runs them here too.
        from . import tasks  # noqa: F401
