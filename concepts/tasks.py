"""Celery tasks of the concepts section: thin wrappers around the card lab's services."""
from celery import shared_task

from concepts.lab import selfplay


@shared_task(ignore_result=True, acks_late=True, bind=True)
def lab_selfplay_task(self, report_id: int) -> bool:
    """Play a self-play report's games; a repeated run finds it claimed and does nothing.
    Run eagerly (no worker: the embedded default), it is handed to the process's
    background thread instead of holding the request that queued it."""
    if self.request.is_eager:
        return selfplay.report_hand_off(report_id=report_id)
    return selfplay.report_run(report_id=report_id)
