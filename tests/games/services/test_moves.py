"""A player's moves through the services: the Turn log, the version, who may move, awards."""
from collections import Counter
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import engine
from games import services as gs
from games.models import Turn
from games.services import errors
from players.models import AwardCounters
from tests.games.conftest import discard_on_turn, play_turns, player_on_turn

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- moves and their safety
class TestMoves:
    def test_a_move_appends_a_turn_and_bumps_the_version(self, started_game):
        game = started_game()
        version = game.version
        mover = player_on_turn(game)
        discard_on_turn(game, mover, position=4)
        game.refresh_from_db()
        assert game.version == version + 1
        turn = Turn.objects.get(game=game)
        assert (turn.number, turn.action, turn.actor) == (1, "discard", mover)
        assert game.current_seat != turn.actor_seat or turn.record["extra_turn"]

    def test_double_submit_gives_one_move_and_a_clear_message(self, started_game):
        game = started_game()
        mover = player_on_turn(game)
        version = game.version
        gs.game_discard_card(game_id=game.pk, player=mover, version=version, position=1)
        with pytest.raises(gs.GameError) as exc:
            gs.game_discard_card(game_id=game.pk, player=mover, version=version, position=1)
        assert exc.value.message == errors.STALE_PAGE
        assert game.turns.count() == 1

    def test_only_the_player_on_turn_moves_and_outsiders_never(self, started_game, carol):
        game = started_game()
        waiting = game.player2 if game.current_seat == 0 else game.player1
        with pytest.raises(gs.GameError, match=errors.NOT_YOUR_TURN):
            discard_on_turn(game, waiting)
        with pytest.raises(gs.GameError, match="not playing"):
            discard_on_turn(game, carol)
        assert game.turns.count() == 0

    def test_unaffordable_card_gets_the_engines_reason(self, started_game):
        game = started_game()
        state = engine.state_from_json(game.state)
        me = state.p[state.current]
        me.a[5] = me.a[6] = me.a[7] = 0
        # Whatever the deal: slot 1 holds a card that costs something.
        me.hand[0] = next(c.id for c in engine.all_cards() if c.implemented and c.total_cost)
        game.state = engine.state_to_json(state)
        game.save()
        with pytest.raises(gs.GameError, match="cannot afford"):
            gs.game_play_card(game_id=game.pk, player=player_on_turn(game),
                              version=game.version, position=1)

    def test_moves_are_locked_while_a_surrender_request_waits(self, started_game):
        game = started_game()
        mover = player_on_turn(game)
        gs.game_surrender(game_id=game.pk, player=mover)
        with pytest.raises(gs.GameError, match="surrender request"):
            discard_on_turn(game, mover)

    def test_non_friendly_turns_store_their_awards_on_the_actors_counters(self, started_game):
        game = started_game()
        play_turns(game, 120, until=lambda game: AwardCounters.objects.exists())
        earned = {game.player1_id: Counter(), game.player2_id: Counter()}
        for turn in game.turns.all():
            earned[turn.actor_id].update(turn.record.get("awards") or {})
        assert any(earned.values()), "120 turns without an award: nothing was checked"
        for player in (game.player1, game.player2):
            assert _stored_counters(player) == +earned[player.pk]

    def test_friendly_games_store_no_counters(self, started_game):
        game = started_game(friendly=True)
        play_turns(game, 120)
        assert game.turns.count() > 10
        assert not AwardCounters.objects.exists()
        assert _stored_counters(game.player1) == _stored_counters(game.player2) == {}

    def test_substitute_move_after_the_turn_timeout(self, started_game):
        game = started_game(turn_timeout=300)
        waiting = game.player2 if game.current_seat == 0 else game.player1
        absent = player_on_turn(game)
        with pytest.raises(gs.GameError, match="still has time"):
            gs.game_substitute_move(game_id=game.pk, player=waiting, version=game.version)
        with time_machine.travel(timezone.now() + timedelta(seconds=301)):
            gs.game_substitute_move(game_id=game.pk, player=waiting, version=game.version)
        turn = game.turns.get()
        assert turn.is_substitute and turn.actor == absent


def _stored_counters(player) -> dict:
    """The player's achievement counters that are not zero."""
    row = AwardCounters.objects.filter(player=player).first()
    return {name: value for name, value in (row.as_dict() if row else {}).items() if value}
