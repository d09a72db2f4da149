"""How games end: surrender, abort, finish, substitute moves, a played-out game, leaving."""
from datetime import timedelta

import pytest
from django.utils import timezone

from decks.models import Deck
from games import services as gs
from games.models import ChatMessage, Game
from players.models import GameRating
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck, player_on_turn

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- endings
class TestEndings:
    def test_surrender_request_cancel_reject_accept(self, started_game,
                                                    django_capture_on_commit_callbacks):
        game = started_game()
        alice, bob = game.player1, game.player2
        gs.game_surrender(game_id=game.pk, player=alice)
        with pytest.raises(gs.GameError):
            gs.game_surrender(game_id=game.pk, player=bob)
        with pytest.raises(gs.GameError):
            gs.game_surrender_cancel(game_id=game.pk, player=bob)
        gs.game_surrender_cancel(game_id=game.pk, player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        with pytest.raises(gs.GameError):
            gs.game_surrender_answer(game_id=game.pk, player=alice, accept=True)
        gs.game_surrender_answer(game_id=game.pk, player=bob, accept=False)
        game.refresh_from_db()
        assert game.surrender_requested_by is None and game.status == "in_progress"
        gs.game_surrender(game_id=game.pk, player=alice)
        with django_capture_on_commit_callbacks(execute=True):
            gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
        game.refresh_from_db()
        assert (game.status, game.outcome, game.winner) == ("finished", "Surrender", bob)
        # After commit the game is rated, once, for both players.
        assert game.rated_at is not None
        assert sorted(GameRating.objects.filter(game_id=game.pk)
                      .values_list("player_id", "result")) == sorted([(alice.pk, "loss"),
                                                                      (bob.pk, "win")])
        assert game.turns.last().action == "surrender"
        assert Deck.objects.get(pk=game.deck1_id).losses == 1
        assert Deck.objects.get(pk=game.deck2_id).wins == 1

    def test_surrender_in_an_ai_game_is_accepted_at_once(self, alice):
        make_deck(alice)
        game = gs.ai_quick_game(player=alice)
        gs.game_surrender(game_id=game.pk, player=alice)
        game.refresh_from_db()
        assert game.status == "finished" and game.winner is None and game.outcome == "Surrender"

    def test_abort_only_when_the_opponent_is_away_for_good(self, started_game):
        game = started_game()
        alice, bob = game.player1, game.player2
        with pytest.raises(gs.GameError, match="three weeks"):
            gs.game_abort(game_id=game.pk, player=alice)
        bob.last_activity = timezone.now() - timedelta(days=22)
        bob.save()
        gs.game_abort(game_id=game.pk, player=alice)
        game.refresh_from_db()
        assert (game.outcome, game.winner) == ("Abort", None)
        assert Deck.objects.get(pk=game.deck1_id).draws == 0  # Abort changes no deck stats

    def test_finish_when_the_opponent_let_his_turn_wait_three_weeks(self, started_game):
        game = started_game()
        waiting = game.player2 if game.current_seat == 0 else game.player1
        on_turn = player_on_turn(game)
        with pytest.raises(gs.GameError):
            gs.game_finish(game_id=game.pk, player=waiting)
        Game.objects.filter(pk=game.pk).update(
            last_action_at=timezone.now() - timedelta(days=21, minutes=1))
        with pytest.raises(gs.GameError):
            gs.game_finish(game_id=game.pk, player=on_turn)  # his own turn: no
        gs.game_finish(game_id=game.pk, player=waiting)
        game.refresh_from_db()
        assert (game.outcome, game.winner) == ("Abandon", waiting)

    def test_leaving_writes_a_chat_line_once(self, started_game):
        game = started_game()
        gs.game_surrender(game_id=game.pk, player=game.player1)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        with pytest.raises(gs.GameError):
            gs.chat_post(game_id=game.pk, player=PlayerFactory(), body="hi")
        gs.game_leave(game_id=game.pk, player=game.player1)
        gs.game_leave(game_id=game.pk, player=game.player1)
        assert ChatMessage.objects.filter(game=game, author=None).count() == 1

    def test_cannot_leave_a_running_game(self, started_game):
        game = started_game()
        with pytest.raises(gs.GameError, match="once it is over"):
            gs.game_leave(game_id=game.pk, player=game.player1)
