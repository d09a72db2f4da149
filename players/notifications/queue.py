"""Queueing the notifications' work: Celery tasks by name (players/notifications/tasks.py),
and without a worker (the embedded default, tasks eager) this process's background threads.

The tasks are named, not imported, for the reason games.services.queue gives: the services
queue them and the tasks call the services. Queued after the commit of the change that
made the notice; a broker that is down loses nothing: the notice is a row, and the
periodic tick dispatches what was not (``notifications_tick``).
"""
import logging

from celery import current_app
from django.conf import settings

from marcomage.background import BackgroundQueue

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


def _run_local(job) -> None:
    from . import services  # the services import this module

    if job[0] == "notice":
        services.notice_record_and_dispatch(dict(job[1]))
    else:
        services.delivery_send(delivery_id=job[1])


# Without a Celery worker the tasks run eagerly in the thread that queued them (a move's
# request): a mail server's answer must not hold it. The work goes to threads of this
# process (marcomage.background), NOTIFICATION_THREADS at a time; tests set 0 and drain.
local_work = BackgroundQueue("notifications", _run_local,
                             threads=lambda: settings.NOTIFICATION_THREADS)
