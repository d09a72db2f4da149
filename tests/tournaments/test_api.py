"""Events in the API: the list, one event, standings, pairings for anybody; joining and
leaving for bots in events that take them."""
import pytest

from games.tournaments.models import DeckRule, Entry, Kind, Tournament
from players.models import Player
from tests.api.conftest import api_client, token_for
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import event, finish, joined, running_games, start_now

pytestmark = pytest.mark.django_db


@pytest.fixture
def robot(db):
    player = PlayerFactory(user__username="robot")
    Player.objects.filter(pk=player.pk).update(is_bot=True, level=10)
    player.refresh_from_db()
    make_deck(player, name="Robot deck", starter=2)
    return player


def test_events_are_listed_and_filtered_by_status():
    soon = event(name="Soon")
    later = event(Kind.SWISS, name="Later")
    joined(later, 2)
    start_now(later)
    everything = api_client().get("/api/v1/tournaments").json()
    assert everything["count"] == 2
    running = api_client().get("/api/v1/tournaments?status=running").json()
    assert [row["name"] for row in running["items"]] == ["Later"]
    assert running["items"][0]["players"] == 2 and running["items"][0]["rounds"] == 5
    assert api_client().get("/api/v1/tournaments?status=nonsense").status_code == 400
    one = api_client().get(f"/api/v1/tournaments/{soon.pk}").json()
    assert one["kind"] == "arena" and one["duration_minutes"] == 30 and one["rounds"] is None
    assert api_client().get("/api/v1/tournaments/0").status_code == 404
    assert api_client().get("/api/v1/tournaments/99999999999999999999").status_code in (400, 404)


def test_standings_and_pairings(django_capture_on_commit_callbacks):
    tournament = event(Kind.SWISS, rounds=3)
    players = joined(tournament, 3)
    with django_capture_on_commit_callbacks(execute=True):
        start_now(tournament)
    game = running_games(tournament)[0]
    with django_capture_on_commit_callbacks(execute=True):
        finish(game, 0)
    pairings = api_client().get(f"/api/v1/tournaments/{tournament.pk}/pairings?round=1").json()
    assert sorted(p["result"] for p in pairings) == ["bye", "first"]
    assert {p["game_id"] for p in pairings} == {None, game.pk}
    standings = api_client().get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    assert [row["place"] for row in standings] == [1, 2, 3]
    assert {row["player"] for row in standings} == {p.name for p in players}
    # round 1: a win and a bye; round 2 started with a bye for the loser of round 1
    assert [row["score"] for row in standings] == [1.0, 1.0, 1.0]
    assert all("deck" not in key for row in standings for key in row)
    # round 2 has started: the default pairings are the current round's
    current = api_client().get(f"/api/v1/tournaments/{tournament.pk}/pairings").json()
    assert {p["round"] for p in current} == {2}


def test_a_bot_joins_only_events_that_take_bots_and_leaves(robot):
    token = token_for(robot, "bot", "read")
    closed = event()
    answer = api_client(token).post(f"/api/v1/bot/tournaments/{closed.pk}/join",
                                    content_type="application/json", data={})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "closed"
    open_event = event(bots_allowed=True)
    answer = api_client(token).post(f"/api/v1/bot/tournaments/{open_event.pk}/join",
                                    content_type="application/json", data={})
    assert answer.status_code == 200 and answer.json()["status"] == "active"
    entry = Entry.objects.get(tournament=open_event, player=robot)
    assert entry.deck_name == "Robot deck"
    left = api_client(token).post(f"/api/v1/bot/tournaments/{open_event.pk}/leave")
    assert left.status_code == 204 and not Entry.objects.filter(pk=entry.pk).exists()
    again = api_client(token).post(f"/api/v1/bot/tournaments/{open_event.pk}/leave")
    assert again.status_code == 404


def test_a_bot_picks_a_starter_deck_and_plays_its_games(robot, django_capture_on_commit_callbacks):
    token = token_for(robot, "bot", "read")
    starters = event(bots_allowed=True, deck_rule=DeckRule.STARTER)
    answer = api_client(token).post(f"/api/v1/bot/tournaments/{starters.pk}/join",
                                    content_type="application/json", data={"starter": 0})
    assert answer.status_code == 200
    assert Entry.objects.get(player=robot).deck_name == "Offense"
    joined(starters, 1)
    with django_capture_on_commit_callbacks(execute=True):
        start_now(starters)
    games = api_client(token).get("/api/v1/bot/games").json()
    assert len(games) == 1 and games[0]["status"] == "in_progress"


def test_bot_endpoints_need_a_bot_token(alice):
    tournament = event(bots_allowed=True)
    assert api_client().post(f"/api/v1/bot/tournaments/{tournament.pk}/join").status_code == 401
    reader = api_client(token_for(alice, "read"))
    assert reader.post(f"/api/v1/bot/tournaments/{tournament.pk}/join").status_code == 403
    assert not Tournament.objects.get().entries.exists()
