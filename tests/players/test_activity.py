"""The one definition of a player's activity, shared by the players list and the game rules."""
from datetime import UTC, datetime, timedelta

import pytest

from players.activity import activity_of

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("idle, expected", [
    (timedelta(0), "online"),
    (timedelta(minutes=10), "online"),
    (timedelta(minutes=10, seconds=1), "offline"),
    (timedelta(days=7), "offline"),
    (timedelta(days=7, seconds=1), "inactive"),
    (timedelta(days=21), "inactive"),
    (timedelta(days=21, seconds=1), "dead"),  # "more than three weeks": Abort opens
])
def test_activity_classes(idle, expected):
    assert activity_of(NOW - idle, NOW) == expected
