"""Celery tasks of the games section: thin, idempotent wrappers around services.

Each takes primary keys (and the version it was queued for), calls one service, and does
nothing when repeated or stale. The services queue them by name (games.services.queue),
so these imports run one way only.
"""
from celery import shared_task

from games import services as gs


@shared_task(ignore_result=True)
def game_ai_move_task(game_id: int, version: int) -> bool:
    """The AI plays its turn in game ``game_id`` if the game is still at ``version``."""
    return gs.game_ai_move(game_id=game_id, version=version)


@shared_task(acks_late=True)
def game_rate_task(game_id: int) -> bool:
    """Rate a finished game; a repeated run finds the game already rated and does nothing."""
    return gs.game_rate(game_id=game_id)


@shared_task(ignore_result=True, acks_late=True, bind=True)
def game_analysis_task(self, analysis_id: int) -> bool:
    """Judge a finished game's moves; a repeated run finds the analysis done (or running)
    and does nothing. Run eagerly (no worker: the embedded default), it is handed to the
    process's background threads instead of holding the request that queued it."""
    if self.request.is_eager:
        return gs.analysis_hand_off(analysis_id=analysis_id)
    return gs.analysis_run(analysis_id=analysis_id)


@shared_task(ignore_result=True)
def sweep_player_activity() -> int:
    return gs.sweep_player_activity()


@shared_task(ignore_result=True)
def sweep_game_deadlines() -> int:
    return gs.sweep_game_deadlines()


@shared_task(ignore_result=True)
def sweep_turn_timeouts() -> int:
    return gs.sweep_turn_timeouts()


@shared_task(ignore_result=True)
def sweep_turn_time_warnings() -> int:
    return gs.sweep_turn_time_warnings()


@shared_task(ignore_result=True)
def sweep_stalled_tasks() -> int:
    return gs.sweep_stalled_tasks()


@shared_task(ignore_result=True)
def sweep_left_games() -> int:
    return gs.sweep_left_games()
