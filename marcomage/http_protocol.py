"""uvicorn's HTTP protocol (httptools) that reads off the rest of a request's body the site
answered without reading, instead of resetting the connection (``manage.py serve`` runs it:
``--http marcomage.http_protocol:Protocol``).

Why: a form over the upload limits gets its 413 page (marcomage/plumbing/middleware.py; the API's in
marcomage/api/api.py) from its Content-Length alone, before its body is read. uvicorn then
closed the connection as soon as the answer was sent when the client had asked for it to be
closed (Python's urllib sends ``Connection: close``; HTTP/1.0 clients), while the client was
still writing the body. The kernel answers data arriving at a closed socket with a reset, and
a client busy writing its body reads the reset, not the page: a 7 MB form to
/concepts/preview/ was reset 6 times in 6, 3 MB once in 6. A browser user saw "connection
reset" instead of "too large".

Here, as nginx does (its "lingering close"), an answer sent before the request's body is all
in no longer ends the connection at once: the server keeps reading the body, throwing the
bytes away as they arrive (nothing is kept in memory), and only then closes the connection,
or keeps it for the next request when the client asked to keep it. When it is to close, it
shuts its sending side first, so the client reads the answer to its end. A client that asked
for ``100-continue`` and was never told to continue is told the connection closes.

Bounds, so that a client cannot hold a connection with a body that never ends: at most
DRAIN_BYTES are read off per answer and for at most DRAIN_SECONDS; past either the
connection is closed as before. The connection holds no thread meanwhile, only its socket
(as an idle keep-alive connection does, for up to 75 s).

Second, stopping (SIGTERM, a rolling restart): uvicorn closed at once every connection that
was between requests. The node's server processes share one listening socket, so a
connection the stopping process had accepted a moment before may already be bringing its
request: closed, its client read a reset or an empty answer instead of the page (the
readiness probe of tests/robustness/test_rolling_restart.py: 2 requests in 58,000 over 8
replaced processes). Here such a connection gets SHUTDOWN_WAIT_SECONDS more to bring a
request, which is answered and then the connection closed (``Connection: close``); one that
brings nothing is closed then. A websocket handshake that comes in that moment is refused
at once (uvicorn's answer to a handshake in progress when it stops), and the page opens its
socket again on a process that serves.

Leans on uvicorn's private internals: docs/decisions/0008-http-protocol.md (why, what it
saves, how to remove it); guarded by tests/plumbing/test_fork_http_protocol.py.
"""
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# How much of a body nobody reads is read off, and for how long, before the connection is
# closed anyway. 64 MB is 32 times the largest form the site reads (2 MB,
# DATA_UPLOAD_MAX_MEMORY_SIZE); 60 s lets a 7 MB form arrive at 1 Mbit/s.
DRAIN_BYTES = 64 * 1024 * 1024
DRAIN_SECONDS = 60.0
# How long a connection between requests may still bring one once its process stops.
SHUTDOWN_WAIT_SECONDS = 2.0


def _send_waiting_for_the_body(cycle):
    """``cycle.send`` (uvicorn's send of one request's answer), changed so that finishing an
    answer before the request's body is all in never closes the connection: the protocol
    reads the body off first (``Protocol.on_response_complete``) and closes after it."""
    send = cycle.send

    async def send_then_read_off(message):
        body_pending = cycle.more_body and not cycle.disconnected
        if (message["type"] == "http.response.start" and body_pending
                and cycle.waiting_for_100_continue):
            # The client waits to be told to send its body and never will be: say that the
            # connection closes after this answer (RFC 9110, 10.1.1).
            cycle.keep_alive = False
        elif (message["type"] == "http.response.body" and not message.get("more_body", False)
                and body_pending and not cycle.keep_alive):
            # uvicorn would close the connection with the sending of this last part.
            cycle.keep_alive = True
            cycle.close_after_body = True
        await send(message)

    cycle.send = send_then_read_off


class Protocol(HttpToolsProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reading_off = False  # reading off the body of a request already answered
        self.read_off_left = 0
        self.read_off_close = False
        self.read_off_timer = None
        self.stopping = False  # the process stops: the next request is the last one
        self.stop_timer = None

    # ---- a request's start and answer
    def on_headers_complete(self) -> None:
        before = self.cycle
        super().on_headers_complete()
        if self.cycle is not before:  # a request to answer (not a websocket's handshake)
            _send_waiting_for_the_body(self.cycle)
            if self.stopping:
                self._stop_wait_end()
                self.cycle.keep_alive = False

    def on_response_complete(self) -> None:
        cycle = self.cycle
        super().on_response_complete()
        if (cycle is not None and cycle.response_complete and cycle.more_body
                and not cycle.disconnected and not self.transport.is_closing()):
            self._read_off_start(close=getattr(cycle, "close_after_body", False))

    # ---- reading off the rest of its body
    def _read_off_start(self, *, close: bool) -> None:
        self.reading_off = True
        self.read_off_left = DRAIN_BYTES
        self.read_off_close = close
        self.read_off_timer = self.loop.call_later(DRAIN_SECONDS, self._read_off_give_up)
        self.flow.resume_reading()
        if close and self.transport.can_write_eof():
            # The answer is all there is: the client reads it to its end (then EOF) while
            # the server reads the body off.
            self.transport.write_eof()

    def _read_off_end(self) -> None:
        self.reading_off = False
        if self.read_off_timer is not None:
            self.read_off_timer.cancel()
            self.read_off_timer = None

    def _read_off_give_up(self) -> None:
        self._read_off_end()
        if not self.transport.is_closing():
            self.transport.close()

    def on_body(self, body: bytes) -> None:
        if not self.reading_off:
            super().on_body(body)
            return
        self.read_off_left -= len(body)
        if self.read_off_left < 0:
            self._read_off_give_up()

    def on_message_complete(self) -> None:
        if not self.reading_off:
            super().on_message_complete()
            return
        self._read_off_end()  # the body is all in: on as uvicorn goes after an answer
        if self.read_off_close and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        was_reading_off = self.reading_off
        super().data_received(data)  # cancels the keep-alive timeout (uvicorn's)
        if (was_reading_off and not self.reading_off and not self.transport.is_closing()
                and self.cycle.response_complete and self.timeout_keep_alive_task is None):
            # The body ended and no next request has begun: the connection waits for one
            # as long as after any answer.
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler)

    def connection_lost(self, exc) -> None:
        self._read_off_end()
        self._stop_wait_end()
        super().connection_lost(exc)

    # ---- the process stops (see the module)
    def shutdown(self) -> None:
        if self.reading_off:
            self.read_off_close = True  # closes once the answered request's body is in
        elif self.cycle is not None and not self.cycle.response_complete:
            super().shutdown()  # a request in hand: answered, then the connection closes
        else:
            self.stopping = True
            self.stop_timer = self.loop.call_later(SHUTDOWN_WAIT_SECONDS, self._stop_if_idle)

    def _stop_wait_end(self) -> None:
        if self.stop_timer is not None:
            self.stop_timer.cancel()
            self.stop_timer = None

    def _stop_if_idle(self) -> None:
        self.stop_timer = None
        if (self.transport.get_protocol() is self and not self.transport.is_closing()
                and (self.cycle is None or self.cycle.response_complete)):
            self.transport.close()

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        if self.stopping:
            self._stop_wait_end()
            self.transport.get_protocol().shutdown()
