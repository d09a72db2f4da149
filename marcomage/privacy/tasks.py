"""The privacy app's Celery tasks: thin wrappers of its services."""
from celery import shared_task

from . import deletion, exports


@shared_task(ignore_result=True, acks_late=True, bind=True)
def data_export_task(self, export_id: int) -> None:
    """Build a data export (a repeat finds it built). Run eagerly (no worker: the embedded
    default) it goes to the process's background thread instead of holding the request."""
    if self.request.is_eager:
        exports.export_hand_off(export_id)
    else:
        exports.export_build(export_id)


@shared_task(ignore_result=True)
def privacy_expired_task() -> dict:
    """Hourly: archives past their days deleted, lost ones queued again, held names freed."""
    return {"exports_deleted": exports.exports_expired_delete(),
            "exports_requeued": exports.exports_requeue_stalled(),
            "names_freed": deletion.held_names_free()}
