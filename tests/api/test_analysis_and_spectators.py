"""The API's post-game analysis (ask, read: permissions, bad input, rate limit) and its
running games honouring the players' spectators setting; the schema lists and describes
the new endpoints."""
import pytest
from django.core.cache import cache

from games import services as gs
from games.models import Game, GameAnalysis
from players.models import PlayerSettings
from tests.api.conftest import api_client, token_for
from tests.games.analysis_helpers import analyses_kept_for_the_test, run_queued_analyses
from tests.security.conftest import play_some_turns, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.ANALYSIS_SIMULATIONS = 8


@pytest.fixture(autouse=True)
def _analyses_in_the_test(settings):
    yield from analyses_kept_for_the_test(settings)


def _finished(alice, bob, **modes):
    game = play_some_turns(start_game(alice, bob, **modes), 6)
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game.refresh_from_db()
    return game


def _error(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    return body["error"]


def test_asking_once_and_reading_the_analysis(alice, bob, carol,
                                              django_capture_on_commit_callbacks):
    game = _finished(alice, bob, hidden=True)
    url = f"/api/v1/games/{game.pk}/analysis"
    _error(api_client().get(url), 404)  # not asked for yet
    _error(api_client().post(url), 401)  # asking needs a token
    carol_api = api_client(token_for(carol))  # anybody, for a public replay
    with django_capture_on_commit_callbacks(execute=True):
        asked = carol_api.post(url)
    # Answered at once (Celery is eager, as without Redis): queued, not judged in the
    # request; the GET follows its progress.
    assert asked.status_code == 202 and asked.json()["game"] == game.pk
    assert asked.json()["status"] == "queued" and asked.json()["turns"] is None
    waiting = api_client().get(url).json()
    assert waiting["status"] == "queued" and waiting["percent"] == 0
    assert run_queued_analyses() == 1  # the background thread's work
    done = api_client().get(url).json()
    assert done["status"] == "done" and done["percent"] == 100
    moves = game.turns.filter(action__in=["play", "discard"]).count()
    assert len(done["turns"]) == moves and done["final"] == [0.0, 1.0]
    assert set(done["turns"][0]) >= {"number", "seat", "win", "loss", "marked", "best"}
    # Turns are numbered as the replay numbers them: an entry's "number" is the replay
    # step showing the move's result; its "step" the one before it.
    log = api_client().get(f"/api/v1/games/{game.pk}/replay").json()["turns"]
    judged = {t["number"]: t for t in log if t["action"] in ("play", "discard")}
    for entry in done["turns"]:
        assert entry["step"] == entry["number"] - 1 and entry["number"] in judged
        assert judged[entry["number"]]["actor_seat"] == entry["seat"]
    again = api_client(token_for(alice)).post(url)
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert GameAnalysis.objects.count() == 1


def test_who_may_read_or_ask(alice, bob, carol):
    game = _finished(alice, bob)
    Game.objects.filter(pk=game.pk).update(outcome=Game.Outcome.ABORT)  # not public
    url = f"/api/v1/games/{game.pk}/analysis"
    _error(api_client(token_for(carol)).post(url), 404)
    _error(api_client().get(url), 404)
    running = start_game(alice, bob)
    running_url = f"/api/v1/games/{running.pk}/analysis"
    assert _error(api_client(token_for(alice)).post(running_url), 409)["code"] \
        == "not_finished"
    _error(api_client(token_for(carol)).post(running_url), 404)
    for bad in ("0", "-1", str(2**63), str(2**70), "x"):
        response = api_client(token_for(carol)).post(f"/api/v1/games/{bad}/analysis")
        assert response.status_code in (400, 404), (bad, response.status_code)
        assert set(response.json()) == {"error"}
    assert not GameAnalysis.objects.exists()
    # Its players may.
    asked = api_client(token_for(bob)).post(url)
    assert asked.status_code == 202


def test_new_requests_are_rate_limited(alice, bob, carol, settings):
    cache.clear()
    settings.FLOOD_LIMITS = {**settings.FLOOD_LIMITS, "analysis": {"user": "1/h"}}
    first, second = _finished(alice, bob), _finished(alice, bob)
    client = api_client(token_for(carol))
    assert client.post(f"/api/v1/games/{first.pk}/analysis").status_code == 202
    refused = client.post(f"/api/v1/games/{second.pk}/analysis")
    assert _error(refused, 429)["code"] == "rate_limited" and refused["Retry-After"]
    assert client.post(f"/api/v1/games/{first.pk}/analysis").status_code == 200


def test_running_games_of_players_who_refuse_spectators_are_not_public(alice, bob):
    game = play_some_turns(start_game(alice, bob, hidden=True), 2)
    assert [g["id"] for g in api_client().get("/api/v1/games/running").json()["items"]] \
        == [game.pk]
    PlayerSettings.objects.filter(player=bob).update(allow_spectators=False)
    assert api_client().get("/api/v1/games/running").json()["count"] == 0
    for path in ("", "/view"):
        _error(api_client().get(f"/api/v1/games/{game.pk}{path}"), 404)
    # Once over, the game is a public replay like any other.
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    assert api_client().get(f"/api/v1/games/{game.pk}/replay").status_code == 200


def test_the_schema_describes_the_new_endpoints():
    schema = api_client().get("/api/v1/openapi.json").json()
    operations = schema["paths"]["/api/v1/games/{game_id}/analysis"]
    assert set(operations) == {"get", "post"}
    assert set(operations["post"]["responses"]) >= {"200", "202"}
    # Every reference in the schema resolves.
    components = schema["components"]["schemas"]

    def refs(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "$ref":
                    yield inner
                else:
                    yield from refs(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from refs(inner)

    found = list(refs(schema))
    assert found and all(ref.split("/")[-1] in components for ref in found)
    assert {"AnalysisOut", "AnalysisTurnOut", "AnalysisMoveOut"} <= set(components)
