"""The public read endpoints: what they answer, their filters, pagination and errors."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Deck
from games import engine
from games.models import Game
from games.tasks import game_rate_task
from players.models import Player
from tests.api.conftest import api_client, token_for
from tests.games.conftest import make_deck
from tests.security.conftest import play_some_turns, start_game

pytestmark = pytest.mark.django_db


def get(url, token=None):
    return api_client(token).get(url)


def error_of(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    return body["error"]


def test_cards_filter_like_the_cards_section():
    rare = get("/api/v1/cards?rarity=Rare&page_size=100").json()
    assert rare["count"] == len(engine.cards_filter(rarity="Rare", include_forbidden=True))
    assert {card["rarity"] for card in rare["items"]} == {"Rare"}
    named = get("/api/v1/cards?name=wall&sort=cost&dir=desc").json()
    assert named["items"] and all("wall" in c["name"].lower() for c in named["items"])
    card = get("/api/v1/cards/1").json()
    assert card["name"] == engine.card(1).name and card["cost"]["bricks"] == engine.card(1).bricks


@pytest.mark.parametrize("effect", [key for key, _label, _text in engine.EFFECT_TAGS])
def test_cards_filter_by_every_effect_the_engine_reads(effect):
    """The advanced filter's 30 effects, decided by each card's rules (engine.effect_tags)."""
    found = get(f"/api/v1/cards?effect={effect}&page_size=100").json()
    expected = [c for c in engine.all_cards() if effect in engine.effect_tags(c)]
    assert found["count"] == len(expected) > 0
    assert {c["id"] for c in found["items"]} <= {c.id for c in expected}


def test_cards_filter_by_effect_and_support_together():
    found = get("/api/v1/cards?effect=summons&support=none&page_size=100").json()
    expected = {c.id for c in engine.cards_filter(support="none",
                                                  include_forbidden=True)
                if "summons" in engine.effect_tags(c)}
    assert {c["id"] for c in found["items"]} == expected and expected
    error = error_of(get("/api/v1/cards?effect=Wall%20%2B"), 400)
    assert set(error["fields"]) == {"effect"}


def test_bad_filters_and_pages_are_400s_with_field_errors():
    error = error_of(get("/api/v1/cards?rarity=Legendary&sort=colour"), 400)
    assert set(error["fields"]) == {"rarity", "sort"}
    error = error_of(get("/api/v1/cards?page=0&page_size=1000"), 400)
    assert set(error["fields"]) == {"page", "page_size"}
    error_of(get("/api/v1/players?sort=exp"), 400)
    error_of(get("/api/v1/statistics?length=7"), 400)
    error_of(get("/api/v1/games?outcome=Abort"), 400)
    error_of(get("/api/v1/cards/abc"), 400)


def test_missing_things_and_wrong_methods_have_the_error_shape(alice):
    for url in ("/api/v1/cards/0", "/api/v1/cards/100000", "/api/v1/players/nobody",
                "/api/v1/decks/99999999999999999999", "/api/v1/games/5",
                "/api/v1/games/5/replay/3", "/api/v1/no-such-thing", "/api/v2/cards"):
        assert error_of(get(url), 404)["code"] == "not_found"
    error = error_of(api_client().post("/api/v1/cards"), 405)
    assert error["code"] == "method_not_allowed"
    error_of(api_client().delete("/api/v1/players/alice"), 405)


def test_keywords_list_their_cards():
    keywords = get("/api/v1/keywords").json()
    assert {k["name"] for k in keywords} == {k.name for k in engine.all_keywords()}
    assert all(isinstance(k["cards"], list) for k in keywords)


def test_players_sort_by_rating_and_show_the_bot_mark(alice, bob, carol):
    Player.objects.filter(pk=bob.pk).update(rating=1700, is_bot=True)
    Player.objects.filter(pk=carol.pk).update(rating=1600, level=3)
    by_rating = get("/api/v1/players?sort=rating").json()
    assert [p["name"] for p in by_rating["items"]] == ["bob", "carol", "alice"]
    assert by_rating["items"][0]["is_bot"] is True
    assert get("/api/v1/players?sort=level").json()["items"][0]["name"] == "carol"
    assert get("/api/v1/players?name=ali").json()["count"] == 1
    assert get("/api/v1/players/ALICE").json()["name"] == "alice"
    page = get("/api/v1/players?sort=name&page=2&page_size=2").json()
    assert page["count"] == 3 and [p["name"] for p in page["items"]] == ["carol"]


def test_only_shared_decks_are_listed_and_opened(alice, bob):
    shared = make_deck(alice, name="Fire and stone")
    Deck.objects.filter(pk=shared.pk).update(is_shared=True, note="private note")
    private = make_deck(bob, name="Bob's secret deck")
    listed = get("/api/v1/decks").json()
    assert [d["name"] for d in listed["items"]] == ["Fire and stone"]
    detail = get(f"/api/v1/decks/{shared.pk}").json()
    assert detail["author"] == "alice" and detail["cards"]["common"] == list(shared.common)
    assert "note" not in detail
    error_of(get(f"/api/v1/decks/{private.pk}"), 404)
    assert get("/api/v1/decks?author=bob").json()["count"] == 0


def test_a_finished_game_its_replay_and_its_steps(alice, bob):
    game = play_some_turns(start_game(alice, bob), 4)
    from games import services as gs
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game.refresh_from_db()
    game_rate_task(game.pk)
    listed = get("/api/v1/games").json()
    assert [g["id"] for g in listed["items"]] == [game.pk]
    assert listed["items"][0]["winner"] == "bob"
    replay = get(f"/api/v1/games/{game.pk}/replay").json()
    assert [t["number"] for t in replay["turns"]] == list(range(1, 6))
    assert replay["turns"][-1]["action"] == "surrender"
    # Rounds as the replay page names them: the round each turn was played in.
    Player.objects.filter(pk=alice.pk).update(level=10)  # past the tutorial: Replays open
    reader = Client()
    reader.force_login(alice.user)
    answer = reader.get(reverse("games:replay", args=[game.pk]))
    assert answer.status_code == 200
    page = answer.content.decode()
    shown = [int(r) for r in re.findall(r"Round (\d+): ", page)]
    assert [t["round"] for t in replay["turns"]] == shown
    assert replay["turns"][0]["round"] == 1 and replay["turns"][0]["round_after"] >= 1
    step = get(f"/api/v1/games/{game.pk}/replay/2").json()
    assert step["step"] == 2 and len(step["view"]["players"]) == 2
    assert all(None not in side["hand"] for side in step["view"]["players"])
    error_of(get(f"/api/v1/games/{game.pk}/replay/99"), 404)
    history = get("/api/v1/players/alice/rating-history").json()
    assert history["count"] == 1 and history["items"][0]["result"] == "loss"


def test_a_running_hidden_game_shows_no_unrevealed_card(alice, bob):
    game = play_some_turns(start_game(alice, bob, hidden=True), 3)
    state = engine.state_from_json(game.state)
    view = get(f"/api/v1/games/{game.pk}/view").json()["view"]
    for seat, side in enumerate(view["players"]):
        for slot, card in enumerate(side["hand"]):
            assert card == (state.p[seat].hand[slot] if state.p[seat].rev[slot] else None)
    assert "deck" not in str(view) and "rng" not in view and "seed" not in view
    assert [g["id"] for g in get("/api/v1/games/running").json()["items"]] == [game.pk]
    error_of(get(f"/api/v1/games/{game.pk}/replay"), 404)  # not over: no replay


def test_games_against_the_computer_are_not_public(alice):
    from games import services as gs
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    assert Game.objects.filter(pk=game.pk, status="in_progress").exists()
    error_of(get(f"/api/v1/games/{game.pk}"), 404)
    error_of(get(f"/api/v1/games/{game.pk}/view"), 404)
    assert get("/api/v1/games/running").json()["count"] == 0


def test_finished_games_against_the_computer_are_their_players_own(alice, bob, settings):
    """The Replays section lists them; the API answers them to their player's token only
    (list, detail, replay, steps, analysis), as docs/api.md says."""
    from games import services as gs
    settings.ANALYSIS_SIMULATIONS = 2
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    gs.game_surrender(game_id=game.pk, player=alice)
    assert Game.objects.get(pk=game.pk).status == "finished"
    addresses = [f"/api/v1/games/{game.pk}", f"/api/v1/games/{game.pk}/replay",
                 f"/api/v1/games/{game.pk}/replay/1", f"/api/v1/games/{game.pk}/view"]
    for token in (None, token_for(bob)):
        assert get("/api/v1/games", token).json()["count"] == 0
        assert get("/api/v1/games?player=alice", token).json()["count"] == 0
        for address in addresses:
            error_of(get(address, token), 404)
        error_of(get(f"/api/v1/games/{game.pk}/analysis", token), 404)
    bob_asks = api_client(token_for(bob, name="asks")).post(
        f"/api/v1/games/{game.pk}/analysis")
    error_of(bob_asks, 404)
    own = token_for(alice)
    assert [g["id"] for g in get("/api/v1/games", own).json()["items"]] == [game.pk]
    for address in addresses:
        assert get(address, own).status_code == 200, address
    assert api_client(own).post(f"/api/v1/games/{game.pk}/analysis").status_code in (200, 202)
    assert get(f"/api/v1/games/{game.pk}/analysis", own).status_code == 200


def test_statistics_carry_the_pages_figures():
    body = get("/api/v1/statistics?period=overall&length=25").json()
    assert body["cards"]["length"] == 25 and body["cards"]["period"] == "overall"
    assert {r["key"] for r in body["cards"]["reports"]} >= {"most-played", "least-drawn"}
    assert "victory_types" in body["games"]


def test_the_docs_page_and_the_schema():
    docs = api_client().get("/api/v1/docs")
    assert docs.status_code == 200 and b"swagger-ui" in docs.content
    assert b"cdn" not in docs.content.lower()  # served from our own static files (CSP)
    schema = api_client().get("/api/v1/openapi.json").json()
    assert "/api/v1/cards" in schema["paths"] and "/api/v1/bot/stream" in schema["paths"]


def test_the_schema_is_a_valid_openapi_document():
    """The schema as the docs page and client generators read it: valid against the
    OpenAPI specification (every reference resolves, every type is well-formed)."""
    from openapi_spec_validator import validate

    schema = api_client().get("/api/v1/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    validate(schema)  # raises on any violation
