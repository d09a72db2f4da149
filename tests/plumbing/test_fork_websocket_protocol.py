"""Guards of marcomage/websocket_protocol.py (docs/decisions/0004-websocket-protocol.md).

uvicorn offers no setting for its websocket compression: the fork lets uvicorn's sans-I/O
protocol build its connection (``self.conn``, websockets' ``ServerProtocol``) in
``__init__``, then replaces it with one offering our deflate settings. These fail when
uvicorn builds its connection differently (another argument the replacement would drop, a
use of it inside ``__init__`` that would keep the old one), or when what the server sends
is no longer compressed our way or cannot be read back.
"""
import asyncio
import base64
import inspect
import os
import zlib

import pytest
import uvicorn
from uvicorn.protocols.websockets import websockets_sansio_impl
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.http11 import Request

from marcomage.websocket_protocol import COMPRESSION, Protocol

from .pins import assert_checked_with

RECORD = "0004-websocket-protocol.md"
# Per connection, different in any two: not compared.
OWN = {"id", "parser", "reader", "events", "writes", "available_extensions"}


def test_uvicorn_and_websockets_are_versions_the_fork_was_checked_with():
    assert_checked_with("uvicorn", "0.54", "0.55", RECORD)
    assert_checked_with("websockets", "17.0", "18.0", RECORD)


async def _app(scope, receive, send):
    pass


def _protocols(deflate=True):
    config = uvicorn.Config(_app, ws="websockets-sansio", ws_per_message_deflate=deflate,
                            ws_max_size=123456)
    config.load()
    loop = asyncio.new_event_loop()
    try:
        return (WebSocketsSansIOProtocol(config, ServerState(), {}, _loop=loop),
                Protocol(config, ServerState(), {}, _loop=loop))
    finally:
        loop.close()


def test_uvicorn_builds_its_connection_once_and_last_in_init():
    source = inspect.getsource(WebSocketsSansIOProtocol.__init__)
    assert source.count("self.conn = ServerProtocol(") == 1
    after = source.split("self.conn = ServerProtocol(", 1)[1]
    assert "self.conn" not in after and "conn." not in after
    assert websockets_sansio_impl.ServerProtocol.__module__ == "websockets.server"


def test_the_replaced_connection_is_uvicorns_but_for_its_extension():
    stock, ours = _protocols()
    assert type(ours.conn) is type(stock.conn)
    theirs, mine = vars(stock.conn), vars(ours.conn)
    assert set(mine) == set(theirs)
    for name in set(theirs) - OWN:  # the logger, the sizes, the origins, the state...
        assert mine[name] == theirs[name], name
    assert ours.conn.max_message_size == 123456
    [factory] = ours.conn.available_extensions
    assert factory.server_no_context_takeover is True
    assert factory.compress_settings == COMPRESSION


def test_without_compression_uvicorns_connection_is_kept():
    stock, ours = _protocols(deflate=False)
    assert ours.conn.available_extensions == stock.conn.available_extensions == []


def _handshake(protocol):
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /ws/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
               f"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n")
    protocol.conn.receive_data(request.encode())
    [event] = protocol.conn.events_received()
    assert isinstance(event, Request)
    response = protocol.conn.accept(event)
    protocol.conn.send_response(response)
    protocol.conn.data_to_send()
    return response.headers["Sec-WebSocket-Extensions"]


@pytest.mark.parametrize("size", [10, 70_000])
def test_what_the_server_sends_is_deflated_per_message_and_reads_back(size):
    _, ours = _protocols()
    assert _handshake(ours) == ("permessage-deflate; server_no_context_takeover; "
                                "client_max_window_bits=12")
    text = ("<div class='card'>" * (size // 18 + 1))[:size].encode()
    for _ in range(2):  # each message on its own: no context kept between them
        ours.conn.send_text(text)
        frame = b"".join(ours.conn.data_to_send())
        assert frame[0] == 0xC1  # FIN, RSV1 (compressed), text
        length, at = frame[1] & 0x7F, 2
        if length == 126:
            length, at = int.from_bytes(frame[2:4], "big"), 4
        elif length == 127:
            length, at = int.from_bytes(frame[2:10], "big"), 10
        payload = frame[at:at + length]
        assert zlib.decompressobj(-15).decompress(payload + b"\x00\x00\xff\xff") == text
