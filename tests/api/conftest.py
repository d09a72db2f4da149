"""Fixtures of the API tests: tokens, a bot account, and generous rate limits unless a
test sets its own (the limits' counters live in the cache, cleared before each test)."""
import pytest
from django.core.cache import cache
from django.test import Client

from players.models import Player
from players.tokens.services import token_create
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck


@pytest.fixture(autouse=True)
def _api_rate_limits(settings):
    cache.clear()
    settings.FLOOD_CONTROL = True  # off for the other tests (tests/conftest.py)
    settings.API_RATE_LIMITS = {"token": "100000/m", "anonymous": "100000/m"}
    yield
    cache.clear()


def token_for(player, *scopes, name="test token") -> str:
    return token_create(player=player, name=name, scopes=scopes or ("read",))[1]


def api_client(token: str | None = None) -> Client:
    """A test client sending ``Authorization: Bearer <token>`` on every request."""
    if token is None:
        return Client()
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}")


@pytest.fixture
def robot(db):
    """A bot account with one complete deck."""
    player = PlayerFactory(user__username="robot")
    Player.objects.filter(pk=player.pk).update(is_bot=True, level=10)
    player.refresh_from_db()
    make_deck(player, name="Robot deck", starter=2)
    return player


@pytest.fixture
def robot_token(robot):
    return token_for(robot, "bot", "read", name="robot program")
