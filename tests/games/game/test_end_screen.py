"""The end screen's earnings: what a finished game gave this player (EXP with the battle
report's phases, gold, awards, achievements, levels) and, when it gave nothing, the rule
that applied."""
import pytest
from django.urls import reverse

from games.game.selectors import end_screen_earnings
from games.models import Game
from games.tasks import game_rate_task
from players.models import GameRating, Player
from tests.players import conftest as players_conftest

pytestmark = pytest.mark.django_db

finished_game = players_conftest.finished_game  # the fixture
finished_state = players_conftest.finished_state


def test_a_rated_win_shows_exp_phases_gold_and_awards(alice, bob, finished_game):
    game = finished_game(alice, bob, winner_seat=0, outcome="Destruction")
    game_rate_task(game.pk)
    game.refresh_from_db()
    earned = end_screen_earnings(game, 0)
    assert earned["status"] == "earned"
    assert earned["exp"] == 131
    assert earned["phases"] == [
        "Game rating: 100 EXP × 105 % = 105 EXP",
        "Opponent rating: × 100 % = 105 EXP",
        "Victory rating: Minor (× 125 %) = 131 EXP",
    ]
    assert [a["name"] for a in earned["awards"]] == ["Saboteur"]
    assert earned["gold"] == 1
    assert earned["notes"] == []


def test_the_loser_is_told_awards_go_to_the_winner(alice, bob, finished_game):
    game = finished_game(alice, bob, winner_seat=0, outcome="Destruction")
    game_rate_task(game.pk)
    earned = end_screen_earnings(game, 1)
    assert (earned["status"], earned["exp"], earned["gold"]) == ("earned", 19, 0)
    assert earned["notes"] == ["Awards, and their gold, go to the winner only."]


def test_a_lost_surrender_says_why_it_gives_no_exp(alice, bob, finished_game):
    state = finished_state(winner_seat=1, outcome="Surrender", towers=(20, 20))
    game = finished_game(alice, bob, winner_seat=1, outcome="Surrender", state=state)
    game_rate_task(game.pk)
    earned = end_screen_earnings(game, 0)
    assert earned["exp"] == 0
    assert "A loss by surrender gives no EXP" in earned["notes"][0]


def test_level_up_and_achievements_are_counted_in_the_gold(alice, bob, finished_game):
    game = finished_game(alice, bob)
    GameRating.objects.create(player=alice, game_id=game.pk, outcome="Destruction",
                              result="win", exp=600, gold=3, awards=["saboteur"],
                              levels_gained=1, achievements=[{"name": "Vandal", "gold": 20}],
                              breakdown={})
    earned = end_screen_earnings(game, 0)
    assert earned["levels_gained"] == 1
    assert earned["gold"] == 3 + 100 + 20
    assert earned["achievements"] == [{"name": "Vandal", "gold": 20}]


def test_the_rating_keeps_its_breakdown(alice, bob, finished_game):
    game = finished_game(alice, bob)
    game_rate_task(game.pk)
    row = GameRating.objects.get(player=alice, game_id=game.pk)
    assert row.breakdown["victory_name"] == "Minor"
    assert row.breakdown["game_multiplier"] == 1.05


def test_not_yet_rated_is_pending(alice, bob, finished_game):
    game = finished_game(alice, bob)
    assert end_screen_earnings(game, 0) == {"status": "pending"}


def test_running_game_has_no_earnings(alice, bob, finished_game):
    game = finished_game(alice, bob)
    game.status = Game.Status.IN_PROGRESS
    assert end_screen_earnings(game, 0) is None


@pytest.mark.parametrize("fields, reason", [
    ({"outcome": "Abort", "winner_seat": None}, "An aborted game is not rated"),
    ({"is_friendly": True}, "Friendly games are not rated"),
])
def test_unrated_human_games_name_the_rule(alice, bob, finished_game, fields, reason):
    game = finished_game(alice, bob, **fields)
    game_rate_task(game.pk)
    game.refresh_from_db()
    earned = end_screen_earnings(game, 0)
    assert earned["status"] == "none"
    assert earned["reason"].startswith(reason)


def test_ai_game_past_the_tutorial_names_the_level_rule(alice, finished_game):
    Player.objects.filter(pk=alice.pk).update(level=12)
    alice = Player.objects.get(pk=alice.pk)
    game = finished_game(alice, None, is_ai=True, is_friendly=True)
    game_rate_task(game.pk)
    earned = end_screen_earnings(Game.objects.get(pk=game.pk), 0)
    assert earned["status"] == "none"
    assert "only during the tutorial" in earned["reason"]


def test_tutorial_ai_game_ended_by_the_computer_says_so(alice, finished_game):
    game = finished_game(alice, None, is_ai=True, is_friendly=True, last_turn_seat=1)
    game_rate_task(game.pk)
    earned = end_screen_earnings(Game.objects.get(pk=game.pk), 0)
    assert earned["status"] == "none"
    assert "ended on the computer's move" in earned["reason"]


def test_ai_challenge_says_challenges_are_not_rated(alice, finished_game):
    game = finished_game(alice, None, is_ai=True, is_friendly=True, ai_challenge="Myr")
    game_rate_task(game.pk)
    earned = end_screen_earnings(Game.objects.get(pk=game.pk), 0)
    assert "AI challenges are not rated" in earned["reason"]


def test_the_end_screen_shows_earnings_and_reasons(alice, bob, finished_game, client_of):
    game = finished_game(alice, bob, winner_seat=0, outcome="Destruction")
    game_rate_task(game.pk)
    page = client_of(bob).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="earnings"' in page and "19</strong> EXP" in page
    assert "Awards, and their gold, go to the winner only." in page
    friendly = finished_game(alice, bob, is_friendly=True)
    game_rate_task(friendly.pk)
    page = client_of(alice).get(reverse("games:detail", args=[friendly.pk])).content.decode()
    assert "0 EXP and 0 gold." in page and "Friendly games are not rated" in page


def test_the_rating_tells_the_game_pages_to_redraw(alice, bob, finished_game, monkeypatch):
    from games.consumers import SAME_VERSION_CHANGES
    from games.services import rating

    published = []
    monkeypatch.setattr(rating, "publish_game_changed",
                        lambda game, **kw: published.append((game.pk, kw)))
    game = finished_game(alice, bob)
    game_rate_task(game.pk)
    assert published == [(game.pk, {"what": "rated"})]
    assert "rated" in SAME_VERSION_CHANGES  # pushed to pages that have this version
    unrated = finished_game(alice, bob, is_friendly=True)
    game_rate_task(unrated.pk)
    assert len(published) == 1  # nothing to show that the end screen did not know
