"""The live socket: who may listen, what a change notice carries, presence."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import services as gs
from games.routing import websocket_urlpatterns
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def _run(coroutine_function):
    """Run an async test body on its own event loop in its own thread.

    Playwright's sync API (browser tests, same pytest process) leaves an event loop
    running in the main thread, where pytest-asyncio could not start another one.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=60)


def _socket(path, user):
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user
    return communicator


@database_sync_to_async
def _setup_game():
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    carol = PlayerFactory(user__username="carol")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               hidden=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    return game, alice, bob, carol


@database_sync_to_async
def _move(game):
    game.refresh_from_db()
    mover = game.player1 if game.current_seat == 0 else game.player2
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    game.refresh_from_db()
    return game


def test_anonymous_and_outsiders_are_refused():
    _run(_test_anonymous_and_outsiders_are_refused)


async def _test_anonymous_and_outsiders_are_refused():
    game, alice, bob, carol = await _setup_game()
    anonymous = _socket(f"/ws/games/{game.pk}/", AnonymousUser())
    connected, code = await anonymous.connect()
    assert not connected and code == 4401
    await anonymous.disconnect()
    outsider = _socket(f"/ws/games/{game.pk}/", carol.user)
    connected, code = await outsider.connect()
    assert not connected and code == 4404
    await outsider.disconnect()


def test_a_move_reaches_the_other_player_as_a_bare_notice():
    _run(_test_a_move_reaches_the_other_player_as_a_bare_notice)


async def _test_a_move_reaches_the_other_player_as_a_bare_notice():
    game, alice, bob, carol = await _setup_game()
    watcher = alice.user if game.current_seat == 1 else bob.user
    socket = _socket(f"/ws/games/{game.pk}/", watcher)
    connected, _ = await socket.connect()
    assert connected
    game = await _move(game)
    notices = []
    while True:
        message = await socket.receive_json_from(timeout=2)
        notices.append(message)
        if message["event"] == "changed":
            break
    changed = notices[-1]
    assert changed == {"event": "changed", "what": "board", "version": game.version}
    # the player group learns it too (navigation indicator)
    assert (await socket.receive_json_from(timeout=2)) == {"event": "turns"}
    await socket.disconnect()


def test_presence_is_announced_both_ways():
    _run(_test_presence_is_announced_both_ways)


async def _test_presence_is_announced_both_ways():
    game, alice, bob, carol = await _setup_game()
    first = _socket(f"/ws/games/{game.pk}/", alice.user)
    assert (await first.connect())[0]
    second = _socket(f"/ws/games/{game.pk}/", bob.user)
    assert (await second.connect())[0]
    assert await first.receive_json_from(timeout=2) == {"event": "presence", "here": True}
    assert await second.receive_json_from(timeout=2) == {"event": "presence", "here": True}
    await second.disconnect()
    assert await first.receive_json_from(timeout=2) == {"event": "presence", "here": False}
    await first.disconnect()


def test_player_socket_on_any_page_hears_about_turns():
    _run(_test_player_socket_on_any_page_hears_about_turns)


async def _test_player_socket_on_any_page_hears_about_turns():
    game, alice, bob, carol = await _setup_game()
    socket = _socket("/ws/games/", alice.user)
    assert (await socket.connect())[0]
    await _move(game)
    assert await socket.receive_json_from(timeout=2) == {"event": "turns"}
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


def test_chat_notice_carries_no_text():
    _run(_test_chat_notice_carries_no_text)


async def _test_chat_notice_carries_no_text():
    game, alice, bob, carol = await _setup_game()
    socket = _socket(f"/ws/games/{game.pk}/", bob.user)
    assert (await socket.connect())[0]
    await database_sync_to_async(gs.chat_post)(game_id=game.pk, player=alice,
                                               body="secret plan")
    message = await socket.receive_json_from(timeout=2)
    assert message["event"] == "changed" and message["what"] == "chat"
    assert "secret" not in str(message)
    await socket.disconnect()


def test_ping_gets_a_pong():
    _run(_test_ping_gets_a_pong)


async def _test_ping_gets_a_pong():
    game, alice, bob, carol = await _setup_game()
    socket = _socket(f"/ws/games/{game.pk}/", alice.user)
    assert (await socket.connect())[0]
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=2) == {"event": "pong"}
    await socket.disconnect()
