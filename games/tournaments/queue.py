"""Queueing the events' Celery tasks once the transaction commits, by name (as
games.services.queue does): the services and the tasks stay out of each other's imports."""
from django.db import transaction

from games.services.queue import task_send

RESULT_TASK = "games.tournaments.tasks.tournament_game_result_task"
PAIR_TASK = "games.tournaments.tasks.tournament_pair_task"


def result_queue(game_id: int) -> None:
    """Score the event's finished game ``game_id`` (a repeated task finds it scored)."""
    transaction.on_commit(lambda: task_send(RESULT_TASK, game_id))


def pairing_queue(tournament_id: int) -> None:
    """Pair the arena's free players (a repeated task finds them paired)."""
    transaction.on_commit(lambda: task_send(PAIR_TASK, tournament_id))
