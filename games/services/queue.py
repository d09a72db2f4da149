"""Queueing the games' Celery tasks once the transaction commits.

Tasks call services and services queue tasks (a move queues the computer's answer, whose
move may queue another one), so the services name the tasks instead of importing them:
that loop stays out of the import graph. Celery finds the task by its name among the
registered ones (games.apps registers them at start-up), so eager mode (tests, no Redis)
still runs it in this process, after commit, as ``delay_on_commit`` would.
"""
from celery import current_app
from django.db import transaction

AI_MOVE_TASK = "games.tasks.game_ai_move_task"
RATE_TASK = "games.tasks.game_rate_task"


def _delay_on_commit(task_name: str, *args) -> None:
    transaction.on_commit(lambda: current_app.signature(task_name, args=args).delay())


def ai_move_queue(game) -> None:
    """The computer plays its turn of ``game`` at the version it has now (a stale task
    does nothing)."""
    _delay_on_commit(AI_MOVE_TASK, game.pk, game.version)


def game_rate_queue(game) -> None:
    """Rate the finished ``game`` (a repeated task finds it rated and does nothing)."""
    _delay_on_commit(RATE_TASK, game.pk)
