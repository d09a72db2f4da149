"""The event page's socket: who may open it, the live panel it pushes when the event
changes (coalesced), and a paired player's own game, sent to him alone."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games.tournaments import consumers, services
from games.tournaments.models import Tournament
from games.tournaments.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import event, joined, running_games, start_now

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


@database_sync_to_async
def _players(tournament, count):
    return joined(tournament, count, prefix="live")


@database_sync_to_async
def _start_and_games(tournament):
    start_now(tournament)
    return {(game.player1_id, game.player2_id): game.pk
            for game in running_games(tournament)}


def test_a_paired_player_hears_his_game_and_nobody_else_does():
    async def body():
        tournament, watcher = await _setup()
        white, black = await _players(tournament, 2)
        version = tournament.version + 2
        pages = {name: _socket(f"/ws/tournaments/{tournament.pk}/?v={version}", user)
                 for name, user in (("white", white.user), ("black", black.user),
                                    ("watcher", watcher.user))}
        for page in pages.values():
            connected, _code = await page.connect()
            assert connected
        games = await _start_and_games(tournament)
        (players, game), = games.items()
        assert set(players) == {white.pk, black.pk}
        for name in ("white", "black"):
            frames = [await pages[name].receive_json_from(timeout=10) for _ in range(2)]
            # his game at once; the panel (which shows every game) in its own time
            assert {"event": "game", "game": game} in frames
        frame = await pages["watcher"].receive_json_from(timeout=10)
        assert frame["event"] == "live"
        assert await pages["watcher"].receive_nothing(timeout=0.5)  # no "game" frame
        for page in pages.values():
            await page.disconnect()
    _run(body)


def test_changes_in_quick_succession_send_one_panel_the_newest(monkeypatch):
    monkeypatch.setattr(consumers, "PANEL_EVERY", 3.0)

    async def body():
        tournament, watcher = await _setup()
        page = _socket(f"/ws/tournaments/{tournament.pk}/?v={tournament.version}",
                       watcher.user)
        connected, _code = await page.connect()
        assert connected
        await _join(tournament, "first")
        frame = await page.receive_json_from(timeout=10)  # the first change: at once
        assert "first" in frame["html"]
        for name in ("second", "third", "fourth"):
            await _join(tournament, name)
        newest = await database_sync_to_async(
            lambda: Tournament.objects.get(pk=tournament.pk).version)()
        frame = await page.receive_json_from(timeout=10)
        assert frame["version"] == newest and "fourth" in frame["html"]
        assert await page.receive_nothing(timeout=0.5)
        await page.disconnect()
    _run(body)
