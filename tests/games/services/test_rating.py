"""The rating task applied to the database: EXP, gold, results, reports, exactly once;
and the texts of the messages it sends."""
import pytest

from games.models import Game
from games.services.rating import level_up_text
from games.tasks import game_rate_task
from players.models import AwardCounters, GameRating, Message, Player
from tests.players.conftest import finished_state

pytestmark = pytest.mark.django_db


def fresh(player):
    return Player.objects.get(pk=player.pk)


def test_destruction_win_rates_both_players(alice, bob, finished_game):
    # alice wins by destruction; her tower 60 (T2=67 → minor), bob's stock 30 (<133 → major),
    # bob's tower 0 (<33 → major): floor((3+3+2)/3) = 2 → ×1.25. 105 × 1.25 = 131.25 → 131.
    game = finished_game(alice, bob, winner_seat=0, outcome="Destruction")
    assert game_rate_task(game.pk) is True
    a, b = fresh(alice), fresh(bob)
    assert (a.exp, a.wins, a.losses, a.level) == (131, 1, 0, 0)
    # bob: 15 EXP; own stock 30 → tactical, own tower 0 → tactical, alice's tower 60 → minor:
    # ceil(4/3) = 2 → 15 × 1.25 = 18.75 → 19.
    assert (b.exp, b.wins, b.losses) == (19, 0, 1)
    assert fresh(alice).gold == 1  # Saboteur: bob's tower 0 while his wall (5) stands
    assert AwardCounters.objects.get(player=alice).saboteur == 1
    reports = Message.objects.filter(kind=Message.Kind.BATTLE_REPORT)
    assert reports.count() == 2
    report = reports.get(recipient=alice)
    assert report.author is None
    assert "131 EXP" in report.body and "Saboteur" in report.body


def test_task_twice_rates_once(alice, bob, finished_game):
    game = finished_game(alice, bob)
    assert game_rate_task(game.pk) is True
    assert game_rate_task(game.pk) is False
    assert fresh(alice).wins == 1
    assert GameRating.objects.filter(game_id=game.pk).count() == 2
    assert Game.objects.get(pk=game.pk).rated_at is not None


def test_draw_counts_draw_for_both(alice, bob, finished_game):
    state = finished_state(winner_seat=None, outcome="Draw", towers=(0, 0))
    game = finished_game(alice, bob, winner_seat=None, outcome="Draw", state=state)
    game_rate_task(game.pk)
    assert (fresh(alice).draws, fresh(bob).draws) == (1, 1)


def test_friendly_game_changes_nothing(alice, bob, finished_game):
    game = finished_game(alice, bob, is_friendly=True)
    assert game_rate_task(game.pk) is False
    assert (fresh(alice).exp, fresh(alice).wins, fresh(alice).gold) == (0, 0, 0)
    assert not Message.objects.exists()


def test_abort_is_not_rated(alice, bob, finished_game):
    game = finished_game(alice, bob, winner_seat=None, outcome="Abort")
    assert game_rate_task(game.pk) is False
    assert fresh(alice).exp == 0


def test_unfinished_game_is_left_for_later(alice, bob, finished_game):
    game = finished_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PROGRESS)
    assert game_rate_task(game.pk) is False
    assert Game.objects.get(pk=game.pk).rated_at is None


def test_battle_report_follows_the_setting(alice, bob, finished_game):
    alice.settings.battle_reports = False
    alice.settings.save()
    game_rate_task(finished_game(alice, bob).pk)
    assert not Message.objects.filter(recipient=alice, kind="battle_report").exists()
    assert Message.objects.filter(recipient=bob, kind="battle_report").exists()


def test_several_levels_at_once_with_gold_and_message(alice, bob, finished_game):
    Player.objects.filter(pk=alice.pk).update(exp=1000)  # + 131 → 1131 ≥ 500 + 550
    game_rate_task(finished_game(alice, bob).pk)
    a = fresh(alice)
    assert (a.level, a.exp) == (2, 1131 - 500 - 550)
    assert a.gold == 1 + 200
    level_up = Message.objects.get(recipient=alice, kind=Message.Kind.LEVEL_UP)
    assert "level 2" in level_up.subject
    assert "Decks" in level_up.body  # opened at level 1


def test_tutorial_player_gains_exp_from_standard_ai_on_own_turn(alice, finished_game):
    game = finished_game(alice, None, is_ai=True, is_friendly=True, last_turn_seat=0)
    assert game_rate_task(game.pk) is True
    a = fresh(alice)
    assert a.exp == 131 and a.wins == 0 and a.gold == 1


def test_ai_game_ended_by_the_ai_gives_nothing(alice, finished_game):
    game = finished_game(alice, None, is_ai=True, is_friendly=True, last_turn_seat=1)
    assert game_rate_task(game.pk) is False
    assert fresh(alice).exp == 0


def test_ai_game_after_tutorial_gives_nothing(alice, finished_game):
    Player.objects.filter(pk=alice.pk).update(level=10)
    game = finished_game(fresh(alice), None, is_ai=True, is_friendly=True)
    assert game_rate_task(game.pk) is False
    assert fresh(alice).exp == 0


def test_ai_challenge_gives_no_exp(alice, finished_game):
    game = finished_game(alice, None, is_ai=True, is_friendly=True, ai_challenge="Myr")
    assert game_rate_task(game.pk) is False


def test_missing_game_is_ignored(db):
    assert game_rate_task(987654) is False


def test_level_up_message_lists_cards_of_the_new_level():
    text = level_up_text(0, 1)
    assert "Decks" in text and "New cards" in text
    assert "finished the tutorial" in level_up_text(9, 10)


def test_level_up_message_names_the_sections_opened_on_the_way():
    text = level_up_text(2, 6)
    for opened in ("Replays", "Novels", "Concepts", "Statistics"):
        assert opened in text
    assert "Cards" not in text and "Decks" not in text  # opened before level 2
