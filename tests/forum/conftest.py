import pytest

from forum import services
from players.moderation.services import moderator_add
from tests.factories import PlayerFactory


@pytest.fixture
def moderator(db):
    """A member of the Moderators group (not staff: moderating needs no admin access)."""
    player = PlayerFactory(user__username="mod")
    moderator_add(player)
    return player


@pytest.fixture
def thread(alice):
    """alice's thread in General with one post."""
    return services.thread_create(section="general", author=alice, title="Best opening cards",
                                  body="What do you play first?")


@pytest.fixture(autouse=True)
def _postgres_nul_rule(db):
    """Text with NUL fails in the database as on PostgreSQL (SQLite would store it)."""
    from django.db import connection

    from tests.robustness.conftest import _reject_nul

    with connection.execute_wrapper(_reject_nul):
        yield
