"""Guards of marcomage/httppool.py (docs/decisions/0002-httppool.md).

Its responder overrides a2wsgi's ``WSGIResponder.send`` (the pool thread hands each part of
the answer to the loop without waiting) and builds the responder itself
(``WSGIResponder(app, executor, send_queue_size)``). These fail when a2wsgi's responder no
longer works the way the override assumes, or when an answer through the pool differs from
a2wsgi's own: the same ASGI messages, the same bytes, in the same order.
"""
import asyncio
import inspect
from concurrent.futures import ThreadPoolExecutor

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import WSGIResponder

from marcomage import httppool
from tests.event_loop import run_in_own_loop

from .pins import assert_checked_with

RECORD = "0002-httppool.md"


def test_a2wsgi_is_a_version_the_fork_was_checked_with():
    assert_checked_with("a2wsgi", "1.10", "1.11", RECORD)


def test_the_responder_is_built_and_sends_as_the_override_assumes():
    assert list(inspect.signature(WSGIResponder.__init__).parameters) == [
        "self", "app", "executor", "send_queue_size"]
    assert list(inspect.signature(WSGIResponder.send).parameters) == ["self", "message"]

    async def attributes():
        with ThreadPoolExecutor(1) as executor:
            responder = WSGIResponder(lambda e, s: [], executor, 0)
            return responder.loop, responder.send_queue
    loop, queue = _run(attributes)
    assert isinstance(queue, asyncio.Queue) and isinstance(loop, asyncio.AbstractEventLoop)
    # Every part of the answer goes through ``send`` (the start, each chunk, write(), the
    # end), and the end mark (None) is queued by the loop once the thread's job is done.
    assert inspect.getsource(WSGIResponder.start_response).count("self.send(") == 2
    assert "self.send(" in inspect.getsource(WSGIResponder.wsgi)
    call = inspect.getsource(WSGIResponder.__call__)
    assert call.index("run_in_executor") < call.index("self.send_queue.put(None)")
    assert "responder = WSGIResponder(self.app, self.executor, self.send_queue_size)" in (
        inspect.getsource(WSGIMiddleware.__call__))


def _run(coroutine_function):
    return run_in_own_loop(coroutine_function())


def _scope(path="/"):
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"a=1", "root_path": "", "headers": [(b"x-test", b"1")],
            "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 80)}


def _streaming(environ, start_response):
    """Headers, a part through ``write``, then many chunks, an empty one among them; the
    request's body read first."""
    body = environ["wsgi.input"].read()
    write = start_response("201 Created", [("Content-Type", "text/plain"),
                                           ("X-Path", environ["PATH_INFO"])])
    write(b"written:" + body)
    return [f"{environ['PATH_INFO']}-{n};".encode() if n != 7 else b"" for n in range(60)]


async def _messages(app, path="/"):
    sent = []
    parts = [{"type": "http.request", "body": b"he", "more_body": True},
             {"type": "http.request", "body": b"llo", "more_body": False}]

    async def receive():
        return parts.pop(0) if parts else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
        await asyncio.sleep(0)  # a loop with other work between the parts
    await app(_scope(path), receive, send)
    return sent


def test_an_answer_through_the_pool_is_a2wsgis_answer():
    async def both():
        stock = WSGIMiddleware(_streaming, workers=2)
        ours = httppool.BoundedHTTP(_streaming, threads=2, queue_max=100)
        try:
            return await _messages(stock), await _messages(ours)
        finally:
            stock.executor.shutdown()
            ours.inner.executor.shutdown()
    stock, ours = _run(both)
    assert ours == stock
    assert stock[0]["status"] == 201 and stock[-1] == {"type": "http.response.body",
                                                       "body": b""}
    assert b"".join(m.get("body", b"") for m in stock).startswith(b"written:hello/-0;")


def test_concurrent_answers_each_arrive_whole_and_in_order():
    async def many():
        ours = httppool.BoundedHTTP(_streaming, threads=3, queue_max=100)
        try:
            return await asyncio.gather(*(_messages(ours, f"/{n}") for n in range(20)))
        finally:
            ours.inner.executor.shutdown()
    for n, sent in enumerate(_run(many)):
        assert sent[0]["type"] == "http.response.start"
        assert (b"x-path", f"/{n}".encode()) in sent[0]["headers"]
        expected = b"written:hello" + b"".join(
            f"/{n}-{k};".encode() for k in range(60) if k != 7)
        assert b"".join(m["body"] for m in sent[1:]) == expected
        assert [m.get("more_body", False) for m in sent[1:]] == [True] * 61 + [False]
