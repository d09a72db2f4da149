"""The live sockets as the robustness tests reach them: the websocket routes, a started game
of alice's, and uvicorn serving them as `manage.py serve` runs it."""
import asyncio
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from channels.db import database_sync_to_async
from channels.routing import URLRouter

from games import services as gs
from games.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

application = URLRouter(websocket_urlpatterns)


def run_async(coroutine_function):
    # Own loop in its own thread: the browser tests of the same run keep one in the main thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


@database_sync_to_async
def alices_game():
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    return game, alice


class AsUser:
    """The socket's user set as the session middleware would (tests log in without it)."""

    def __init__(self, app, user):
        self.app, self.user = app, user

    async def __call__(self, scope, receive, send):
        return await self.app({**scope, "user": self.user}, receive, send)


@contextmanager
def serving(app, **options):
    """``app`` served by uvicorn as `manage.py serve` runs it (its HTTP and websocket
    protocols), in a thread, on a free port: yields the port."""
    with uvicorn_serving(app, **options) as (_server, port):
        yield port


@contextmanager
def uvicorn_serving(app, **options):
    """As ``serving``; yields uvicorn's server too (``server.should_exit = True`` stops it
    as SIGTERM does): (server, port)."""
    import socket
    import threading
    import time

    import uvicorn

    from marcomage.management.commands.serve import HTTP_PROTOCOL, WS_PROTOCOL
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port,
                            http=HTTP_PROTOCOL, ws=WS_PROTOCOL, lifespan="off",
                            log_config=None, **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        yield server, port
    finally:
        server.should_exit = True
        thread.join(10)
