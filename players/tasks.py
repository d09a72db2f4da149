"""Celery tasks of the players app. Thin: each takes primary keys and calls one service."""
from celery import shared_task

from .services_rating import game_rate


@shared_task(name="players.tasks.game_rate_task", acks_late=True)
def game_rate_task(game_id: int) -> bool:
    """Rate a finished game; a repeated run finds the game already rated and does nothing."""
    return game_rate(game_id=game_id)
