"""The live sockets' compression (marcomage/websocket_protocol.py, as `manage.py serve` runs
uvicorn): a browser that offers permessage-deflate gets it with the server's compressor
living for one message, and a board-sized message arrives whole, smaller than with the
settings uvicorn uses on its own."""
import json
import zlib

import pytest
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode

from games.game.live import board_frame
from marcomage.websocket_protocol import COMPRESSION, deflate_factory

from .live_sockets import AsUser, alices_game, application, run_async, serving

pytestmark = pytest.mark.django_db(transaction=True)


def _board_message() -> bytes:
    """A pushed board's frame as the consumer sends it (a new game's board, 60 kB)."""
    game, alice = run_async(alices_game)
    version, html = board_frame(game.pk, alice, "t" * 64)
    return json.dumps({"event": "board", "version": version, "html": html}).encode()


def _negotiated():
    """The server's and a client's extension, as a handshake agrees on them."""
    client_factory = ClientPerMessageDeflateFactory(client_max_window_bits=True)
    offer = client_factory.get_request_params()
    response, server_extension = deflate_factory().process_request_params(offer, [])
    return server_extension, client_factory.process_response_params(response, [])


def test_a_board_sized_message_is_compressed_per_message_and_arrives_whole():
    server, client = _negotiated()
    data = _board_message()
    assert len(data) > 40_000
    for _ in range(3):  # message after message, each with a compressor of its own
        frame = server.encode(Frame(Opcode.TEXT, data))
        assert not hasattr(server, "encoder")  # nothing kept between messages
        assert client.decode(frame).data == data
    # smaller than uvicorn's own settings (a 4 kB window, zlib's default level, memory 5)
    uvicorn_way = zlib.compressobj(wbits=-12, memLevel=5)
    uvicorn_size = len(uvicorn_way.compress(data) + uvicorn_way.flush(zlib.Z_SYNC_FLUSH))
    assert len(frame.data) < uvicorn_size
    assert COMPRESSION["level"] == 1


def test_the_server_offers_it_in_the_handshake_and_the_socket_works():
    from websockets.sync.client import connect

    game, alice = run_async(alices_game)
    with serving(AsUser(application, alice.user)) as port:
        with connect(f"ws://127.0.0.1:{port}/ws/games/{game.pk}/", compression="deflate",
                     open_timeout=10, origin=None) as socket_:
            headers = socket_.response.headers.get("Sec-WebSocket-Extensions", "")
            assert "permessage-deflate" in headers and "server_no_context_takeover" in headers
            socket_.send(json.dumps({"type": "ping"}))
            assert json.loads(socket_.recv(timeout=10)) == {"event": "pong"}
