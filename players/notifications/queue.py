"""Queueing the notifications' work: Celery tasks by name (players/notifications/tasks.py;
without a worker, the embedded default, the tasks hand it to this process's background
threads, ``tasks.local_work``).

The tasks are named, not imported, for the reason games.services.queue gives: the services
queue them and the tasks call the services. Queued after the commit of the change that
made the notice; a broker that is down loses nothing: the notice is a row, and the
periodic tick dispatches what was not (``notifications_tick``).
"""
import logging

from celery import current_app

log = logging.getLogger(__name__)

NOTICE_TASK = "players.notifications.tasks.notice_task"
DELIVER_TASK = "players.notifications.tasks.delivery_send_task"


def task_send(task_name: str, *args) -> bool:
    """Queue a task now; False (logged) when the broker cannot take it (the tick retries)."""
    try:
        current_app.signature(task_name, args=args).delay()
    except Exception:
        log.warning("could not queue %s%r; the notifications' tick will retry", task_name,
                    args, exc_info=True)
        return False
    return True
