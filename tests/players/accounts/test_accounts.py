"""Registration, login, logout and password change, including bad input."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from players.models import Player, PlayerSettings
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
REGISTER = reverse("register")


def register(client, username, password=PASSWORD, password2=None, email=""):
    return client.post(REGISTER, {"username": username, "email": email, "password1": password,
                                  "password2": password if password2 is None else password2})


def test_register_creates_user_profile_settings_and_logs_in(client):
    response = register(client, "Dragonslayer")
    assert response.status_code == 302 and response.url == reverse("home")
    user = get_user_model().objects.get(username="Dragonslayer")
    assert Player.objects.filter(user=user, level=0, gold=0).exists()
    assert PlayerSettings.objects.filter(player__user=user).exists()
    home = client.get(reverse("home")).content.decode()
    # One welcome for a brand-new player (the flash), not also a "welcome back".
    assert "Welcome to MArcomage, Dragonslayer!" in home
    assert "Welcome back" not in home
    assert "Your first duel awaits, Dragonslayer" in home


def test_a_player_with_games_behind_them_is_welcomed_back(client_of, alice):
    alice.wins = 1
    alice.save(update_fields=["wins"])
    home = client_of(alice).get(reverse("home")).content.decode()
    assert f"Welcome back, {alice.name}" in home


def test_the_progress_panel_keeps_labels_and_values_apart(client_of, alice):
    import re
    html = client_of(alice).get(reverse("home")).content.decode()
    panel = html[html.index("Your progress"):]
    text = re.sub(r"<[^>]+>", " ", panel[:panel.index("</dl>")])
    words = " ".join(text.split())
    assert "Level 0" in words and "Gold 0" in words and "Level0" not in words


def test_usernames_are_unique_regardless_of_case(client, alice):
    response = register(client, "ALICE")
    assert response.status_code == 200
    assert "already taken" in response.content.decode()
    assert get_user_model().objects.filter(username__iexact="alice").count() == 1


@pytest.mark.parametrize("name", ["MArcomage", "marcomage", "Admin", "SYSTEM"])
def test_reserved_names_are_refused(client, name):
    response = register(client, name)
    assert "reserved" in response.content.decode()
    assert not get_user_model().objects.filter(username__iexact=name).exists()


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "This field is required"),
        ("ab", "at least 3 characters"),
        ("x" * 21, "at most 20 characters"),
        ("<script>", "Use only letters"),
        ("bob tables", "Use only letters"),
        ("_lead", "Use only letters"),
        ("a\x00b", "Null characters are not allowed"),
    ],
)
def test_bad_usernames_get_field_errors(client, name, message):
    response = register(client, name)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert get_user_model().objects.count() == 0


def test_unicode_names_are_welcome(client):
    response = register(client, "Ærøskøbing")
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="Ærøskøbing").exists()


def test_password_mismatch_and_weak_password(client):
    assert "two passwords differ" in register(client, "zed", password2="other-pass-123").content.decode()
    assert "too common" in register(client, "zed", password="password").content.decode()
    assert "at most 128" in register(client, "zed", password="p" * 200).content.decode()
    assert not get_user_model().objects.filter(username="zed").exists()


def test_bad_email_is_a_field_error(client):
    response = register(client, "zed", email="not-an-email")
    assert "valid email" in response.content.decode()


def test_login_is_case_insensitive_and_logout_needs_post(client, alice):
    response = client.post(reverse("login"), {"username": "ALICE", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("logout")).status_code == 405
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_wrong_password_is_a_form_error(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "correct" in response.content.decode()


def test_login_with_junk_never_500s(client):
    for payload in ({}, {"username": "x" * 5000, "password": "y"}, {"username": "\u202e\x01", "password": ""}):
        assert client.post(reverse("login"), payload).status_code == 200


def test_password_change(client, alice):
    client.force_login(alice.user)
    response = client.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": "a-much-better-secret", "new_password2": "a-much-better-secret"})
    assert response.status_code == 302
    alice.user.refresh_from_db()
    assert alice.user.check_password("a-much-better-secret")


def test_post_without_csrf_token_is_refused(alice):
    client = Client(enforce_csrf_checks=True)
    response = client.post(REGISTER, {"username": "zed", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 403
    assert not get_user_model().objects.filter(username="zed").exists()


def test_login_lockout_after_repeated_failures(client, alice, settings):
    settings.AXES_ENABLED = True
    for _ in range(5):
        client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.content.decode()


def test_user_created_in_admin_gets_a_profile(db):
    user = get_user_model().objects.create_user("made-by-admin", password=PASSWORD)
    assert user.player.settings.skin == "auto"  # follows the device until chosen


@pytest.mark.django_db
def test_the_register_form_tells_browsers_what_each_field_is(client):
    """Browsers fill in saved names and make up new passwords by these hints; without one
    on the e-mail field Chromium took it for the player name."""
    page = client.get(reverse("register")).content.decode()
    fields = dict(re.findall(r'<input [^>]*name="(\w+)"[^>]*autocomplete="([\w-]+)"', page))
    assert fields == {"username": "username", "email": "email", "password1": "new-password",
                      "password2": "new-password"}
