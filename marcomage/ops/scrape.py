"""The figures read when Prometheus scrapes, beside the counters the processes keep
(``marcomage.plumbing.metrics``): queue lengths, games running, the readiness checks.

Each is one cheap read: an LLEN per Celery queue (one Redis round trip for them all), a
count of running games (an index scan on ``status``, cached ``GAMES_RUNNING_CACHE`` seconds:
a site with many scrapers or a huge table pays it once), the readiness checks as the probe
caches them.
"""
import threading
import time

from django.conf import settings
from prometheus_client.core import GaugeMetricFamily

from games.models import Game
from marcomage.ops import health

GAMES_RUNNING_CACHE = 10.0
# kombu's Redis transport keeps a queue as a list of that name and, for the messages sent
# with a priority, lists of the name + "\x06\x16" + the priority step.
PRIORITY_STEPS = ("", "\x06\x163", "\x06\x166", "\x06\x169")

_games_running: tuple[float, int] | None = None
_lock = threading.Lock()


def queue_lengths() -> dict[str, int]:
    """Tasks waiting per queue: Celery's queues in Redis, or without Redis this process's
    background queues (the analyses, self-play runs, data exports)."""
    if settings.REDIS_URL:
        client = health._redis(settings.CELERY_BROKER_URL)
        queues = health.celery_queues()
        with client.pipeline(transaction=False) as pipe:
            for queue in queues:
                for step in PRIORITY_STEPS:
                    pipe.llen(queue + step)
            lengths = pipe.execute()
        per = len(PRIORITY_STEPS)
        return {queue: sum(lengths[i * per:(i + 1) * per]) for i, queue in enumerate(queues)}
    from concepts.lab.selfplay import local_reports
    from games.balance.services import local_runs
    from games.services import local_analyses
    from marcomage.privacy.exports import local_exports
    return {queue.name: len(queue.waiting())
            for queue in (local_analyses, local_runs, local_reports, local_exports)}


def games_running() -> int:
    global _games_running
    with _lock:
        now = time.monotonic()
        if _games_running is None or now - _games_running[0] > GAMES_RUNNING_CACHE:
            count = Game.objects.filter(status=Game.Status.IN_PROGRESS).count()
            _games_running = (now, count)
        return _games_running[1]


class ScrapeCollector:
    """prometheus_client's collector of the figures above."""

    def collect(self):
        queues = GaugeMetricFamily("marcomage_queue_length", "Tasks waiting, by queue.",
                                   labels=["queue"])
        try:
            for queue, length in queue_lengths().items():
                queues.add_metric([queue], length)
        except Exception:  # a broker that is down: no figure, and the health gauge says so
            pass
        yield queues
        yield GaugeMetricFamily("marcomage_games_running", "Games in progress.",
                                value=games_running())
        checks = GaugeMetricFamily(
            "marcomage_health", "The readiness checks (1 passed, 0 failed), as /health/ready.",
            labels=["check"])
        for name, passed in health.readiness()[1].items():
            checks.add_metric([name], 1 if passed else 0)
        yield checks
