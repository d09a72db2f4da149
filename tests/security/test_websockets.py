"""The live socket, tested through the real ASGI application (origin check, session auth,
routing): who may connect, what they hear, and that malformed frames do no harm."""
import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services as gs
from marcomage.asgi import application
from players.models import PlayerSettings
from tests.security.conftest import hidden_cards_of, start_game

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = b"http://localhost"


def _run(coroutine_function, *args):
    """Run an async body on its own loop in its own thread (Playwright's sync API may hold
    the main thread's loop in the same pytest process)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function(*args)).result(timeout=60)


def _cookie_of(player):
    client = Client()
    client.force_login(player.user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _socket(path, *, cookie=None, origin=ORIGIN):
    headers = [(b"host", b"localhost")]
    if origin is not None:
        headers.append((b"origin", origin))
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, path, headers=headers)


async def _frames_until(socket, version):
    """The frames up to the first one about ``version`` (presence frames included)."""
    out = []
    while True:
        raw = await socket.receive_from(timeout=10)
        out.append(raw)
        if json.loads(raw).get("version") == version:
            return out


async def _frames(socket, timeout=0.5):
    # receive_nothing, not a receive timeout: a timeout cancels the application under test.
    out = []
    while not await socket.receive_nothing(timeout=timeout):
        out.append(await socket.receive_from())
    return out


# ------------------------------------------------------------------ who may connect
def test_anonymous_outsider_and_foreign_origin_are_refused(alice, bob, carol):
    """An outsider is refused where he may not watch (bob turned spectators off; spectators
    themselves: tests/games/watch/test_spectator_socket.py)."""
    game = start_game(alice, bob, hidden=True)
    PlayerSettings.objects.filter(player=bob).update(allow_spectators=False)
    _run(_refusals, game.pk, _cookie_of(carol), _cookie_of(bob))


async def _refusals(game_id, carol_cookie, bob_cookie):
    for path in (f"/ws/games/{game_id}/", "/ws/games/"):
        anonymous = _socket(path)
        connected, code = await anonymous.connect()
        assert not connected and code == 4401, path
        await anonymous.disconnect()
    outsider = _socket(f"/ws/games/{game_id}/", cookie=carol_cookie)
    connected, code = await outsider.connect()
    assert not connected and code == 4404
    await outsider.disconnect()
    missing = _socket(f"/ws/games/{game_id + 999}/", cookie=bob_cookie)
    connected, code = await missing.connect()
    assert not connected and code == 4404
    await missing.disconnect()
    # A page of another site cannot open a socket with bob's cookie (cross-site hijacking).
    for origin in (b"http://evil.example", b"null", b"http://localhost.evil.example"):
        foreign = _socket(f"/ws/games/{game_id}/", cookie=bob_cookie, origin=origin)
        connected, _ = await foreign.connect()
        assert not connected, origin
        await foreign.disconnect()
    # Unknown routes are not served at all: refused at the handshake, not a server error.
    unknown = _socket("/ws/admin/", cookie=bob_cookie)
    connected, code = await unknown.connect()
    assert not connected and code == 4404
    await unknown.disconnect()
    # The rightful player gets in.
    player = _socket(f"/ws/games/{game_id}/", cookie=bob_cookie)
    connected, _ = await player.connect()
    assert connected
    await player.disconnect()


# ------------------------------------------------------------------ what they hear
def test_frames_during_a_hidden_game_carry_no_cards(alice, bob, carol):
    game = start_game(alice, bob, hidden=True)
    bob_cookie = _cookie_of(bob) + b"; csrftoken=" + b"c" * 32  # a page left its CSRF cookie
    _run(_listen_while_playing, game, alice, bob_cookie, _cookie_of(carol))


async def _listen_while_playing(game, alice, bob_cookie, carol_cookie):
    bob_socket = _socket(f"/ws/games/{game.pk}/", cookie=bob_cookie)
    assert (await bob_socket.connect())[0]
    carol_socket = _socket("/ws/games/", cookie=carol_cookie)  # her own player channel
    assert (await carol_socket.connect())[0]
    secrets = {}  # version -> alice's cards bob must not see then
    frames = []
    for _ in range(6):
        moved = await _move_and_collect_secrets(game)
        secrets.update(moved)
        # Bob's socket tells of each move (his board, or a notice of his own) before the
        # next one: on SQLite, a move written while his board is being read is refused
        # ("table is locked"), as two players never move at once.
        (version,) = moved
        frames += await _frames_until(bob_socket, version)
    await database_sync_to_async(gs.chat_post)(game_id=game.pk, player=alice,
                                               body="my plan: play the rare card next")
    frames += await _frames(bob_socket)
    assert frames, "bob must hear about the moves"
    boards = 0
    for raw in frames:
        frame = json.loads(raw)
        assert set(frame) <= {"event", "what", "version", "here", "html"}, frame
        assert "plan" not in raw
        for value in frame.values():
            assert not isinstance(value, (list, dict)), frame
        if "html" in frame:  # bob's own board, as his page shows it
            boards += 1
            for card in secrets[frame["version"]]:
                assert f'data-card-id="{card}"' not in frame["html"], (card, frame["version"])
    assert boards  # boards of alice's moves (bob's own get a bare notice; a board may cover two)
    assert any(secrets.values())
    assert await _frames(carol_socket, timeout=0.3) == []  # carol hears nothing of it
    await bob_socket.disconnect()
    await carol_socket.disconnect()


@database_sync_to_async
def _move_and_collect_secrets(game):
    game.refresh_from_db()
    mover = game.player1 if game.current_seat == 0 else game.player2
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=2)
    game.refresh_from_db()
    return {game.version: hidden_cards_of(game, seat=0)}


# ------------------------------------------------------------------ malformed frames
MALFORMED = [
    "not json at all",
    "[1, 2, 3]",
    '"a string"',
    "42",
    "null",
    '{"type": 5}',
    '{"type": ["ping"]}',
    '{"type": "ping", "extra": ' + "[" * 500 + "]" * 500 + "}",
    "{" * 10000,
    '{"type": "' + "x" * 200_000 + '"}',
    "\u0000\u0001",
]


def test_malformed_frames_do_not_break_the_socket(alice, bob):
    game = start_game(alice, bob)
    _run(_malformed, game.pk, _cookie_of(bob))


async def _malformed(game_id, bob_cookie):
    socket = _socket(f"/ws/games/{game_id}/", cookie=bob_cookie)
    assert (await socket.connect())[0]
    for text in MALFORMED:
        await socket.send_to(text_data=text)
        # Still alive and sane: a ping after each bad frame is answered.
        await socket.send_to(text_data=json.dumps({"type": "ping"}))
        assert json.loads(await socket.receive_from(timeout=2)) == {"event": "pong"}, text[:40]
    await socket.send_to(bytes_data=b"\x00\xff binary")
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert json.loads(await socket.receive_from(timeout=2)) == {"event": "pong"}
    await socket.disconnect()


# ------------------------------------------------------------------ how many at once
# marcomage/plumbing/socket_cap.py: at most LIVE_SOCKETS_PER_ACCOUNT (30) sockets per account and
# LIVE_SOCKETS_PER_ADDRESS (30) per address, over every live socket of the site together;
# one more closes the oldest (code 4429, with the reason its page shows).
def _socket_from(path, cookie, address):
    socket = _socket(path, cookie=cookie)
    socket.scope["client"] = (address, 50000)
    return socket


async def _open(path, cookie, address):
    socket = _socket_from(path, cookie, address)
    connected, code = await socket.connect()
    assert connected, (path, code)
    return socket


async def _close_of(socket):
    """(code, reason) of the close the server sent this socket."""
    output = await socket.receive_output(timeout=5)
    assert output["type"] == "websocket.close", output
    return output.get("code"), output.get("reason")


async def _answers_ping(socket) -> bool:
    await socket.send_json_to({"type": "ping"})
    return await socket.receive_json_from(timeout=5) == {"event": "pong"}


async def _disconnect_all(sockets):
    for socket in sockets:
        await socket.disconnect()


@database_sync_to_async
def _tournament():
    from tests.tournaments.conftest import event
    return event(name="Crowded arena")


def test_an_account_past_its_cap_loses_its_oldest_socket_and_no_one_elses(alice, bob):
    from django.conf import settings
    assert settings.LIVE_SOCKETS_PER_ACCOUNT == 30
    _run(_account_cap, _cookie_of(alice), _cookie_of(bob))


async def _account_cap(alice_cookie, bob_cookie):
    bobs = await _open("/ws/games/", bob_cookie, "10.0.0.200")
    # alice's from addresses of their own: her account's cap alone is at work.
    alices = [await _open("/ws/games/", alice_cookie, f"10.0.1.{n}") for n in range(30)]
    assert await alices[0].receive_nothing(timeout=0.2)  # 30: all open
    newest = await _open("/ws/games/", alice_cookie, "10.0.1.30")
    code, reason = await _close_of(alices[0])
    assert code == 4429
    assert reason == ("Live updates stopped on this page: your account has more than 30 "
                      "pages open with live updates.")
    for socket in [*alices[1:], newest, bobs]:
        assert await _answers_ping(socket)
    one_more = await _open("/ws/games/", alice_cookie, "10.0.1.31")
    assert (await _close_of(alices[1]))[0] == 4429  # the next oldest, not bob's
    assert await _answers_ping(bobs) and await _answers_ping(alices[2])
    await _disconnect_all([*alices, newest, one_more, bobs])


def test_the_game_and_event_sockets_count_together(alice):
    _run(_together, _cookie_of(alice))


async def _together(alice_cookie):
    tournament = await _tournament()
    path = f"/ws/tournaments/{tournament.pk}/?v={tournament.version}"  # up to date: quiet
    events = [await _open(path, alice_cookie, f"10.0.2.{n}")
              for n in range(20)]
    pages = [await _open("/ws/games/", alice_cookie, f"10.0.3.{n}") for n in range(10)]
    assert await events[0].receive_nothing(timeout=0.2)
    newest = await _open("/ws/games/", alice_cookie, "10.0.3.99")
    assert (await _close_of(events[0]))[0] == 4429  # the oldest, an event page's
    assert await _answers_ping(events[1]) and await _answers_ping(pages[0])
    await _disconnect_all([*events, *pages, newest])


def test_an_address_past_its_cap_loses_its_oldest_socket_and_anonymous_ones_never_count(
        alice, bob, carol):
    from tests.factories import PlayerFactory
    dave = PlayerFactory(user__username="dave")
    _run(_address_cap, [_cookie_of(p) for p in (alice, bob, carol)], _cookie_of(dave))


async def _address_cap(cookies, dave_cookie):
    shared = "10.0.9.9"
    sockets = [await _open("/ws/games/", cookie, shared) for cookie in cookies for _ in range(10)]
    # Anonymous sockets from the same address are refused at the handshake: they hold no
    # place and close nobody's.
    for _ in range(40):
        anonymous = _socket_from("/ws/games/", None, shared)
        connected, code = await anonymous.connect()
        assert not connected and code == 4401
    assert await sockets[0].receive_nothing(timeout=0.2)
    elsewhere = await _open("/ws/games/", dave_cookie, "10.0.9.10")  # another address
    assert await sockets[0].receive_nothing(timeout=0.2)
    newest = await _open("/ws/games/", dave_cookie, shared)  # the address's 31st
    code, reason = await _close_of(sockets[0])  # alice's first, the address's oldest
    assert code == 4429 and "from your address" in reason
    for socket in [*sockets[1:], newest, elsewhere]:
        assert await _answers_ping(socket)
    await _disconnect_all([*sockets, newest, elsewhere])


def test_a_closed_socket_frees_its_place(alice):
    _run(_freed, _cookie_of(alice))


async def _freed(alice_cookie):
    sockets = [await _open("/ws/games/", alice_cookie, f"10.0.4.{n}") for n in range(30)]
    await sockets[5].disconnect()
    newest = await _open("/ws/games/", alice_cookie, "10.0.4.99")  # 30 again: nobody closed
    assert await sockets[0].receive_nothing(timeout=0.3)
    assert await _answers_ping(sockets[0])
    await _disconnect_all([*sockets[:5], *sockets[6:], newest])


def test_counts_that_cannot_be_reached_refuse_no_socket(alice, monkeypatch, caplog):
    """A Redis that is down: every socket is accepted and nobody is closed (no cap)."""
    import redis

    from marcomage.plumbing import socket_cap
    from tests.robustness.serve_process import free_port
    dead = free_port()  # nothing listens there
    client = redis.Redis(port=dead, socket_timeout=1, socket_connect_timeout=1,
                         retry=None)  # as the cache's client: no retries
    monkeypatch.setattr(socket_cap, "_counts",
                        socket_cap.RedisCounts(client_factory=lambda: client))
    _run(_no_cap, _cookie_of(alice))
    assert "live sockets not counted" in caplog.text


async def _no_cap(alice_cookie):
    sockets = [await _open("/ws/games/", alice_cookie, "10.0.5.1") for _ in range(35)]
    assert await sockets[0].receive_nothing(timeout=0.3)
    assert await _answers_ping(sockets[0]) and await _answers_ping(sockets[-1])
    await _disconnect_all(sockets)


def test_a_deleted_accounts_sockets_close_at_once(alice, bob):
    """Deleting an account (marcomage/privacy) ends its sessions, and its open pages' live
    updates stop now, not at their next reconnect; another player's socket stays."""
    _run(_deleted, alice, _cookie_of(alice), _cookie_of(bob))


async def _deleted(alice, alice_cookie, bob_cookie):
    from marcomage.privacy.deletion import account_delete

    alices = [await _open("/ws/games/", alice_cookie, f"10.0.2.{n}") for n in range(2)]
    bobs = await _open("/ws/games/", bob_cookie, "10.0.2.9")
    for socket in alices:
        assert await _answers_ping(socket)
    await database_sync_to_async(account_delete)(player=alice)
    for socket in alices:
        output = await socket.receive_output(timeout=5)
        while output["type"] == "websocket.send":  # "your games changed" comes first
            output = await socket.receive_output(timeout=5)
        assert (output["type"], output.get("code")) == ("websocket.close", 4401)
    assert await _answers_ping(bobs)
    refused = _socket_from("/ws/games/", alice_cookie, "10.0.2.3")
    connected, _code = await refused.connect()
    assert not connected  # the session is gone too
    await _disconnect_all([*alices, bobs])
