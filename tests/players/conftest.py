import pytest
from django.utils import timezone

from games import engine
from games.models import Game, Turn


def finished_state(*, winner_seat, outcome, towers=(60, 0), walls=(20, 5), stocks=(30, 30),
                   round_counter=30, long_mode=False, hands=None, last=None):
    """An engine state as a finished game leaves it, with the attributes the rating reads."""
    deck = engine.STARTER_DECKS[0]
    state = engine.new_game(deck, deck, seed=7, long_mode=long_mode)
    for seat in (0, 1):
        side = state.p[seat]
        side.a[0], side.a[1] = towers[seat], walls[seat]
        side.a[2] = side.a[3] = side.a[4] = 3
        side.a[5], side.a[6], side.a[7] = stocks[seat], 0, 0
        if hands:
            side.hand = list(hands[seat])
        if last:
            side.hist = [last[seat]]
        else:
            side.hist = [(0, 0, "play")]
    state.status = "finished"
    state.round = round_counter
    state.outcome = outcome
    state.winner = winner_seat
    return state


@pytest.fixture
def finished_game():
    """finished_game(p1, p2, winner_seat=0, outcome="Destruction", **game_fields, state=...)."""

    def _make(player1, player2, *, winner_seat=0, outcome="Destruction", state=None,
              last_turn_seat=0, **fields):
        if state is None:
            state = finished_state(winner_seat=winner_seat, outcome=outcome)
        winner = None
        if winner_seat == 0:
            winner = player1
        elif winner_seat == 1:
            winner = player2
        game = Game.objects.create(
            player1=player1, player2=player2, winner=winner, outcome=outcome,
            status=Game.Status.FINISHED, state=engine.state_to_json(state),
            finished_at=timezone.now(), **fields)
        Turn.objects.create(game=game, number=1, actor_seat=last_turn_seat,
                            action=Turn.Action.PLAY, is_ai_move=last_turn_seat == 1 and
                            game.is_ai)
        return game

    return _make
