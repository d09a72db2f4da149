"""A few background threads of this process for work that has no Celery worker to go to.

(In the base layer: the games' analyses, the card lab and the balance's self-play runs and
the players' notifications (players/notifications/) all hand their work to one of these.)

Without Redis (the embedded default) Celery runs tasks eagerly, in the thread that queues
them: a post-game analysis, seconds to a minute of search, would hold the web request that
asked for it (and, a few at once, every HTTP thread). Such work is handed to a
``BackgroundQueue`` instead: the request answers at once and at most ``threads()`` jobs run
at a time in this process; the others wait their turn in order, each job once however
often it is handed in while it waits.

Each thread keeps its own database connections (Django's are per thread) and closes them
after every job, so an idle queue holds none. A job that raises is logged and handed to
``on_error`` (e.g. to mark the analysis failed), never left half done without a word.

``threads() == 0`` starts no thread: jobs wait until ``drain()`` runs them in the calling
thread. Tests use it, since their data lives in a transaction other threads cannot see.
"""
import logging
import sys
import threading
from collections import deque

from django.db import connections

log = logging.getLogger(__name__)


class BackgroundQueue:
    """Jobs (hashable keys) run by ``run(key)`` on at most ``threads()`` daemon threads."""

    def __init__(self, name: str, run, *, threads, on_error=None, switch_interval=None):
        self.name = name
        self._run = run
        self._threads = threads
        self._on_error = on_error
        self._switch_interval = switch_interval
        self._usual_interval = None
        self._lock = threading.Condition()
        self._waiting: deque = deque()
        self._running: set = set()
        self._workers: list[threading.Thread] = []

    def submit(self, key) -> None:
        """Queue ``key`` (nothing happens when it is already waiting)."""
        with self._lock:
            if key not in self._waiting:
                self._waiting.append(key)
            wanted = max(0, int(self._threads()))
            self._workers = [w for w in self._workers if w.is_alive()]
            while len(self._workers) < min(wanted, len(self._waiting) + len(self._running)):
                worker = threading.Thread(target=self._work, daemon=True,
                                          name=f"{self.name}-{len(self._workers) + 1}")
                self._workers.append(worker)
                worker.start()

    def waiting(self) -> list:
        """The keys waiting for a thread, first first."""
        with self._lock:
            return list(self._waiting)

    def discard_waiting(self) -> list:
        """Forget the jobs waiting (tests: none carried into the next test); which."""
        with self._lock:
            dropped = list(self._waiting)
            self._waiting.clear()
            self._lock.notify_all()
            return dropped

    def drain(self) -> int:
        """Run every waiting job in the calling thread, those queued meanwhile too; how
        many ran."""
        done = 0
        while True:
            with self._lock:
                if not self._waiting:
                    return done
                key = self._waiting.popleft()
                self._running.add(key)
            self._one(key, close=False)
            done += 1

    def wait_idle(self, timeout: float) -> bool:
        """Wait until nothing waits or runs (True), or ``timeout`` seconds (False)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and not self._running,
                                       timeout=timeout)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    # Idle: the thread ends; submit() starts one again when needed.
                    self._workers = [w for w in self._workers
                                     if w is not threading.current_thread()]
                    return
                key = self._waiting.popleft()
                self._running.add(key)
                self._share_the_interpreter(True)
            self._one(key, close=True)

    def _one(self, key, *, close: bool) -> None:
        try:
            self._run(key)
        except Exception:
            log.exception("%s: job %r failed", self.name, key)
            if self._on_error is not None:
                try:
                    self._on_error(key)
                except Exception:
                    log.exception("%s: could not record the failure of job %r", self.name,
                                  key)
        finally:
            if close:  # this thread's own connections: none kept between jobs
                connections.close_all()
            with self._lock:
                self._running.discard(key)
                if not self._running:
                    self._share_the_interpreter(False)
                self._lock.notify_all()

    def _share_the_interpreter(self, busy: bool) -> None:
        """While jobs run on its threads, the process hands the interpreter lock over
        sooner (``switch_interval`` seconds instead of Python's 5 ms): a request thread
        back from the database waits that long, at most, for a job deep in pure-Python
        work, each time. Called with the lock held."""
        if self._switch_interval is None:
            return
        if busy and self._usual_interval is None:
            self._usual_interval = sys.getswitchinterval()
            sys.setswitchinterval(self._switch_interval)
        elif not busy and self._usual_interval is not None:
            sys.setswitchinterval(self._usual_interval)
            self._usual_interval = None
