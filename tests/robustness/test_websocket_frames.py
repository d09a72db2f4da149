"""Junk frames on the live sockets (the game page's and the site-wide notification one):
the consumer drops them and stays alive, still answering a real ping."""
import pytest
from channels.testing import WebsocketCommunicator

from .live_sockets import AsUser, alices_game, application, run_async, serving

pytestmark = pytest.mark.django_db(transaction=True)

JUNK_TEXT = [" ", "not json", "{", "[1, 2, 3]", "42", "null", '"ping"', "true",
             '{"type": ["ping"]}', '{"type": null}', '{"type": "launch-missiles"}',
             '{"type": "ping", "extra": ' + "[" * 5000 + "]" * 5000 + "}",
             "[" * 100000, '{"type": "' + "p" * (1 << 20) + '"}', "\x00\ud7ff\ufffe",
             '{"type": "ping"' + "," * 1000 + "}"]
JUNK_BYTES = [b"\x00", b"\x00\xff" * 10, b'{"type": "ping"}', b"x" * (1 << 20)]


async def _junk_then_ping(path, user):
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    try:
        for text in JUNK_TEXT:
            await communicator.send_to(text_data=text)
        for data in JUNK_BYTES:
            await communicator.send_to(bytes_data=data)
        # Nothing came back for the junk, and the consumer is still alive and answering.
        assert await communicator.receive_nothing(timeout=0.2)
        await communicator.send_json_to({"type": "ping"})
        assert await communicator.receive_json_from(timeout=5) == {"event": "pong"}
    finally:
        await communicator.disconnect()


@pytest.mark.parametrize("where", ["game", "notifications"])
def test_junk_frames_are_dropped_and_the_socket_lives_on(where):
    async def body():
        game, alice = await alices_game()
        path = f"/ws/games/{game.pk}/" if where == "game" else "/ws/games/"
        await _junk_then_ping(path, alice.user)

    run_async(body)


# ---- a text frame that is not UTF-8, sent to the production server (uvicorn)
def _handshake(port, path):
    import base64
    import os
    import socket

    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer[:80]
    return sock


def _text_frame(payload: bytes) -> bytes:
    import os

    mask = os.urandom(4)  # client frames are masked
    return (bytes([0x81, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def _close_code(sock) -> int:
    import struct

    frame = b""
    while len(frame) < 4:
        chunk = sock.recv(4096)
        if not chunk:
            break
        frame += chunk
    assert frame[0] & 0x0F == 0x8, frame[:10]  # a close frame
    return struct.unpack("!H", frame[2:4])[0]


def test_a_text_frame_that_is_not_utf8_is_refused_without_an_error_logged(caplog):
    """uvicorn (as `manage.py serve` runs it) refuses the frame with 1007, and the error log
    stays quiet: anyone can send such frames, as often as they like."""
    import logging

    game, alice = run_async(alices_game)
    caplog.set_level(logging.INFO)
    with serving(AsUser(application, alice.user), log_level="info") as port:
        for _ in range(3):
            sock = _handshake(port, f"/ws/games/{game.pk}/")
            try:
                sock.sendall(_text_frame(b"\xff\xfe{\xc3\x28}"))
                assert _close_code(sock) == 1007
            finally:
                sock.close()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    refused = [r for r in caplog.records if "not UTF-8" in r.getMessage()]
    assert len(refused) == 3 and all(r.exc_info is None for r in refused)
