"""Celery tasks of the balance dashboard: thin wrappers of its services."""
from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def balance_refresh_task() -> int:
    """Count the finished games not counted yet (periodic: CELERY_BEAT_SCHEDULE)."""
    return services.balance_refresh()


# Bounded: a run stops by itself after SELFPLAY_CPU_SECONDS of CPU time; the time limits
# are a margin above it. Acknowledged at once: it runs longer than the broker's visibility
# timeout, and a run lost with its worker is marked failed after SELFPLAY_STALLED.
@shared_task(ignore_result=True, acks_late=False, bind=True,
             soft_time_limit=services.SELFPLAY_CPU_SECONDS + 120,
             time_limit=services.SELFPLAY_CPU_SECONDS + 180)
def balance_selfplay_task(self, run_id: int) -> bool:
    """Play a queued self-play run; a repeated task finds it taken and does nothing. Run
    eagerly (no worker), it is handed to a background thread of the process instead of
    holding the request that queued it."""
    if self.request.is_eager:
        return services.selfplay_hand_off(run_id=run_id)
    return services.selfplay_run(run_id=run_id)
