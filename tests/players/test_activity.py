"""The one definition of a player's activity, shared by the players list and the game rules."""
import time
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest

from marcomage.prepared import logged_statement
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


@pytest.mark.django_db
def test_a_visit_marks_the_player_active_at_most_once_a_minute_without_touching_the_session(
        alice):
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from players.middleware import activity_mark_key
    from players.models import Player

    cache.clear()
    long_ago = NOW - timedelta(days=30)
    Player.objects.filter(pk=alice.pk).update(last_activity=long_ago)
    client = Client()
    client.force_login(alice.user)
    session_before = dict(client.session.items())

    client.get("/")
    first = Player.objects.get(pk=alice.pk).last_activity
    assert first > long_ago

    with CaptureQueriesContext(connection) as ctx:
        client.get("/")
    assert not [q for q in ctx.captured_queries if logged_statement(q["sql"]).startswith("UPDATE")]
    assert dict(client.session.items()) == session_before  # no session write per minute

    # The minute is over: this process asks the cache again, and the cache's mark is gone.
    cache.delete(activity_mark_key(alice.user.pk))
    later = time.monotonic() + 61
    with mock.patch("players.middleware.time.monotonic", return_value=later):
        client.get("/")
    assert Player.objects.get(pk=alice.pk).last_activity > first


@pytest.mark.django_db
def test_a_visit_within_the_minute_does_not_ask_the_cache_again(alice):
    from django.core.cache import cache
    from django.test import Client

    cache.clear()
    client = Client()
    client.force_login(alice.user)
    client.get("/")
    with mock.patch.object(cache, "add", side_effect=AssertionError("asked again")):
        client.get("/")
