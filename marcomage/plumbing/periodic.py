"""The periodic tasks without Celery beat: the embedded default's stand-in for it.

It reads the same CELERY_BEAT_SCHEDULE that beat uses, so the list of sweeps lives in one
place, and runs each task when it is due (tasks are idempotent: an extra run is harmless).

Where it runs matters. Without Redis the channel layer lives in the memory of the server
process, and a live event published anywhere else reaches no socket: an arena started by
the events' tick in a process of its own started six players' games without a word to
their pages, and the results the tick recorded (and the pairings it made after them) were
lost the same way. So without Redis ``manage.py serve`` runs this loop on a thread of the
server process itself (``server_lifespan``, with ``PERIODIC_IN_SERVER``): every event it
publishes goes through the server's own loop to its sockets. Tasks named in
``PERIODIC_IN_CHILD`` publish nothing and can take long (the card balance's counting): the
thread starts those as a child process at a lower priority (``manage.py run_periodic --once
--only NAME``), as the analyses run, so they never hold the server's interpreter.

``manage.py run_periodic`` runs the same loop in a process of its own (a site whose live
events do not need it, or a one-off ``--once``).
"""
import asyncio
import logging
import os
import subprocess
import sys
import threading
import time
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, connections

from marcomage.plumbing import heartbeats, live_send

log = logging.getLogger(__name__)

# The niceness of the tasks run as child processes: the server's requests come first.
CHILD_NICENESS = 10


def interval_seconds(schedule) -> float:
    if isinstance(schedule, (int, float)):
        return float(schedule)
    if isinstance(schedule, timedelta):
        return schedule.total_seconds()
    run_every = getattr(schedule, "run_every", None)  # celery.schedules.schedule
    if run_every is not None:
        return run_every.total_seconds()
    return 60.0  # crontab entries: check every minute, the tasks decide what is due


def task_run(name: str, entry: dict) -> None:
    """Run one entry of the schedule in this thread (eagerly); raises what it raises.

    The app is Celery's current one: the site's (marcomage/celery.py, made when the
    marcomage package is imported), which the plumbing does not import by name."""
    app = current_app
    task = app.tasks.get(entry["task"])
    if task is None:
        app.loader.import_default_modules()
        task = app.tasks.get(entry["task"])
    if task is None:
        raise LookupError(f"unknown task {entry['task']} for {name}")
    task.apply(args=entry.get("args", ()), kwargs=entry.get("kwargs", {}))


class PeriodicLoop:
    """The schedule's entries, each run when due. ``in_child``: the names run as a child
    process (at most one at a time each) instead of in this thread."""

    def __init__(self, entries=None, *, in_child=(), report=None):
        self.entries = dict(settings.CELERY_BEAT_SCHEDULE if entries is None else entries)
        self.in_child = set(in_child)
        self.due = {name: 0.0 for name in self.entries}
        self.children: dict[str, subprocess.Popen] = {}
        self.report = report or (lambda text: log.warning("%s", text))
        self.marked = -1e9

    def beat(self, now: float) -> None:
        """The scheduler's sign of life, as Celery beat leaves one (the readiness probe's
        "beat": marcomage/ops/health.py)."""
        if now - self.marked >= heartbeats.EVERY / 2:
            heartbeats.beat("beat")
            self.marked = now

    def run_due(self, now: float | None = None) -> float:
        """Run what is due; the seconds until the next entry is."""
        now = time.monotonic() if now is None else now
        self.beat(now)
        for name, entry in self.entries.items():
            if self.due[name] <= now:
                self._run(name, entry)
                self.due[name] = now + interval_seconds(entry["schedule"])
        return max(0.0, min(self.due.values(), default=now + 1.0) - time.monotonic())

    def _run(self, name, entry):
        if name in self.in_child:
            self._start_child(name)
            return
        try:
            task_run(name, entry)
        except Exception as exc:  # one failing sweep must not stop the others
            self.report(f"periodic task {name} failed: {exc!r}")
            log.debug("periodic task %s failed", name, exc_info=True)

    def _start_child(self, name):
        running = self.children.get(name)
        if running is not None and running.poll() is None:
            return  # the last run is still at it: this one is skipped, not stacked
        command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "run_periodic",
                   "--once", "--only", name]
        try:
            child = subprocess.Popen(command, cwd=str(settings.BASE_DIR),
                                     stdin=subprocess.DEVNULL)
        except OSError as exc:
            self.report(f"periodic task {name} could not start: {exc!r}")
            return
        self.children[name] = child
        try:
            os.setpriority(os.PRIO_PROCESS, child.pid, CHILD_NICENESS)
        except (AttributeError, OSError):  # not on this system, or it ended already
            pass

    def stop_children(self, timeout=10.0):
        for child in self.children.values():
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + timeout
        for child in self.children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()


# ------------------------------------------------------------------ in the server process
class _InServer:
    thread: threading.Thread | None = None
    stopping: threading.Event | None = None
    loop: PeriodicLoop | None = None


def _serve_periodic(server_loop, stopping: threading.Event, periodic: PeriodicLoop):
    # This thread's live events go to the server's own loop (where the channel layer and
    # the sockets live), as those of its HTTP threads do.
    live_send.hand_sends_to(server_loop)
    while not stopping.is_set():
        try:
            wait = periodic.run_due()
        except Exception:  # never let the loop die: the next round tries again
            log.exception("periodic loop")
            wait = 1.0
        finally:
            # Each round starts with fresh connections: a SQLite file or a PostgreSQL server
            # that went away meanwhile is not held on to.
            close_old_connections()
        stopping.wait(min(max(wait, 0.2), 1.0))
    periodic.stop_children()
    connections.close_all()


def start_in_server(server_loop) -> threading.Thread:
    """Run the periodic loop on a daemon thread of this (server) process."""
    if _InServer.thread is not None and _InServer.thread.is_alive():
        return _InServer.thread
    _InServer.stopping = threading.Event()
    _InServer.loop = PeriodicLoop(in_child=settings.PERIODIC_IN_CHILD)
    _InServer.thread = threading.Thread(
        target=_serve_periodic, args=(server_loop, _InServer.stopping, _InServer.loop),
        name="periodic", daemon=True)
    _InServer.thread.start()
    log.info("periodic tasks run on a thread of the server process")
    return _InServer.thread


def stop_in_server(timeout=15.0) -> None:
    if _InServer.thread is None:
        return
    _InServer.stopping.set()
    _InServer.thread.join(timeout)
    _InServer.thread = None


async def server_lifespan(scope, receive, send):
    """The ASGI lifespan of a server process: with ``PERIODIC_IN_SERVER`` the periodic loop
    starts on a thread of it (see the module's text) and stops with it."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                if settings.PERIODIC_IN_SERVER:
                    start_in_server(asyncio.get_running_loop())
            except Exception as exc:
                await send({"type": "lifespan.startup.failed", "message": repr(exc)})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await asyncio.get_running_loop().run_in_executor(None, stop_in_server)
            await send({"type": "lifespan.shutdown.complete"})
            return
