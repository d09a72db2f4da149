"""Running a coroutine from a synchronous test, whatever ran before it in the process."""
import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_in_own_loop(coroutine, timeout=60):
    """Run ``coroutine`` to its end on an event loop of its own, in a thread of its own.

    Playwright's sync API (the browser tests, in the same pytest worker) leaves an event
    loop running in the main thread, where ``asyncio.run`` refuses to start another one: a
    test calling it passed alone and failed after a browser test.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=timeout)
