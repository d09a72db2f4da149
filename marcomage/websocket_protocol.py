"""uvicorn's websocket protocol (websockets, sans-I/O) with cheaper compression of what the
server sends (``manage.py serve`` runs it: ``--ws marcomage.websocket_protocol:Protocol``).

uvicorn compresses each message with a 4 kB window (12 bits), zlib's memory level 5 and its
default level 6, the compressor kept per socket. A pushed board (60 kB of HTML in JSON) took
0.79 ms to compress that way to 13.2 kB, and py-spy put the send at 7.5 % of a server
process at think time 0. With the whole 32 kB window, level 1 and memory level 8 it takes
0.24 ms for 10.3 kB: smaller too, as a board repeats itself over more than 4 kB. A compressor
of that size costs 256 kB, so it lives for one message (``server_no_context_takeover``), not
for the socket's life; keeping it would have saved little, a board being larger than the
window. What the browsers send stays as uvicorn has it.

Leans on uvicorn's private internals: docs/decisions/0004-websocket-protocol.md (why, what
it saves, how to remove it); guarded by tests/plumbing/test_fork_websocket_protocol.py.
"""
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

COMPRESSION = {"level": 1, "memLevel": 8}


def deflate_factory() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate extension as the server offers it."""
    return ServerPerMessageDeflateFactory(server_no_context_takeover=True,
                                          client_max_window_bits=12,
                                          compress_settings=COMPRESSION)


class Protocol(WebSocketsSansIOProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            # The connection is made in uvicorn's __init__ and used from the handshake on.
            self.conn = ServerProtocol(extensions=[deflate_factory()],
                                       max_size=self.config.ws_max_size,
                                       logger=self.conn.logger)
