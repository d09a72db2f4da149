"""Bans: an administrator bans an account with a reason; the account is deactivated, its
sessions end, and the reason is shown when the player tries to log in."""
import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from players.models import AccountBan
from players.moderation import services
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

REASON = "Cheating with a second account"


def _logged_in(player):
    client = Client()
    assert client.login(username=player.name, password=PASSWORD)
    assert client.get(reverse("players:inbox")).status_code == 200
    return client


def test_a_ban_deactivates_and_logs_out_everywhere(bob, root, client_of):
    first, second = _logged_in(bob), _logged_in(bob)
    response = client_of(root).post(reverse("players:ban", args=["bob"]),
                                    {"ban-reason": REASON}, follow=True)
    assert "account is banned and logged out" in response.content.decode()
    bob.user.refresh_from_db()
    assert not bob.user.is_active
    ban = AccountBan.objects.get(user=bob.user)
    assert ban.reason == REASON and ban.banned_by == root.user
    for client in (first, second):
        response = client.get(reverse("players:inbox"))
        assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not any(s.get_decoded().get("_auth_user_id") == str(bob.user.pk)
                   for s in Session.objects.all())


def test_the_login_page_tells_the_banned_player_why(bob, root):
    services.account_ban(admin=root.user, user=bob.user, reason=REASON)
    response = Client().post(reverse("login"), {"username": "BOB", "password": PASSWORD})
    html = response.content.decode()
    assert response.status_code == 200
    assert "This account was banned on" in html and REASON in html
    # without the password nobody learns that the account is banned, nor why
    response = Client().post(reverse("login"), {"username": "bob", "password": "wrong"})
    html = response.content.decode()
    assert REASON not in html and "banned" not in html


def test_a_lifted_ban_lets_the_player_back_in(bob, root, client_of):
    services.account_ban(admin=root.user, user=bob.user, reason=REASON)
    # the administrator still reaches the banned player's page, to lift the ban
    page = client_of(root).get(reverse("players:detail", args=["bob"])).content.decode()
    assert 'id="player-banned"' in page and REASON in page
    response = client_of(root).post(reverse("players:unban", args=["bob"]), follow=True)
    assert "bob may log in again" in response.content.decode()
    bob.user.refresh_from_db()
    assert bob.user.is_active
    assert AccountBan.objects.get(user=bob.user).lifted_by == root.user
    assert Client().login(username="bob", password=PASSWORD)


def test_only_administrators_ban(alice, bob, mod, staffer, root, client_of):
    for actor in (alice, mod, staffer):
        response = client_of(actor).post(reverse("players:ban", args=["bob"]),
                                          {"ban-reason": REASON})
        assert response.status_code == 403
        with pytest.raises(services.ModerationPermissionError):
            services.account_ban(admin=actor.user, user=bob.user, reason=REASON)
        page = client_of(actor).get(reverse("players:detail", args=["bob"])).content.decode()
        assert 'id="ban-form"' not in page
    assert 'id="ban-form"' in client_of(root).get(
        reverse("players:detail", args=["bob"])).content.decode()
    bob.user.refresh_from_db()
    assert bob.user.is_active and not AccountBan.objects.exists()


def test_bad_bans_are_refused(bob, root, client_of):
    with pytest.raises(services.ModerationError, match="yourself"):
        services.account_ban(admin=root.user, user=root.user, reason=REASON)
    other_root = bob
    other_root.user.is_superuser = True
    other_root.user.save(update_fields=["is_superuser"])
    with pytest.raises(services.ModerationError, match="administrator"):
        services.account_ban(admin=root.user, user=other_root.user, reason=REASON)
    response = client_of(root).post(reverse("players:ban", args=["bob"]), {"ban-reason": ""})
    assert response.status_code == 302
    assert not AccountBan.objects.exists()


def test_a_banned_players_page_is_gone_for_everybody_else(alice, bob, root, mod, client_of):
    services.account_ban(admin=root.user, user=bob.user, reason=REASON)
    for viewer in (alice, mod):
        assert client_of(viewer).get(reverse("players:detail", args=["bob"])).status_code == 404


def test_a_ban_and_its_lifting_reach_the_cached_signed_in_user(bob, root):
    """Sockets and requests read the signed-in user from the cache: a ban must not leave
    the old, active row there (nor a lifted ban the inactive one)."""
    from players.accounts.user_cache import cached_user

    assert cached_user(bob.user.pk).is_active  # warm the cache
    services.account_ban(admin=root.user, user=bob.user, reason=REASON)
    assert cached_user(bob.user.pk).is_active is False
    services.account_unban(admin=root.user, user=bob.user)
    assert cached_user(bob.user.pk).is_active is True
