"""The event page's socket: who may open it, the live panel it pushes when the event
changes (coalesced), and a paired player's own game, sent to him alone."""
import asyncio
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.middleware.csrf import _get_new_csrf_string

from games.models import Game
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from games.tournaments import consumers, services
from games.tournaments.models import Tournament
from games.tournaments.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

from .conftest import (
    event,
    finish,
    joined,
    running_games,
    start_now,
    surrender_accepted,
    surrender_asked,
)

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


games_application = URLRouter(games_websocket_urlpatterns)


def _recorded(tournament, game_id):
    """The event's running games once ``game_id``'s result is recorded."""
    services.game_result_record(game_id=game_id)  # (already done if the task ran eagerly)
    return {game.pk for game in running_games(tournament)}


@database_sync_to_async
def _finish_and_record(tournament, game_id):
    finish(Game.objects.get(pk=game_id), 0)
    return _recorded(tournament, game_id)


@database_sync_to_async
def _surrender_asked(game_id):
    surrender_asked(Game.objects.get(pk=game_id), 0)


@database_sync_to_async
def _surrender_accepted_and_recorded(tournament, game_id):
    surrender_accepted(Game.objects.get(pk=game_id), 0)
    return _recorded(tournament, game_id)


async def _frames_until(page, *events, timeout=10):
    """The frames a socket sends until one of ``events`` (returned last)."""
    frames = []
    while not frames or frames[-1].get("event") not in events:
        frames.append(await page.receive_json_from(timeout=timeout))
    return frames


def _game_page(game_id, player, tournament=None, **query):
    """A game page's socket as games.js opens it (with the page's CSRF cookie; on a game of
    an event, naming the event)."""
    params = {**query, **({"event": tournament.pk} if tournament is not None else {})}
    path = f"/ws/games/{game_id}/" + ("?" + urlencode(params) if params else "")
    page = WebsocketCommunicator(games_application, path)
    page.scope["user"] = player.user
    page.scope["cookies"] = {settings.CSRF_COOKIE_NAME: _get_new_csrf_string()}
    return page


def test_the_page_of_a_finished_arena_game_hears_the_players_next_game_with_its_board():
    async def body():
        tournament, _watcher = await _setup()
        white, black = await _players(tournament, 2)
        (_players_pair, first), = (await _start_and_games(tournament)).items()
        pages = {}
        for name, player in (("white", white), ("black", black)):
            pages[name] = _game_page(first, player, tournament)
            connected, _code = await pages[name].connect()
            assert connected
        # His page of a game of no event (the lobby's socket), and one that does not say
        # it is the event's: not sent it.
        lobby = WebsocketCommunicator(games_application, "/ws/games/")
        lobby.scope["user"] = white.user
        silent = _game_page(first, white)
        for page in (lobby, silent):
            connected, _code = await page.connect()
            assert connected
        # Black gives up, and the pages draw what that changed before white accepts: their
        # reads of the game meeting the acceptance's write failed on the tests' SQLite
        # database in memory ("table is locked"), which does not wait as a file does.
        await _surrender_asked(first)
        for page in (*pages.values(), silent):
            await _frames_until(page, "board", "changed")
        (second,) = await _surrender_accepted_and_recorded(tournament, first)
        assert second != first
        for page in pages.values():
            frame = (await _frames_until(page, "event-game"))[-1]
            assert (frame["event"], frame["tournament"], frame["game"]) == (
                "event-game", tournament.pk, second)
            # The next game's board, drawn for his seat of it: the page shows it at once.
            html = frame["html"]
            assert f'data-game="{second}"' in html and 'id="hand-form"' in html
            assert f'data-version="{frame["version"]}"' in html
        for page in (lobby, silent):
            while not await page.receive_nothing(timeout=0.5):
                assert (await page.receive_json_from())["event"] != "event-game"
        for page in (*pages.values(), lobby, silent):
            await page.disconnect()
    _run(body)


def test_a_page_opened_after_the_pairing_hears_the_next_game_at_once():
    async def body():
        tournament, _watcher = await _setup()
        white, _black = await _players(tournament, 2)
        (_players_pair, first), = (await _start_and_games(tournament)).items()
        (second,) = await _finish_and_record(tournament, first)
        # The finished game's page loading (or its socket down) when the pairing was made.
        page = _game_page(first, white, tournament)
        connected, _code = await page.connect()
        assert connected
        frame = (await _frames_until(page, "event-game"))[-1]
        assert frame["game"] == second and f'data-game="{second}"' in frame["html"]
        await page.disconnect()
        # The event's page drawn knowing the first game: told of the second; drawn knowing
        # the second: nothing to tell.
        for known, told in ((first, True), (second, False), ("", True)):
            event_page = _socket(f"/ws/tournaments/{tournament.pk}/?v=999&g={known}",
                                 white.user)
            connected, _code = await event_page.connect()
            assert connected
            if told:
                assert await event_page.receive_json_from(timeout=10) == {
                    "event": "game", "game": second}
            else:
                assert await event_page.receive_nothing(timeout=0.5)
            await event_page.disconnect()
        # The new game's own page (it is his game now): nothing to open.
        own = _game_page(second, white, tournament)
        connected, _code = await own.connect()
        assert connected
        while not await own.receive_nothing(timeout=0.5):
            assert (await own.receive_json_from())["event"] != "event-game"
        await own.disconnect()
    _run(body)


def test_a_page_naming_an_event_its_game_is_not_of_is_told_nothing():
    async def body():
        tournament, _watcher = await _setup()
        other = await database_sync_to_async(event)(name="Other arena")
        white, _black = await _players(tournament, 2)
        (_players_pair, first), = (await _start_and_games(tournament)).items()
        (_second,) = await _finish_and_record(tournament, first)
        page = _game_page(first, white, other)
        connected, _code = await page.connect()
        assert connected
        while not await page.receive_nothing(timeout=0.5):
            assert (await page.receive_json_from())["event"] != "event-game"
        await page.disconnect()
    _run(body)
