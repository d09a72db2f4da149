"""The site's Prometheus metrics (prometheus_client), shared by every process of a node.

``manage.py serve`` gives its processes (the uvicorn workers, the Celery workers) one folder,
``PROMETHEUS_MULTIPROC_DIR``, where each writes its own values; a scrape of any server
process adds them up (prometheus_client's multiprocess mode). Without the folder (tests,
``runserver``) the values live in this process.

Labels stay bounded: view names (never URLs), status codes, queue names, socket kinds; no
user, game or address is ever a label. The scrape itself is ``marcomage.ops.views``.
"""
import os
import time
import weakref

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)

# No "_created" series beside each counter and histogram: half the lines of a scrape, and
# Prometheus does not need them.
disable_created_metrics()

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

# Seconds: a page or a move takes milliseconds; a slow one, a second or more.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

HTTP_REQUESTS = Counter(
    "marcomage_http_requests", "HTTP requests answered, by view name and status code.",
    ["view", "status"])
HTTP_SECONDS = Histogram(
    "marcomage_http_request_seconds", "Time to answer an HTTP request, by view name.",
    ["view"], buckets=LATENCY_BUCKETS)
MOVE_SECONDS = Histogram(
    "marcomage_move_seconds", "Time to answer a move (a card played or discarded).",
    buckets=LATENCY_BUCKETS)
PUSH_SECONDS = Histogram(
    "marcomage_push_seconds",
    "A game's change committed -> its board (or notice) sent on a player's socket.",
    buckets=LATENCY_BUCKETS)
LIVE_SOCKETS = Gauge(
    "marcomage_live_sockets", "Websockets open, by kind.", ["kind"],
    multiprocess_mode="livesum")
DB_CONNECTIONS = Gauge(
    "marcomage_db_connections", "Database connections this process holds open.",
    multiprocess_mode="liveall")
TASKS = Counter(
    "marcomage_tasks", "Background tasks run, by queue and outcome (success, failure, retry).",
    ["queue", "outcome"])
TASK_SECONDS = Histogram(
    "marcomage_task_seconds", "Time a background task ran, by queue.", ["queue"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 120.0))

# Every database connection made in this process (Django's wrappers, one per thread),
# weakly: counted open or not when the gauge is set.
_wrappers: "weakref.WeakSet" = weakref.WeakSet()


def connection_made(sender, connection, **kwargs) -> None:
    """django.db.backends.signals.connection_created's receiver."""
    _wrappers.add(connection)
    db_connections_update()


def db_connections_update() -> None:
    DB_CONNECTIONS.set(sum(1 for wrapper in list(_wrappers) if wrapper.connection is not None))


def socket_kind(path: str) -> str:
    """A websocket's kind, for the live sockets' label: what its path serves."""
    if path.startswith("/ws/games/"):
        return "game"
    if path.startswith("/ws/tournaments/"):
        return "event"
    return "other"


class CountedSockets:
    """An ASGI websocket app whose open sockets are counted (``marcomage_live_sockets``):
    one more when the app accepts a socket, one less when the app is done with it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        gauge = LIVE_SOCKETS.labels(socket_kind(scope.get("path", "")))
        accepted = False

        async def counting_send(message):
            nonlocal accepted
            if message.get("type") == "websocket.accept" and not accepted:
                accepted = True
                gauge.inc()
            await send(message)

        try:
            return await self.app(scope, receive, counting_send)
        finally:
            if accepted:
                gauge.dec()


def observe_push(committed_at) -> None:
    """A push of a change committed at ``committed_at`` (time.time()) goes out now."""
    if isinstance(committed_at, (int, float)):
        PUSH_SECONDS.observe(max(0.0, time.time() - committed_at))


def registry() -> CollectorRegistry:
    """What a scrape reads: every process of the node (multiprocess mode), else this one."""
    if not MULTIPROCESS:
        from prometheus_client import REGISTRY
        return REGISTRY
    from prometheus_client import multiprocess
    forget_dead_processes()
    scraped = CollectorRegistry()
    multiprocess.MultiProcessCollector(scraped)
    return scraped


def forget_dead_processes() -> None:
    """Drop the live gauges of processes that have ended (a worker restarted, a deploy):
    their sockets and connections are gone. Counters and histograms stay (they only add up)."""
    from prometheus_client import multiprocess
    folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not name.startswith("gauge_live") or not name.endswith(".db"):
            continue
        try:
            pid = int(name.rsplit("_", 1)[1][:-3])
        except ValueError:
            continue
        if not _alive(pid):
            multiprocess.mark_process_dead(pid, folder)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _connect_signals() -> None:
    from django.db.backends.signals import connection_created
    connection_created.connect(connection_made, dispatch_uid="marcomage.plumbing.metrics")


_connect_signals()
