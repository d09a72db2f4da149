"""Celery tasks of the notifications: thin, idempotent wrappers of the services.

Without a worker (tasks eager: the embedded default) the dispatch and a delivery are handed
to this process's background threads (``local_work``) instead of holding the request
that queued them; the tick runs where it is called (``manage.py run_periodic``).
"""
from celery import shared_task
from django.conf import settings

from marcomage.plumbing.background import BackgroundQueue

from . import services


def _run_local(job) -> None:
    if job[0] == "notice":
        services.notice_record_and_dispatch(dict(job[1]))
    else:
        services.delivery_send(delivery_id=job[1])


# Without a Celery worker the tasks run eagerly in the thread that queued them (a move's
# request): a mail server's answer must not hold it. The work goes to threads of this
# process (marcomage.plumbing.background), NOTIFICATION_THREADS at a time; tests set 0 and drain.
local_work = BackgroundQueue("notifications", _run_local,
                             threads=lambda: settings.NOTIFICATION_THREADS)


@shared_task(ignore_result=True, acks_late=True, bind=True)
def notice_task(self, notice: dict) -> int:
    """Record a notice and dispatch it (a repeated run finds it there and dispatched, and
    does nothing)."""
    if self.request.is_eager:
        local_work.submit(("notice", tuple(sorted(notice.items()))))
        return 0
    return services.notice_record_and_dispatch(notice)


@shared_task(ignore_result=True, acks_late=True, bind=True)
def delivery_send_task(self, delivery_id: int) -> str:
    """Send a delivery that is due (a repeated run finds it sent, or held by the first)."""
    if self.request.is_eager:
        local_work.submit(("deliver", delivery_id))
        return ""
    return services.delivery_send(delivery_id=delivery_id)


@shared_task(ignore_result=True)
def notifications_tick() -> dict:
    return services.notifications_tick()
