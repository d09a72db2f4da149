from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "marcomage.privacy"
    label = "privacy"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from players.accounts.forms import USERNAME_CHECKS

        from . import tasks  # noqa: F401 (registered for eager runs and workers)
        from .deletion import name_held_refusal
        if name_held_refusal not in USERNAME_CHECKS:
            USERNAME_CHECKS.append(name_held_refusal)
