"""Queueing the games' Celery tasks once the transaction commits.

Tasks call services and services queue tasks (a move queues the computer's answer, whose
move may queue another one), so the services name the tasks instead of importing them:
that loop stays out of the import graph. Celery finds the task by its name among the
registered ones (games.apps registers them at start-up), so eager mode (tests, no Redis)
still runs it in this process, after commit, as ``delay_on_commit`` would.
"""
import logging

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)

AI_MOVE_TASK = "games.tasks.game_ai_move_task"
RATE_TASK = "games.tasks.game_rate_task"
ANALYSIS_TASK = "games.tasks.game_analysis_task"


def task_send(task_name: str, *args) -> bool:
    """Queue a task now; False (logged) when the broker cannot take it.

    The move or ending that asked for it is already committed: a broker that is down must
    not turn that into an error. What was not queued is queued again by the
    ``sweep_stalled_tasks`` sweep once the broker is back.
    """
    try:
        current_app.signature(task_name, args=args).delay()
    except Exception:
        log.warning("could not queue %s%r; the stalled-tasks sweep will retry", task_name,
                    args, exc_info=True)
        return False
    return True


def _delay_on_commit(task_name: str, *args) -> None:
    transaction.on_commit(lambda: task_send(task_name, *args))


def ai_move_queue(game) -> None:
    """The computer plays its turn of ``game`` at the version it has now (a stale task
    does nothing)."""
    _delay_on_commit(AI_MOVE_TASK, game.pk, game.version)


def game_rate_queue(game) -> None:
    """Rate the finished ``game`` (a repeated task finds it rated and does nothing)."""
    _delay_on_commit(RATE_TASK, game.pk)


def analysis_queue(analysis) -> None:
    """Run the post-game ``analysis`` (a repeated task finds it done and does nothing)."""
    _delay_on_commit(ANALYSIS_TASK, analysis.pk)
