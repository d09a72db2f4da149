"""State changes for accounts: creating a player."""
from django.contrib.auth import get_user_model
from django.db import transaction

from players.models import Player

USERNAME_TAKEN = "That name is already taken."

# Other apps add the things every new player starts with (starter decks, settings…).
# Each hook takes the new Player and runs inside the registration transaction.
REGISTRATION_HOOKS: list = []


@transaction.atomic
def player_register(*, username: str, password: str, email: str = "") -> Player:
    """Create the account and its profile. The caller has validated the input."""
    user_model = get_user_model()
    user = user_model.objects.create_user(username=username, email=email or "", password=password)
    player = Player.objects.get_or_create(user=user)[0]
    for setup in REGISTRATION_HOOKS:
        setup(player)
    return player
