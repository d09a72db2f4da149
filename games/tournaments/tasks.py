"""Celery tasks of the events: thin, idempotent wrappers of the services (a repeated run
finds the result scored or the players paired and does nothing)."""
from celery import shared_task

from . import services


@shared_task(ignore_result=True, acks_late=True)
def tournament_game_result_task(game_id: int) -> bool:
    """Score a finished game of an event, then pair again (arena) or move the round on."""
    return services.game_result_record(game_id=game_id)


@shared_task(ignore_result=True, acks_late=True)
def tournament_pair_task(tournament_id: int) -> int:
    """Pair an arena's free players."""
    return services.arena_pair(tournament_id=tournament_id)


@shared_task(ignore_result=True)
def tournaments_tick() -> dict:
    """Every few seconds: scheduled events, starts, ends, lost results, overdue turns,
    pairings, Swiss rounds (services.tournaments_tick)."""
    return services.tournaments_tick()
