"""Through the real socket (games.consumers): a game page that is open keeps its player's
mail away, and the bell of every page hears of a new notice at once."""
import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import services as gs
from games.routing import websocket_urlpatterns
from players.models import Notification
from players.notifications import presence, triggers
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import make_away, run_notices

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def _run(coroutine_function):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


def _socket(path, user):
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    communicator.scope["cookies"] = {"csrftoken": "a" * 32}
    return communicator


@database_sync_to_async
def _setup():
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    carol = PlayerFactory(user__username="carol")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    run_notices()
    return game, alice, bob, carol


@database_sync_to_async
def _move(game):
    """The player on turn discards; the notices run."""
    game.refresh_from_db()
    mover = game.player_at(game.current_seat)
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    run_notices()
    game.refresh_from_db()
    return game


async def _until(condition, timeout=5.0):
    """Wait for ``condition()`` to hold (the socket records itself off the event loop)."""
    deadline = time.monotonic() + timeout
    while not await database_sync_to_async(condition)():
        assert time.monotonic() < deadline, "the condition did not come true"
        await asyncio.sleep(0.01)


def test_an_open_game_page_keeps_its_players_mail_away(mail_server):
    async def body():
        game, alice, bob, carol = await _setup()
        watcher = await database_sync_to_async(
            lambda: make_away(game.player_at(1 - game.current_seat)))()
        page = _socket(f"/ws/games/{game.pk}/", watcher.user)
        assert (await page.connect())[0]
        await _until(lambda: presence.game_open(watcher.pk, game.pk))
        game = await _move(game)  # his turn, while his page is open
        assert mail_server.received == []
        await page.disconnect()
        await _until(lambda: not presence.game_open(watcher.pk, game.pk))
        await database_sync_to_async(make_away)(watcher)
        game = await _move(await _move(game))  # he moved, then it is his turn again
        assert [m.to for m in mail_server.received] == [watcher.user.email]
        reasons = await database_sync_to_async(lambda: list(
            Notification.objects.filter(player=watcher, kind="your_turn").order_by("pk")
            .values_list("deliveries__reason", flat=True)))()
        assert reasons == ["the game is open", ""]
    _run(body)


def test_the_bell_of_every_page_hears_of_a_new_notice():
    async def body():
        game, alice, bob, carol = await _setup()
        bobs_page = _socket("/ws/games/", bob.user)
        carols_page = _socket("/ws/games/", carol.user)
        assert (await bobs_page.connect())[0] and (await carols_page.connect())[0]

        @database_sync_to_async
        def tell_bob():
            triggers.challenge_received(player=bob, game_id=999, challenger_name="alice")
            run_notices()

        await tell_bob()
        frame = await bobs_page.receive_json_from(timeout=5)
        while frame["event"] != "notices":
            frame = await bobs_page.receive_json_from(timeout=5)
        assert frame == {"event": "notices"}  # no content: the page fetches its own bell
        while not await carols_page.receive_nothing(timeout=0.3):
            assert (await carols_page.receive_json_from())["event"] != "notices"
        await bobs_page.disconnect()
        await carols_page.disconnect()
    _run(body)
