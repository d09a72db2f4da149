"""Guards of marcomage/http_protocol.py (docs/decisions/0008-http-protocol.md).

The fork subclasses uvicorn's httptools protocol and wraps each request's
``RequestResponseCycle.send``, reading and setting the cycle's ``more_body``,
``disconnected``, ``waiting_for_100_continue``, ``keep_alive`` and ``response_complete``,
and the protocol's ``cycle``, ``flow``, ``transport``, ``timeout_keep_alive_task``... These
fail when uvicorn's cycle no longer sends, closes and reports as the fork assumes, and, end
to end, when an oversized body answered unread resets the connection again
(tests/robustness/test_oversized_bodies.py has the rest: bounds, keep-alive, 100-continue).
The fork also overrides ``shutdown`` and ``handle_websocket_upgrade``: a connection between
requests is given a moment to bring one when the process stops, a rolling restart's gap.
"""
import asyncio
import inspect
import logging
import socket
import time

from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

from marcomage.http_protocol import SHUTDOWN_WAIT_SECONDS, Protocol
from tests.event_loop import run_in_own_loop

from .pins import assert_checked_with

RECORD = "0008-http-protocol.md"


def test_uvicorn_and_httptools_are_versions_the_fork_was_checked_with():
    assert_checked_with("uvicorn", "0.54", "0.55", RECORD)
    assert_checked_with("httptools", "0.9", "0.10", RECORD)


def test_the_protocols_hooks_it_overrides_are_there():
    for name in ("on_headers_complete", "on_response_complete", "on_body",
                 "on_message_complete", "data_received", "connection_lost",
                 "timeout_keep_alive_handler", "shutdown", "handle_websocket_upgrade"):
        assert name in vars(HttpToolsProtocol), name
    assert Protocol.__mro__[1] is HttpToolsProtocol
    # uvicorn's on_body and on_message_complete drop what arrives after the answer: the
    # fork's own count of what it reads off is the only bound then.
    for hook in (HttpToolsProtocol.on_body, HttpToolsProtocol.on_message_complete):
        assert "self.cycle.response_complete" in inspect.getsource(hook)
    # The keep-alive timer the fork arms again after reading a body off.
    source = inspect.getsource(HttpToolsProtocol.on_response_complete)
    assert ("self.timeout_keep_alive_task = self.loop.call_later(\n"
            "                self.timeout_keep_alive, self.timeout_keep_alive_handler") in source
    assert "self.cycle = RequestResponseCycle(" in inspect.getsource(
        HttpToolsProtocol.on_headers_complete)
    # The upgrade hands the transport to the websocket's protocol (the fork finds it there).
    assert "self.transport.set_protocol(protocol)" in inspect.getsource(
        HttpToolsProtocol.handle_websocket_upgrade)


class _Transport:
    def __init__(self):
        self.written, self.closed = [], False

    def write(self, data):
        self.written.append(data)

    def close(self):
        self.closed = True

    def is_closing(self):
        return self.closed

    def pause_reading(self):
        pass

    def resume_reading(self):
        pass


def _cycle(*, keep_alive, expect_100_continue=False):
    transport = _Transport()
    responses = []
    cycle = RequestResponseCycle(
        scope={"type": "http", "method": "POST", "path": "/", "headers": []},
        transport=transport, flow=FlowControl(transport), logger=logging.getLogger("t"),
        access_logger=logging.getLogger("t"), access_log=False, default_headers=[],
        message_event=asyncio.Event(), expect_100_continue=expect_100_continue,
        keep_alive=keep_alive, on_response=lambda: responses.append(True))
    return cycle, transport, responses


async def _answer(send):
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-length", b"3")]})
    await send({"type": "http.response.body", "body": b"big"})


def test_a_cycles_state_is_what_the_fork_reads():
    cycle, _, _ = _cycle(keep_alive=True, expect_100_continue=True)
    assert cycle.more_body is True and cycle.disconnected is False
    assert cycle.waiting_for_100_continue is True and cycle.keep_alive is True
    assert cycle.response_complete is False


def test_the_application_sends_through_the_cycles_send_attribute():
    """The fork puts its own ``send`` on the cycle once it is made; uvicorn must hand the
    application the cycle's ``send`` as it is when the application starts."""
    cycle, _, _ = _cycle(keep_alive=True)
    got = []

    async def wrapped(message):
        got.append(message["type"])
        await RequestResponseCycle.send(cycle, message)
    cycle.send = wrapped

    async def app(scope, receive, send):
        await _answer(send)
    run_in_own_loop(cycle.run_asgi(app))
    assert got == ["http.response.start", "http.response.body"]


def test_a_complete_answer_closes_unless_kept_alive_and_reports_itself():
    """What the fork turns around: uvicorn closes the connection with the answer's last
    part when the client did not ask to keep it; the fork keeps it and reads the body off
    first. Either way the protocol is told the answer is complete."""
    for keep_alive in (False, True):
        cycle, transport, responses = _cycle(keep_alive=keep_alive)

        async def run(cycle=cycle):
            await _answer(cycle.send)
        run_in_own_loop(run())
        assert cycle.response_complete is True and responses == [True]
        assert transport.closed is (not keep_alive)
        assert b"".join(transport.written).startswith(b"HTTP/1.1 413 ")


def test_end_to_end_an_oversized_body_answered_unread_is_read_not_reset():
    from tests.robustness.live_sockets import serving

    async def answers_at_once(scope, receive, send):
        await _answer(send)

    body = b"x" * (7 * 1024 * 1024)  # reset 6 times in 6 under uvicorn's own protocol
    with serving(answers_at_once) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                         b"Content-Length: %d\r\n\r\n" % len(body))
            for start in range(0, len(body), 256 * 1024):
                sock.sendall(body[start:start + 256 * 1024])
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 413 ") and answer.endswith(b"big")


def _stopping(server, port):
    """Stop ``server`` as SIGTERM does; return once it has stopped listening (it has then
    told its open connections that it stops: both happen in one step of its loop)."""
    server.should_exit = True
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return
        time.sleep(0.02)
    raise AssertionError("the server did not stop listening")


def _accepted(server, count):
    """Wait until ``server`` holds ``count`` connections (accepted, their protocol made)."""
    deadline = time.monotonic() + 20
    while len(server.server_state.connections) < count:
        assert time.monotonic() < deadline, "the server did not accept the connections"
        time.sleep(0.02)


def _read_to_the_end(sock) -> bytes:
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass  # what uvicorn's own protocol did: nothing, or a reset
    return answer


async def _hello(scope, receive, send):
    if scope["type"] == "websocket":  # accepted, then held open
        await receive()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
        return
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", b"5")]})
    await send({"type": "http.response.body", "body": b"hello"})


def test_end_to_end_a_request_on_a_connection_accepted_as_the_process_stops_is_answered():
    """A rolling restart's gap: a connection accepted just before the process stops brings its
    request after (under uvicorn's own protocol: closed at once, the client read nothing);
    and a kept-alive connection between requests brings its next one. Each is answered, with
    ``Connection: close``, and the server then stops."""
    from tests.robustness.live_sockets import uvicorn_serving

    request = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
    with uvicorn_serving(_hello) as (server, port):
        fresh = socket.create_connection(("127.0.0.1", port), timeout=30)
        kept = socket.create_connection(("127.0.0.1", port), timeout=30)
        kept.sendall(request)
        first = kept.recv(65536)
        assert first.startswith(b"HTTP/1.1 200 ") and b"connection: close" not in first.lower()
        idle = socket.create_connection(("127.0.0.1", port), timeout=30)
        _accepted(server, 3)
        _stopping(server, port)
        answers = []
        for sock in (fresh, kept):
            sock.sendall(request)
            answers.append(_read_to_the_end(sock))
            sock.close()
        started = time.monotonic()
        assert idle.recv(65536) == b""  # one that brings nothing is closed after the wait
        assert time.monotonic() - started < SHUTDOWN_WAIT_SECONDS + 5
        idle.close()
    for answer in answers:
        assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b"hello"), answer
        assert b"connection: close" in answer.lower()


def test_end_to_end_a_websocket_opened_as_the_process_stops_is_refused_at_once():
    """Not left open until the process is stopped by force: the page opens it again on a
    process that serves."""
    from tests.robustness.live_sockets import uvicorn_serving

    handshake = (b"GET /ws/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    with uvicorn_serving(_hello, timeout_graceful_shutdown=30) as (server, port):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        _accepted(server, 1)
        _stopping(server, port)
        sock.sendall(handshake)
        answer = _read_to_the_end(sock)  # within the socket's 10 s, not the 30 s allowed
        sock.close()
    assert answer.startswith(b"HTTP/1.1 500 "), answer
