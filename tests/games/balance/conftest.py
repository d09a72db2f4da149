"""Finished games made directly (their decks, plays and result chosen), and a self-play
queue that waits for the test to run it."""
import pytest
from django.utils import timezone

from games.balance import services
from games.models import Game, Turn


@pytest.fixture
def finished():
    """finished(p1, p2, decks=([ids], [ids]), turns=[(seat, "play"|"discard"|..., card)],
    winner=0|1|None, outcome=..., **game fields) -> a finished Game."""

    def _make(player1, player2, *, decks=((1, 2, 3), (1, 2)), turns=(), winner=0,
              outcome=Game.Outcome.DESTRUCTION, **fields):
        players = [{"deck": {"common": list(d), "uncommon": [], "rare": []}} for d in decks]
        winner_player = {0: player1, 1: player2}.get(winner)
        game = Game.objects.create(
            player1=player1, player2=player2, status=Game.Status.FINISHED, outcome=outcome,
            winner=winner_player, initial_state={"players": players},
            state={"winner": winner, "status": "finished"}, finished_at=timezone.now(),
            **fields)
        Turn.objects.bulk_create([
            Turn(game=game, number=n, actor_seat=seat, action=action, card=card)
            for n, (seat, action, card) in enumerate(turns, start=1)])
        return game

    return _make


@pytest.fixture
def queued_runs(settings):
    """Queued self-play runs wait (no thread) until the test drains them in its thread,
    which plays them itself: a child process would not see the test's uncommitted rows
    (PostgreSQL)."""
    settings.BALANCE_SELFPLAY_THREADS = 0
    settings.BALANCE_SELFPLAY_PROCESS = False
    services.local_runs.discard_waiting()
    yield services.local_runs
    services.local_runs.discard_waiting()
