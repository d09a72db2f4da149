from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self):
        # Every new player starts with the three starter decks and two empty ones.
        from players.accounts.services import REGISTRATION_HOOKS

        from .services import decks_give_starters

        if decks_give_starters not in REGISTRATION_HOOKS:
            REGISTRATION_HOOKS.append(decks_give_starters)
