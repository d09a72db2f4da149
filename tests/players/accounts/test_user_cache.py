"""The signed-in user cache: no query per request for the session, the user, the player and
the settings, and never a stale row where it matters (password, deactivation, logout,
changed settings or gold)."""
import pytest
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marcomage.prepared import logged_statement
from players.accounts import user_cache
from players.models import Player, PlayerSettings, User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

CACHED_TABLES = ("django_session", "players_user", "players_player", "players_playersettings")


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _tables_read(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    statements = [logged_statement(q["sql"]) for q in ctx.captured_queries]
    return [sql for sql in statements
            if any(f'FROM "{table}"' in sql for table in CACHED_TABLES)]


def _logged_in(player):
    client = Client()
    client.force_login(player.user)
    return client


def _warm(client):
    """A request that caches the rows (and sets the session's activity mark)."""
    url = reverse("games:turn_indicator")
    assert client.get(url).status_code == 200
    return url


def test_a_warm_request_reads_no_session_user_player_or_settings_row(alice):
    client = _logged_in(alice)
    url = reverse("games:turn_indicator")
    client.get(url)  # caches the rows; the activity mark it sets keeps them
    assert _tables_read(client, url) == []


def test_the_cached_user_comes_back_whole_and_fresh(alice):
    first = user_cache.cached_user(alice.user.pk)
    with CaptureQueriesContext(connection) as ctx:
        again = user_cache.cached_user(str(alice.user.pk))
        assert again.player.settings.timezone == alice.settings.timezone
        assert again.player.user is again
        assert again.player.settings.player is again.player
    assert ctx.captured_queries == []
    assert again == first and again is not first  # rebuilt: nothing is shared between requests
    assert user_cache.cached_user(999999) is None
    assert user_cache.cached_user("not a number") is None


def test_a_password_change_ends_the_other_sessions_at_once(alice):
    other_device = _logged_in(alice)
    me = Client()
    assert me.login(username="alice", password=PASSWORD)
    _warm(other_device)
    url = _warm(me)
    response = me.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": "an0ther-Secret-pass",
        "new_password2": "an0ther-Secret-pass"})
    assert response.status_code == 302
    assert me.get(url).status_code == 200  # the session that changed it stays signed in
    assert other_device.get(url).status_code == 302  # to the login page


def test_a_deactivated_user_is_signed_out_at_once(alice):
    client = _logged_in(alice)
    url = _warm(client)
    user = User.objects.get(pk=alice.user.pk)
    user.is_active = False
    user.save()
    assert client.get(url).status_code == 302


def test_a_deleted_user_is_signed_out(alice):
    client = _logged_in(alice)
    url = _warm(client)
    User.objects.filter(pk=alice.user.pk).delete()
    assert client.get(url).status_code == 302


def test_logging_out_ends_the_session(alice):
    client = Client()
    assert client.login(username="alice", password=PASSWORD)
    url = _warm(client)
    session_key = client.session.session_key
    client.post(reverse("logout"))
    replay = Client()
    replay.cookies["sessionid"] = session_key
    assert replay.get(url).status_code == 302


def test_staff_rights_follow_the_row(alice):
    user = User.objects.get(pk=alice.user.pk)
    assert user_cache.cached_user(user.pk).is_staff is False
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    assert user_cache.cached_user(user.pk).is_staff is True


def test_the_activity_mark_keeps_the_entry_and_other_updates_drop_it(alice):
    user_cache.cached_user(alice.user.pk)
    key = user_cache._key(alice.user.pk)
    Player.objects.filter(pk=alice.pk).update(last_activity=alice.last_activity)
    assert cache.get(key) is not None
    Player.objects.filter(pk=alice.pk).update(last_activity=alice.last_activity, level=3)
    assert cache.get(key) is None


def test_queryset_updates_of_player_and_settings_are_seen(alice):
    assert user_cache.cached_user(alice.user.pk).player.gold == alice.gold
    Player.objects.filter(pk=alice.pk).update(gold=alice.gold + 50)
    assert user_cache.cached_user(alice.user.pk).player.gold == alice.gold + 50
    PlayerSettings.objects.filter(player=alice).update(timezone="Europe/Paris")
    assert user_cache.cached_user(alice.user.pk).player.settings.timezone == "Europe/Paris"


def test_saved_settings_are_seen(alice):
    assert user_cache.cached_user(alice.user.pk).player.settings.mini_card_flags is False
    row = PlayerSettings.objects.get(player=alice)
    row.mini_card_flags = True
    row.save()
    assert user_cache.cached_user(alice.user.pk).player.settings.mini_card_flags is True


def test_an_old_row_cached_during_the_transaction_is_dropped_at_commit(
        alice, django_capture_on_commit_callbacks):
    stale = user_cache.cached_user(alice.user.pk)
    stale_rows = cache.get(user_cache._key(alice.user.pk))
    with django_capture_on_commit_callbacks(execute=True):
        user = User.objects.get(pk=alice.user.pk)
        user.set_password("a-new-Secret-2")
        user.save()
        # Another request, reading the committed (old) row meanwhile, caches it again.
        cache.set(user_cache._key(alice.user.pk), stale_rows)
    fresh = user_cache.cached_user(alice.user.pk)
    assert fresh.password != stale.password


def test_sessions_name_the_caching_backend(alice, client):
    assert client.login(username="alice", password=PASSWORD)
    assert client.session[SESSION_KEY] == str(alice.user.pk)
    assert client.session["_auth_user_backend"] == user_cache.BACKEND
