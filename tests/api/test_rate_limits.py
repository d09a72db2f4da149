"""Rate limits: per token, and per address without one; a 429 in the error shape with
Retry-After."""
import pytest

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


def test_each_token_has_its_own_count(settings, alice, bob):
    settings.API_RATE_LIMITS = {"token": "2/m", "anonymous": "1/m"}
    alice_client, bob_client = api_client(token_for(alice)), api_client(token_for(bob))
    assert alice_client.get("/api/v1/cards/1").status_code == 200
    assert alice_client.get("/api/v1/cards/1").status_code == 200
    assert alice_client.get("/api/v1/cards/1").status_code == 429
    assert bob_client.get("/api/v1/cards/1").status_code == 200  # same address, own token
    assert api_client().get("/api/v1/cards/1").status_code == 200  # anonymous: own count


def test_a_bad_token_is_refused_before_it_costs_anything(settings, alice):
    settings.API_RATE_LIMITS = {"token": "1/m", "anonymous": "1/m"}
    bad = api_client("mcg_00000000_nothing")
    assert [bad.get("/api/v1/cards/1").status_code for _ in range(3)] == [401] * 3


def test_a_cache_that_fails_lets_requests_through(settings, monkeypatch):
    settings.API_RATE_LIMITS = {"token": "1/m", "anonymous": "1/m"}

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("marcomage.api.auth.get_usage", broken)
    assert [api_client().get("/api/v1/cards/1").status_code for _ in range(3)] == [200] * 3


def test_the_sites_flood_switch_turns_the_api_limits_off(settings):
    settings.API_RATE_LIMITS = {"token": "1/m", "anonymous": "1/m"}
    settings.FLOOD_CONTROL = False
    assert [api_client().get("/api/v1/cards/1").status_code for _ in range(3)] == [200] * 3
