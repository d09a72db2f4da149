"""The periodic sweeps: each announces a change once."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as gs
from games.models import ChatMessage, Game
from games.services.sweeps import (
    sweep_game_deadlines,
    sweep_left_games,
    sweep_player_activity,
    sweep_turn_timeouts,
)
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- sweeps
class TestSweeps:
    def test_activity_sweep_marks_once(self, started_game):
        game = started_game()
        assert sweep_player_activity() == 1
        assert sweep_player_activity() == 0
        game.refresh_from_db()
        assert game.player1_activity == "online"
        game.player2.last_activity = timezone.now() - timedelta(days=30)
        game.player2.save()
        assert sweep_player_activity() == 1
        game.refresh_from_db()
        assert game.player2_activity == "dead"

    def test_timeout_sweep_announces_once_per_turn(self, started_game):
        game = started_game(turn_timeout=300)
        assert sweep_turn_timeouts() == 0
        later = timezone.now() + timedelta(seconds=400)
        assert sweep_turn_timeouts(now=later) == 1
        assert sweep_turn_timeouts(now=later) == 0
        game.refresh_from_db()
        assert game.timeout_noticed_version == game.version

    def test_deadline_sweep_announces_finish_once(self, started_game):
        game = started_game()
        Game.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(days=22))
        assert sweep_game_deadlines() == 1
        assert sweep_game_deadlines() == 0

    def test_left_games_are_cleaned_up(self, alice, started_game):
        make_deck(alice, name="ai")
        ai_game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=ai_game.pk, player=alice)
        gs.game_leave(game_id=ai_game.pk, player=alice)
        human = started_game()
        gs.chat_post(game_id=human.pk, player=human.player1, body="gg")
        gs.game_surrender(game_id=human.pk, player=human.player1)
        gs.game_surrender_answer(game_id=human.pk, player=human.player2, accept=True)
        gs.game_leave(game_id=human.pk, player=human.player1)
        gs.game_leave(game_id=human.pk, player=human.player2)
        later = timezone.now() + timedelta(days=2)
        assert sweep_left_games(now=later) > 0
        # both are kept for replays and statistics (games against the AI are replays too)
        assert Game.objects.filter(pk=ai_game.pk).exists()
        assert Game.objects.filter(pk=human.pk).exists()
        assert not ChatMessage.objects.filter(game=human).exists()
        assert sweep_left_games(now=later) == 0
