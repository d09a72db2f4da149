"""The tutorial suggestion's search, run in a process of its own beside a server process.

A search is 12-17 ms of pure Python. On a server process's board thread it would hold the
interpreter lock that the event loop and the HTTP threads need back after every database
round trip (each waits up to the 5 ms switch interval while a search runs), so it runs in
a child process and the board thread only waits for the answer (0.6 ms of the server's CPU
against 12-17 ms for the search). The child imports the pure engine only (this module
imports nothing else), is started on first use and started again if it dies. Celery
workers (processes of their own already, which may not have children) search in process.

The child is spawned, so, as multiprocessing does, it imports the parent's main module
(as ``__mp_main__``): the server's entry point must keep its start-up under
``if __name__ == "__main__"`` (uvicorn, daphne, manage.py and pytest do). If the child cannot
start, boards fall back to asking a worker (games.services.suggestions).
"""
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from games import engine

ANSWER_SECONDS = 10.0  # far beyond a search: a child that takes this long is stuck
_lock = threading.Lock()
_pool = None


def suggest_in_process(state_json: dict, seat: int, seed: int) -> tuple[str, int, int]:
    """(kind, position, mode) of ``engine.suggest_action`` for ``seat`` on ``state_json``."""
    action = engine.suggest_action(engine.state_from_json(state_json), seat, seed=seed)
    return action.kind, action.position, action.mode


def _running_pool():
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1,
                                        mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _forget(pool) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def suggest(state_json: dict, seat: int, seed: int) -> tuple[str, int, int]:
    """The same as ``suggest_in_process``, worked out by the search process. Raises when
    the process cannot answer (died twice, or stuck): the caller falls back."""
    for attempt in range(2):
        pool = _running_pool()
        try:
            return pool.submit(suggest_in_process, state_json, seat, seed).result(
                timeout=ANSWER_SECONDS)
        except BrokenProcessPool:  # the child died (killed, out of memory): a new one
            _forget(pool)
            if attempt:
                raise
        except TimeoutError:
            _forget(pool)
            raise
    raise AssertionError("unreachable")


def start() -> None:
    """Start the search process now (its imports take a moment), not on the first board."""
    _running_pool().submit(int)
