"""The readiness checks: can this server process serve the site now?

Polled by a load balancer every second or so, on every process: each answer is cached for
``HEALTH_CACHE_SECONDS`` per process, so a poll costs at most one cheap round of checks
(a ``SELECT 1`` on the thread's own connection, a Redis PING each for the cache and the
channel layer) and usually none. Migrations are checked once: applied, they stay applied
for the process's life (a new version comes with new processes).

Two kinds of check:
- needed to serve (``REQUIRED``): the database, the cache (Redis), the channel layer, the
  migrations. One failing makes the process not ready (503): a load balancer sends its
  players elsewhere.
- site-wide background work (the Celery workers of each queue, the scheduler): reported,
  never failing the probe. A dead worker degrades a feature on every node alike (the
  computer's turns wait, sweeps wait); taking every web node out of service for it would
  turn that into an outage. Alert on it from the metrics (``marcomage_health``).

What is answered names each check and "ok" or "fail", nothing else: no versions, hosts,
addresses or error texts (the errors go to the log).
"""
import logging
import threading
import time

from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from marcomage.plumbing import heartbeats

log = logging.getLogger(__name__)

REQUIRED = ("database", "cache", "channel_layer", "migrations")
# A worker marks each of its queues every heartbeats.EVERY seconds; beat sends a task every
# 5 s (the events' tick). Older marks than these mean the process is gone or stuck.
WORKER_STALE = 3 * heartbeats.EVERY
BEAT_STALE = 60.0

_lock = threading.Lock()
_cached: tuple[float, dict] | None = None
_migrations_applied = False
_redis_clients: dict = {}


def celery_queues() -> list[str]:
    """Every queue a task is routed to (settings.CELERY_TASK_ROUTES) and the default one."""
    queues = {route.get("queue") for route in settings.CELERY_TASK_ROUTES.values()}
    queues.add(settings.CELERY_TASK_DEFAULT_QUEUE)
    return sorted(q for q in queues if q)


def _redis(url: str):
    client = _redis_clients.get(url)
    if client is None:
        import redis
        client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        _redis_clients[url] = client
    return client


def check_database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        log.warning("readiness: the database did not answer", exc_info=True)
        connection.close_if_unusable_or_obsolete()
        return False


def check_cache() -> bool:
    if not settings.REDIS_URL:
        return True  # the process's own memory
    try:
        return bool(_redis(settings.REDIS_URL).ping())
    except Exception:
        log.warning("readiness: Redis (the cache) did not answer", exc_info=True)
        return False


def check_channel_layer() -> bool:
    layers = settings.CHANNEL_LAYERS.get("default", {})
    hosts = layers.get("CONFIG", {}).get("hosts") or []
    if not hosts:
        return True  # the in-memory layer of the one embedded process
    try:
        for host in hosts:
            address = host["address"] if isinstance(host, dict) else host
            if not _redis(address).ping():
                return False
        return True
    except Exception:
        log.warning("readiness: the channel layer's Redis did not answer", exc_info=True)
        return False


def check_migrations() -> bool:
    global _migrations_applied
    if _migrations_applied:
        return True
    try:
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception:
        log.warning("readiness: could not read the migrations", exc_info=True)
        return False
    if plan:
        log.warning("readiness: %d migration(s) not applied", len(plan))
        return False
    _migrations_applied = True
    return True


def check_workers() -> bool:
    if not settings.REDIS_URL:
        return True  # tasks run in the server process itself (eager Celery, background threads)
    stale = [queue for queue in celery_queues()
             if (heartbeats.age(f"queue-{queue}") or float("inf")) > WORKER_STALE]
    if stale:
        log.warning("readiness: no live worker for the queue(s) %s", ", ".join(stale))
    return not stale


def check_beat() -> bool:
    age = heartbeats.age("beat")
    if age is None or age > BEAT_STALE:
        log.warning("readiness: the scheduler (%s) shows no sign of life",
                    "Celery beat" if settings.REDIS_URL else "run_periodic")
        return False
    return True


CHECKS = {
    "database": check_database,
    "cache": check_cache,
    "channel_layer": check_channel_layer,
    "migrations": check_migrations,
    "workers": check_workers,
    "beat": check_beat,
}


def run_checks() -> dict[str, bool]:
    return {name: check() for name, check in CHECKS.items()}


def readiness() -> tuple[bool, dict[str, bool]]:
    """(ready, {check: passed}), at most ``HEALTH_CACHE_SECONDS`` old. One thread runs the
    checks at a time; the others take the last result meanwhile."""
    global _cached
    now = time.monotonic()
    cached = _cached
    if cached is None or now - cached[0] >= settings.HEALTH_CACHE_SECONDS:
        if _lock.acquire(blocking=cached is None):
            try:
                cached = _cached
                if cached is None or time.monotonic() - cached[0] >= settings.HEALTH_CACHE_SECONDS:
                    cached = _cached = (time.monotonic(), run_checks())
            finally:
                _lock.release()
    results = cached[1]
    return all(results[name] for name in REQUIRED), results


def forget() -> None:
    """Tests: the next probe checks again."""
    global _cached, _migrations_applied
    _cached = None
    _migrations_applied = False
