"""HTTP under the ASGI server, served by a fixed pool of threads running Django's WSGI handler.

Why not Django's own ASGI handler: it runs each request's synchronous code on a new
thread, and psycopg2 connections belong to threads, so every request opened (and, with
persistent connections, kept) its own PostgreSQL connection: a burst of requests from one
browser could exhaust the server for everyone. Here a process serves HTTP from
`HTTP_THREADS` long-lived threads, each keeping one persistent connection, so a process
never holds more than `HTTP_THREADS` connections for HTTP (plus one: Channels runs every
websocket consumer's database work on a single thread). A burst waits in line for a
thread; beyond `HTTP_QUEUE_MAX` requests in the process, the newest get a 503 at once, so
an overload is answered, never a 500 or a hang.

The server's event loop is recorded here too: code on the pool threads hands work to it
(publishing live events) instead of opening an event loop of its own per call.

Leans on a2wsgi's private internals: docs/decisions/0002-httppool.md (why, what it saves,
how to remove it); guarded by tests/plumbing/test_fork_httppool.py.
"""
import asyncio
import contextvars
import threading

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import WSGIResponder

BUSY_PAGE = (
    b"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
    b"<title>Busy - MArcomage</title></head><body><h1>The site is busy</h1>"
    b"<p>Too many requests are waiting right now. Nothing was lost: try again in a few "
    b"seconds.</p></body></html>")

_server_loop: asyncio.AbstractEventLoop | None = None
# The pool's threads keep their context here (``context``), and only they hand work to the
# server's loop. Other threads of the same process (a test's own thread beside a live test
# server, a management command) send on a loop of their own and wait for it.
_pool_thread = threading.local()


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's running event loop, when called on one of its HTTP threads after
    it has served a request (else None)."""
    if not hasattr(_pool_thread, "context"):
        return None
    loop = _server_loop
    if loop is not None and (loop.is_closed() or not loop.is_running()):
        return None
    return loop


class _ResponderThatDoesNotWait(WSGIResponder):
    """a2wsgi's responder, but the pool thread hands each part of the response (its start,
    every chunk, its end) to the event loop without waiting for the loop to take it.

    a2wsgi waits, on the thread, until the loop has queued each part: three round trips to
    the loop per request. Under load the loop is busy (websocket frames, other requests),
    and a py-spy wall profile of a server process showed its HTTP threads waiting there half
    of their time (100 games, players not thinking), holding their database connections. The
    queue is unbounded instead: the parts are queued in order by the loop's callbacks
    (first in, first out) and the end mark, put when the thread's job is done, comes after
    them. A response is held in memory until sent; ours are pages, boards and small files.
    """

    def send(self, message) -> None:
        self.loop.call_soon_threadsafe(self.send_queue.put_nowait, message)


class _WSGIOnThreads(WSGIMiddleware):
    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            responder = _ResponderThatDoesNotWait(self.app, self.executor, 0)  # 0: unbounded
            return await responder(scope, receive, send)
        return await super().__call__(scope, receive, send)


class BoundedHTTP:
    """An ASGI HTTP app: Django's WSGI handler on a fixed thread pool, with a queue limit."""

    def __init__(self, wsgi_app, *, threads: int, queue_max: int):
        def on_pool_thread(environ, start_response):
            # Each thread serves its requests in one context of its own, as a WSGI server's
            # threads do. a2wsgi runs every request in a copy of the event loop's context,
            # where Django's per-context objects (the cache clients) do not survive the
            # request: each request built new ones and left them to the garbage collector.
            if not hasattr(_pool_thread, "context"):
                _pool_thread.context = contextvars.Context()
            return _pool_thread.context.run(wsgi_app, environ, start_response)

        self.inner = _WSGIOnThreads(on_pool_thread, workers=threads)
        self.queue_max = queue_max
        self.in_flight = 0

    async def __call__(self, scope, receive, send):
        global _server_loop
        if _server_loop is None:
            _server_loop = asyncio.get_running_loop()
        if self.in_flight >= self.queue_max:
            await send({"type": "http.response.start", "status": 503, "headers": [
                (b"content-type", b"text/html; charset=utf-8"), (b"retry-after", b"5"),
                (b"content-length", str(len(BUSY_PAGE)).encode())]})
            await send({"type": "http.response.body", "body": BUSY_PAGE})
            return
        self.in_flight += 1
        try:
            await self.inner(scope, receive, send)
        finally:
            self.in_flight -= 1
