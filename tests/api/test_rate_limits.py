"""Rate limits: per account (whatever its tokens), and per address without a token or with
a wrong one; a 429 in the error shape with Retry-After."""
from datetime import UTC, datetime

import pytest
import time_machine

from tests.api.conftest import api_client, token_for

pytestmark = pytest.mark.django_db


def test_anonymous_callers_are_limited_per_address(settings):
    settings.API_RATE_LIMITS = {"token": "100/m", "anonymous": "3/m"}
    client = api_client()
    assert [client.get("/api/v1/cards/1").status_code for _ in range(3)] == [200] * 3
    refused = client.get("/api/v1/keywords")
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused["Retry-After"]) <= 60
    other_address = api_client().get("/api/v1/cards/1", REMOTE_ADDR="10.1.2.3")
    assert other_address.status_code == 200


def test_each_account_has_its_own_count(settings, alice, bob):
    settings.API_RATE_LIMITS = {"token": "2/m", "anonymous": "1/m"}
    alice_client, bob_client = api_client(token_for(alice)), api_client(token_for(bob))
    assert alice_client.get("/api/v1/cards/1").status_code == 200
    assert alice_client.get("/api/v1/cards/1").status_code == 200
    assert alice_client.get("/api/v1/cards/1").status_code == 429
    assert bob_client.get("/api/v1/cards/1").status_code == 200  # same address, own account
    assert api_client().get("/api/v1/cards/1").status_code == 200  # anonymous: own count


def test_a_second_token_of_the_same_account_brings_no_fresh_allowance(settings, alice):
    settings.API_RATE_LIMITS = {"token": "3/m", "anonymous": "100/m"}
    clients = [api_client(token_for(alice, name=f"token {n}")) for n in range(3)]
    assert [c.get("/api/v1/cards/1").status_code for c in clients] == [200] * 3
    refused = api_client(token_for(alice, name="a fourth")).get("/api/v1/cards/1")
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert all(c.get("/api/v1/cards/1").status_code == 429 for c in clients)


# The clock stands still at the start of a minute: the limit counts per minute, and a run
# that crossed into the next one found the fifth guess allowed again (a full run).
@time_machine.travel(datetime(2026, 1, 1, 12, 0, 1, tzinfo=UTC), tick=False)
def test_wrong_tokens_are_limited_like_anonymous_requests_from_their_address(settings):
    settings.API_RATE_LIMITS = {"token": "100/m", "anonymous": "3/m"}
    guesses = [api_client(f"mcg_{n:08x}_guess").get("/api/v1/cards/1").status_code
               for n in range(5)]
    assert guesses == [401, 401, 401, 429, 429]
    refused = api_client("mcg_00000009_guess").get("/api/v1/players")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    # the same address without a token has used up its allowance too
    assert api_client().get("/api/v1/cards/1").status_code == 429
    other_address = api_client("mcg_0000000a_guess").get("/api/v1/cards/1",
                                                         REMOTE_ADDR="10.9.8.7")
    assert other_address.status_code == 401


def test_a_cache_that_fails_lets_requests_through(settings, monkeypatch):
    settings.API_RATE_LIMITS = {"token": "1/m", "anonymous": "1/m"}

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("players.tokens.auth.get_usage", broken)
    assert [api_client().get("/api/v1/cards/1").status_code for _ in range(3)] == [200] * 3


def test_the_sites_flood_switch_turns_the_api_limits_off(settings):
    settings.API_RATE_LIMITS = {"token": "1/m", "anonymous": "1/m"}
    settings.FLOOD_CONTROL = False
    assert [api_client().get("/api/v1/cards/1").status_code for _ in range(3)] == [200] * 3
