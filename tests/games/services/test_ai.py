"""The computer's moves: asked for with the button, queued at once, and stale tasks."""

import pytest

from games import services as gs
from games.tasks import game_ai_move_task
from tests.games.conftest import discard_on_turn, make_deck

pytestmark = pytest.mark.django_db


class TestAIMoves:
    def test_without_auto_moves_the_button_queues_the_ai(self, alice,
                                                         django_capture_on_commit_callbacks):
        alice.settings.auto_ai_move = False
        alice.settings.save()
        make_deck(alice)
        with django_capture_on_commit_callbacks(execute=True):
            game = gs.ai_quick_game(player=alice)
            game.refresh_from_db()
            if game.current_seat == 0:
                discard_on_turn(game, alice)
        game.refresh_from_db()
        assert game.current_seat == 1
        with django_capture_on_commit_callbacks(execute=True):
            gs.game_ai_move_request(game_id=game.pk, player=alice, version=game.version)
        game.refresh_from_db()
        assert game.current_seat == 0 or game.turns.last().actor_seat == 1

    def test_stale_or_repeated_ai_task_does_nothing(self, alice):
        alice.settings.auto_ai_move = False
        alice.settings.save()
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        if game.current_seat == 0:
            discard_on_turn(game, alice)
        game.refresh_from_db()
        version = game.version
        assert game_ai_move_task(game.pk, version - 1) is False
        turns = game.turns.count()
        game_ai_move_task(game.pk, version)
        assert game.turns.count() > turns
        again = game.turns.count()
        assert game_ai_move_task(game.pk, version) is False
        assert game.turns.count() == again
