"""Personas of the moderation tests: mod (a moderator, not staff), root (an administrator)."""
import pytest

from players.moderation.services import moderator_add
from tests.factories import PlayerFactory
from tests.games.conftest import started_game  # noqa: F401 (a fixture the mute tests use)


@pytest.fixture
def mod(db):
    player = PlayerFactory(user__username="mod")
    moderator_add(player)
    return player


@pytest.fixture
def root(db):
    player = PlayerFactory(user__username="root")
    player.user.is_staff = player.user.is_superuser = True
    player.user.save(update_fields=["is_staff", "is_superuser"])
    return player


@pytest.fixture
def staffer(db):
    """Staff (admin site access) without any permission: not a moderator."""
    player = PlayerFactory(user__username="staffer")
    player.user.is_staff = True
    player.user.save(update_fields=["is_staff"])
    return player
