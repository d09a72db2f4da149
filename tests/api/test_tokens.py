"""Personal access tokens: created and revoked on the settings page, stored hashed, shown
once; bot accounts only from fresh accounts."""
import hashlib

import pytest
from django.urls import reverse

from games import services as gs
from players.models import AccessToken, Player
from players.tokens import services as tokens
from tests.api.conftest import api_client, token_for
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _past_tutorial(alice, bob, carol):
    Player.objects.filter(pk__in=[alice.pk, bob.pk, carol.pk]).update(level=10)


def test_a_token_is_stored_as_a_hash_and_opens_the_api(alice):
    row, raw = tokens.token_create(player=alice, name="script", scopes=["read"])
    assert raw.startswith(f"mcg_{row.prefix}_") and len(raw) > 50
    assert row.secret_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in str(AccessToken.objects.filter(pk=row.pk).values().get())
    assert tokens.token_authenticate(raw).player == alice
    assert tokens.token_authenticate(raw[:-1] + ("x" if raw[-1] != "x" else "y")) is None
    assert tokens.token_authenticate("mcg_nothing") is None
    response = api_client(raw).get("/api/v1/players/alice")
    assert response.status_code == 200
    row.refresh_from_db()
    assert row.last_used_at is not None


def test_a_revoked_token_is_refused_with_a_401(alice):
    row, raw = tokens.token_create(player=alice, name="script", scopes=["read"])
    tokens.token_revoke(player=alice, token_id=row.pk)
    response = api_client(raw).get("/api/v1/cards/1")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_another_scheme_or_garbage_is_a_401_not_anonymous(alice):
    for header in ("Basic YWxpY2U6eA==", "Bearer", "Bearer mcg_12345678_", "Token abc"):
        response = api_client().get("/api/v1/cards/1", HTTP_AUTHORIZATION=header)
        assert response.status_code == 401, header


def test_token_rules(alice):
    with pytest.raises(tokens.TokenError):
        tokens.token_create(player=alice, name="", scopes=["read"])
    with pytest.raises(tokens.TokenError):
        tokens.token_create(player=alice, name="x", scopes=["admin"])
    with pytest.raises(tokens.TokenError, match="bot account"):
        tokens.token_create(player=alice, name="x", scopes=["bot"])
    for n in range(tokens.MAX_ACTIVE_TOKENS):
        tokens.token_create(player=alice, name=f"t{n}", scopes=["read"])
    with pytest.raises(tokens.TokenError, match="revoke one"):
        tokens.token_create(player=alice, name="one more", scopes=["read"])


def test_the_settings_page_creates_a_token_and_shows_it_once(alice, client_of):
    client = client_of(alice)
    response = client.post(reverse("players:token_create"),
                           {"token-name": "my script", "token-scopes": ["read"]})
    assert response.status_code == 201
    row = AccessToken.objects.get(player=alice)
    page = response.content.decode()
    start = page.index(f"mcg_{row.prefix}_")
    raw = page[start:page.index("<", start)]
    assert tokens.token_authenticate(raw).pk == row.pk
    assert response["Cache-Control"] == "no-store"
    again = client.get(reverse("players:settings")).content.decode()
    assert "my script" in again and raw not in again


def test_the_settings_page_refuses_a_bot_scope_for_a_person(alice, client_of):
    response = client_of(alice).post(reverse("players:token_create"),
                                     {"token-name": "bot", "token-scopes": ["bot"]})
    assert response.status_code == 400
    assert "Only a bot account" in response.content.decode()
    assert not AccessToken.objects.exists()


def test_revoking_works_for_own_tokens_only(alice, bob, client_of):
    row = AccessToken.objects.get(pk=tokens.token_create(player=alice, name="a",
                                                         scopes=["read"])[0].pk)
    assert client_of(bob).post(reverse("players:token_revoke", args=[row.pk])).status_code == 404
    row.refresh_from_db()
    assert row.revoked_at is None
    response = client_of(alice).post(reverse("players:token_revoke", args=[row.pk]))
    assert response.status_code == 302
    row.refresh_from_db()
    assert row.revoked_at is not None
    assert "a" not in [t.name for t in tokens.tokens_of(alice)]


def test_a_fresh_account_becomes_a_bot_and_may_then_have_a_bot_token(carol, client_of):
    response = client_of(carol).post(reverse("players:bot_account"), {"bot-confirm": "on"})
    assert response.status_code == 302
    carol.refresh_from_db()
    assert carol.is_bot
    assert token_for(carol, "bot")
    page = client_of(carol).get(reverse("players:settings")).content.decode()
    assert 'class="bot-mark"' in page


def test_an_account_with_a_game_cannot_become_a_bot(alice, bob, client_of):
    gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    for player in (alice, bob):
        client_of(player).post(reverse("players:bot_account"), {"bot-confirm": "on"})
        player.refresh_from_db()
        assert not player.is_bot
        assert not tokens.bot_conversion_allowed(player)


def test_creating_and_revoking_tokens_in_a_loop_is_limited(alice, client_of):
    """Revoked tokens still count against the hourly allowance: the settings page says
    why the next one is refused, and nothing is created."""
    client = client_of(alice)
    for n in range(tokens.TOKENS_PER_HOUR):
        response = client.post(reverse("players:token_create"),
                               {"token-name": f"t{n}", "token-scopes": ["read"]})
        assert response.status_code == 201
        row = AccessToken.objects.get(player=alice, revoked_at=None)
        client.post(reverse("players:token_revoke", args=[row.pk]))
    refused = client.post(reverse("players:token_create"),
                          {"token-name": "one more", "token-scopes": ["read"]})
    assert refused.status_code == 400
    assert "in the last hour" in refused.content.decode()
    assert AccessToken.objects.filter(player=alice).count() == tokens.TOKENS_PER_HOUR
    assert not AccessToken.objects.filter(player=alice, revoked_at=None).exists()
