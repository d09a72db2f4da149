"""Junk frames on the live sockets (the game page's and the site-wide notification one):
the consumer drops them and stays alive, still answering a real ping."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import services as gs
from games.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db(transaction=True)
application = URLRouter(websocket_urlpatterns)

JUNK_TEXT = [" ", "not json", "{", "[1, 2, 3]", "42", "null", '"ping"', "true",
             '{"type": ["ping"]}', '{"type": null}', '{"type": "launch-missiles"}',
             '{"type": "ping", "extra": ' + "[" * 5000 + "]" * 5000 + "}",
             "[" * 100000, '{"type": "' + "p" * (1 << 20) + '"}', "\x00\ud7ff\ufffe",
             '{"type": "ping"' + "," * 1000 + "}"]
JUNK_BYTES = [b"\x00", b"\x00\xff" * 10, b'{"type": "ping"}', b"x" * (1 << 20)]


def _run(coroutine_function):
    # Own loop in its own thread: the browser tests of the same run keep one in the main thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


@database_sync_to_async
def _game():
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    return game, alice


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
        game, alice = await _game()
        path = f"/ws/games/{game.pk}/" if where == "game" else "/ws/games/"
        await _junk_then_ping(path, alice.user)

    _run(body)
