"""The event page's socket: who may open it, and the live panel it pushes when the event
changes."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games.tournaments import services
from games.tournaments.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import event

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def _run(coroutine_function):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


def _socket(path, user):
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    return communicator


@database_sync_to_async
def _setup():
    watcher = PlayerFactory(user__username="watcher")
    return event(name="Live arena"), watcher


@database_sync_to_async
def _join(tournament, name):
    player = PlayerFactory(user__username=name)
    services.tournament_join(tournament_id=tournament.pk, player=player,
                             deck=make_deck(player).pk)


def test_anonymous_and_unknown_events_are_refused():
    async def body():
        tournament, watcher = await _setup()
        anonymous = _socket(f"/ws/tournaments/{tournament.pk}/", AnonymousUser())
        connected, code = await anonymous.connect()
        assert not connected and code == 4401
        unknown = _socket("/ws/tournaments/99999/", watcher.user)
        connected, code = await unknown.connect()
        assert not connected and code == 4404
    _run(body)


def test_a_change_pushes_the_live_panel_to_every_open_page():
    async def body():
        tournament, watcher = await _setup()
        pages = [_socket(f"/ws/tournaments/{tournament.pk}/?v={tournament.version}",
                         watcher.user) for _ in range(2)]
        for page in pages:
            connected, _code = await page.connect()
            assert connected
            assert await page.receive_nothing(timeout=0.2)  # up to date: nothing sent
        await _join(tournament, "newcomer")
        for page in pages:
            frame = await page.receive_json_from(timeout=10)
            assert frame["event"] == "live" and frame["status"] == "upcoming"
            assert frame["version"] > tournament.version and "newcomer" in frame["html"]
            await page.disconnect()
    _run(body)


def test_a_page_drawn_before_a_change_catches_up_at_once():
    async def body():
        tournament, watcher = await _setup()
        await _join(tournament, "early")
        page = _socket(f"/ws/tournaments/{tournament.pk}/?v={tournament.version}",
                       watcher.user)
        connected, _code = await page.connect()
        assert connected
        frame = await page.receive_json_from(timeout=10)
        assert "early" in frame["html"]
        await page.send_json_to({"type": "ping"})
        assert (await page.receive_json_from(timeout=5))["event"] == "pong"
        await page.disconnect()
    _run(body)
