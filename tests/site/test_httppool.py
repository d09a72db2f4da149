"""The HTTP thread pool under the ASGI server (marcomage/httppool.py)."""
import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.testing import ApplicationCommunicator

from marcomage import httppool


def _get(app):
    async def run():
        communicator = ApplicationCommunicator(app, {
            "type": "http", "method": "GET", "path": "/", "query_string": b"",
            "headers": [], "server": ("testserver", 80), "http_version": "1.1"})
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(timeout=10)
        body = await communicator.receive_output(timeout=10)
        return asyncio.get_running_loop(), start, body
    # On a thread of its own: a browser test earlier on this worker leaves Playwright's
    # event loop marked as running in the main thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run()).result(timeout=30)


def test_only_the_pool_threads_hand_work_to_the_server_loop():
    """Events published from a request go to the server's loop; any other thread of the
    process (a test beside a live server, a command) must not use it."""
    seen = {}

    def wsgi_app(environ, start_response):
        seen["pool"] = httppool.server_loop()
        # Another thread of the process, while the server loop runs and serves this request.
        other = threading.Thread(target=lambda: seen.update(other=httppool.server_loop()))
        other.start()
        other.join()
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    app = httppool.BoundedHTTP(wsgi_app, threads=1, queue_max=10)
    old = httppool._server_loop
    httppool._server_loop = None
    try:
        loop, start, body = _get(app)
        assert start["status"] == 200 and body["body"] == b"ok"
        assert seen["pool"] is loop  # on the pool's thread: the server loop
        assert seen["other"] is None  # elsewhere: a loop of its own
    finally:
        httppool._server_loop = old


def test_a_pool_thread_serves_its_requests_in_one_context_of_its_own():
    """As a WSGI server's threads do: what Django keeps per context (the cache clients)
    lives on from one request to the next on that thread, not one request only."""
    import contextvars
    mark = contextvars.ContextVar("mark")
    seen = []

    def wsgi_app(environ, start_response):
        seen.append(mark.get(None))
        mark.set(len(seen))
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    app = httppool.BoundedHTTP(wsgi_app, threads=1, queue_max=10)
    for _ in range(3):
        _, start, _ = _get(app)
        assert start["status"] == 200
    assert seen == [None, 1, 2]
