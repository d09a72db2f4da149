"""One attempt at a time at sending a row that waits (a delivery, a digest's mail): taking it
for the attempt under a lease, and after a failure the next attempt later or failed for good.

The services (deliveries) and the digests both send this way; they sit above this module.
"""
import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F

from players.models import Delivery

log = logging.getLogger(__name__)

# Seconds to wait after the first, second... failed attempt; past the last, failed.
RETRY_DELAYS = (60, 300, 1800, 7200, 21600, 43200)
MAX_ATTEMPTS = len(RETRY_DELAYS) + 1
# How much the tick does per run, at most (the rest waits for the next run).
TICK_BATCH = 200

Status = Delivery.Status  # a digest's mail has the same statuses


def _lease() -> timedelta:
    """How long an attempt under way keeps its row from other runners: longer than a
    mail server or push service may take to answer."""
    return timedelta(seconds=3 * settings.EMAIL_TIMEOUT + 30)


def claim(model, pk, now) -> bool:
    """Take the pending row ``pk`` for one attempt (its lease); False when it is not due or
    another runner holds it."""
    return bool(model.objects.filter(pk=pk, status=Status.PENDING, next_attempt_at__lte=now)
                .update(next_attempt_at=now + _lease(), attempts=F("attempts") + 1))


def retry_or_fail(model, row, error: str, *, permanent: bool, now) -> str:
    """After a failed attempt: the next one later, or failed for good."""
    if permanent or row.attempts >= MAX_ATTEMPTS:
        model.objects.filter(pk=row.pk).update(status=Status.FAILED, next_attempt_at=None,
                                               last_error=error)
        log.warning("%s %s failed for good after %d attempts: %s", model.__name__, row.pk,
                    row.attempts, error)
        return Status.FAILED
    delay = RETRY_DELAYS[min(row.attempts, len(RETRY_DELAYS)) - 1]
    model.objects.filter(pk=row.pk).update(next_attempt_at=now + timedelta(seconds=delay),
                                           last_error=error)
    log.info("%s %s: attempt %d failed, next in %d s: %s", model.__name__, row.pk,
             row.attempts, delay, error)
    return Status.PENDING
