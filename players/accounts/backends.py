"""The login backend: Django's ModelBackend, loading the user's roles with the user."""
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from players.moderation.roles import users_with_roles

# The dotted path a session names when a view logs a player in itself (registration).
PLAYER_BACKEND = "players.accounts.backends.PlayerBackend"


class PlayerBackend(ModelBackend):
    """As ModelBackend (passwords, inactive accounts refused), but the user of every request
    comes with whether it holds each role permission, in the same single query
    (players.moderation.roles), so role checks cost no SQL on any page."""

    def get_user(self, user_id):
        try:
            user = users_with_roles().get(pk=user_id)
        except (get_user_model().DoesNotExist, ValueError, TypeError):
            return None
        return user if self.user_can_authenticate(user) else None
