"""A spectator's socket: it opens where the player may watch, receives the public board
live, is counted (every socket of the game hears the count), hears no chat nor presence,
and is closed once a player turns spectators off."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from games import services as gs
from games.routing import websocket_urlpatterns
from games.services import spectators
from players.models import PlayerSettings
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def _run(coroutine_function):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


def _socket(game, user, version=None):
    path = f"/ws/games/{game.pk}/" + (f"?v={version}" if version is not None else "")
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    communicator.scope["cookies"] = {"csrftoken": "a" * 32}
    return communicator


@database_sync_to_async
def _setup(**modes):
    cache.clear()
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    carol = PlayerFactory(user__username="carol")
    dave = PlayerFactory(user__username="dave")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice), **modes)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    return game, alice, bob, carol, dave


@database_sync_to_async
def _move(game):
    game.refresh_from_db()
    mover = game.player1 if game.current_seat == 0 else game.player2
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    game.refresh_from_db()
    return game


async def _frames(socket, timeout=0.3):
    out = []
    while not await socket.receive_nothing(timeout=timeout):
        out.append(await socket.receive_json_from())
    return out


async def _until(socket, event):
    while True:
        frame = await socket.receive_json_from(timeout=5)
        if frame["event"] == event:
            return frame


def test_a_spectator_sees_the_moves_live_and_is_counted():
    _run(_test_a_spectator_sees_the_moves_live_and_is_counted)


async def _test_a_spectator_sees_the_moves_live_and_is_counted():
    game, alice, bob, carol, dave = await _setup(hidden=True)
    player = _socket(game, alice.user)
    assert (await player.connect())[0]
    spectator = _socket(game, carol.user, version=game.version)
    connected, _ = await spectator.connect()
    assert connected
    assert (await _until(player, "spectators"))["count"] == 1
    assert (await _until(spectator, "spectators"))["count"] == 1
    second = _socket(game, dave.user, version=game.version)
    assert (await second.connect())[0]
    assert (await _until(player, "spectators"))["count"] == 2
    await _frames(spectator)
    game = await _move(game)
    frame = await _until(spectator, "board")
    assert frame["version"] == game.version
    assert 'data-spectator="1"' in frame["html"] and "<form" not in frame["html"]
    # A chat line is none of the spectator's business; presence is the players'.
    await database_sync_to_async(gs.chat_post)(game_id=game.pk, player=bob, body="hello")
    frames = await _frames(spectator)
    assert all(f["event"] not in ("changed", "presence") for f in frames), frames
    await second.disconnect()
    assert (await _until(player, "spectators"))["count"] == 1
    await spectator.disconnect()
    assert (await _until(player, "spectators"))["count"] == 0
    assert await database_sync_to_async(spectators.spectators_count)(game.pk) == 0
    await player.disconnect()


def test_a_spectator_behind_gets_the_board_when_his_socket_opens():
    _run(_test_a_spectator_behind_gets_the_board_when_his_socket_opens)


async def _test_a_spectator_behind_gets_the_board_when_his_socket_opens():
    game, alice, bob, carol, dave = await _setup()
    shown = game.version
    game = await _move(game)
    spectator = _socket(game, carol.user, version=shown)
    assert (await spectator.connect())[0]
    assert (await _until(spectator, "board"))["version"] == game.version
    await spectator.disconnect()


def test_spectators_off_refuses_the_socket_and_closes_an_open_one():
    _run(_test_spectators_off_refuses_the_socket_and_closes_an_open_one)


async def _test_spectators_off_refuses_the_socket_and_closes_an_open_one():
    game, alice, bob, carol, dave = await _setup()
    spectator = _socket(game, carol.user)
    assert (await spectator.connect())[0]
    await database_sync_to_async(
        PlayerSettings.objects.filter(player=bob).update)(allow_spectators=False)
    late = _socket(game, dave.user)
    connected, code = await late.connect()
    assert not connected and code == 4404
    await late.disconnect()
    await _move(game)
    while True:
        output = await spectator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == 4403
            break
        assert "html" not in output.get("text", "")
    await spectator.disconnect()


def test_games_against_the_computer_cannot_be_watched():
    _run(_test_games_against_the_computer_cannot_be_watched)


async def _test_games_against_the_computer_cannot_be_watched():
    game, alice, bob, carol, dave = await _setup()

    @database_sync_to_async
    def ai_game():
        return gs.ai_game_start(player=alice, deck=make_deck(alice, name="AI"))

    versus_ai = await ai_game()
    spectator = _socket(versus_ai, carol.user)
    connected, code = await spectator.connect()
    assert not connected and code == 4404
    await spectator.disconnect()
