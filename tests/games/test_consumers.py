"""The live socket: who may listen, what each seat receives when its game changes (its
own board), presence, and what the handshake costs."""
from contextlib import contextmanager
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db.backends.utils import CursorWrapper
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import services as gs
from games.routing import websocket_urlpatterns
from tests.event_loop import run_in_own_loop
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def _run(coroutine_function):
    """Run an async test body on its own event loop in its own thread.

    Playwright's sync API (browser tests, same pytest process) leaves an event loop
    running in the main thread, where pytest-asyncio could not start another one.
    """
    return run_in_own_loop(coroutine_function())


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


@database_sync_to_async
def _spectators_off(player):
    from players.models import PlayerSettings

    PlayerSettings.objects.filter(player=player).update(allow_spectators=False)


def test_anonymous_and_outsiders_are_refused():
    _run(_test_anonymous_and_outsiders_are_refused)


async def _test_anonymous_and_outsiders_are_refused():
    game, alice, bob, carol = await _setup_game()
    anonymous = _socket(f"/ws/games/{game.pk}/", AnonymousUser())
    connected, code = await anonymous.connect()
    assert not connected and code == 4401
    await anonymous.disconnect()
    await _spectators_off(alice)  # (a spectator's socket: tests/games/watch/)
    outsider = _socket(f"/ws/games/{game.pk}/", carol.user)
    connected, code = await outsider.connect()
    assert not connected and code == 4404
    await outsider.disconnect()


CSRF_SECRET = "a" * 32  # the CSRF cookie a page left in the browser


def _page_socket(game, user, *, version=None, csrf=True):
    path = f"/ws/games/{game.pk}/" + (f"?v={version}" if version is not None else "")
    communicator = _socket(path, user)
    if csrf:
        communicator.scope["cookies"] = {"csrftoken": CSRF_SECRET}
    return communicator


async def _no_board_event(socket, timeout=0.3):
    """True when nothing but presence frames arrive within ``timeout``."""
    while not await socket.receive_nothing(timeout=timeout):
        if (await socket.receive_json_from())["event"] != "presence":
            return False
    return True


async def _next_board_event(socket):
    """The next frame about the board (presence frames skipped)."""
    while True:
        message = await socket.receive_json_from(timeout=5)
        if message["event"] != "presence":
            return message


def test_messages_reach_the_consumer_without_a_hop_to_the_sync_thread():
    """Channels closes old database connections on its shared sync thread before every
    message a consumer handles; ours skips that hop (its database work cleans up after
    itself): a move still reaches the other page, and no message went through it."""
    from channels import consumer as channels_consumer

    hops = []

    async def hop():
        hops.append(True)

    with mock.patch.object(channels_consumer, "aclose_old_connections", hop):
        _run(_test_a_move_reaches_the_other_player_as_his_own_board)
    assert hops == []


def test_a_move_reaches_the_other_player_as_his_own_board():
    _run(_test_a_move_reaches_the_other_player_as_his_own_board)


async def _test_a_move_reaches_the_other_player_as_his_own_board():
    game, alice, bob, carol = await _setup_game()
    watcher, mover = (alice, bob) if game.current_seat == 1 else (bob, alice)
    watching = _page_socket(game, watcher.user)
    assert (await watching.connect())[0]
    moving = _page_socket(game, mover.user)
    assert (await moving.connect())[0]
    game = await _move(game)
    frame = await _next_board_event(watching)
    assert set(frame) == {"event", "what", "version", "html"}
    assert frame["event"] == "board" and frame["what"] == "board"
    assert frame["version"] == game.version
    html = frame["html"]
    assert f'data-version="{game.version}"' in html and 'data-my-turn="1"' in html
    # Its forms post with this browser's token; the indicator rides along.
    assert 'name="csrfmiddlewaretoken" value="' in html
    assert 'id="nav-turn-indicator" hx-swap-oob="innerHTML"' in html
    # One frame per change: no "turns" for the game this page shows.
    assert await _no_board_event(watching)
    # The mover's page has the board from its own request: a bare notice only.
    assert await _next_board_event(moving) == {"event": "changed", "what": "board",
                                               "version": game.version}
    assert await _no_board_event(moving)
    await watching.disconnect()
    await moving.disconnect()


def test_without_a_csrf_cookie_the_page_gets_a_bare_notice():
    _run(_test_without_a_csrf_cookie_the_page_gets_a_bare_notice)


async def _test_without_a_csrf_cookie_the_page_gets_a_bare_notice():
    game, alice, bob, carol = await _setup_game()
    watcher = alice.user if game.current_seat == 1 else bob.user
    socket = _page_socket(game, watcher, csrf=False)
    assert (await socket.connect())[0]
    game = await _move(game)
    assert await _next_board_event(socket) == {"event": "changed", "what": "board",
                                               "version": game.version}
    await socket.disconnect()


def test_a_board_that_cannot_be_rendered_becomes_a_bare_notice():
    _run(_test_a_board_that_cannot_be_rendered_becomes_a_bare_notice)


async def _test_a_board_that_cannot_be_rendered_becomes_a_bare_notice():
    """The database away while a live board is drawn: the socket stays open and sends the
    notice, so the page fetches the board over HTTP (and gets the next one live)."""
    from django.db import OperationalError

    from games.game import live

    game, alice, bob, carol = await _setup_game()
    watcher = alice.user if game.current_seat == 1 else bob.user
    socket = _page_socket(game, watcher)
    assert (await socket.connect())[0]
    with mock.patch.object(live, "board_frame", side_effect=OperationalError("gone")):
        game = await _move(game)
        assert await _next_board_event(socket) == {"event": "changed", "what": "board",
                                                   "version": game.version}
    game = await _move(game)  # the watcher's own move (a notice to this socket)...
    game = await _move(game)  # ...then the opponent's: drawn and sent again
    frame = await _next_board_event(socket)
    while frame["event"] != "board":
        frame = await _next_board_event(socket)
    assert frame["version"] == game.version
    await socket.disconnect()


def test_a_page_behind_gets_the_board_when_its_socket_opens():
    _run(_test_a_page_behind_gets_the_board_when_its_socket_opens)


async def _test_a_page_behind_gets_the_board_when_its_socket_opens():
    game, alice, bob, carol = await _setup_game()
    shown = game.version
    game = await _move(game)
    behind = _page_socket(game, alice.user, version=shown)
    assert (await behind.connect())[0]
    frame = await _next_board_event(behind)
    assert frame["event"] == "board" and frame["version"] == game.version
    current = _page_socket(game, bob.user, version=game.version)
    assert (await current.connect())[0]
    assert await _no_board_event(current)
    # ?v=0: a page that shows no board yet (a socket reopened after a restart) gets it too.
    fresh = _page_socket(game, bob.user, version=0)
    assert (await fresh.connect())[0]
    frame = await _next_board_event(fresh)
    assert frame["event"] == "board" and frame["version"] == game.version
    await behind.disconnect()
    await current.disconnect()
    await fresh.disconnect()


def test_changes_at_the_same_version_are_pushed_to_both_seats():
    _run(_test_changes_at_the_same_version_are_pushed_to_both_seats)


async def _test_changes_at_the_same_version_are_pushed_to_both_seats():
    from games.services import events

    game, alice, bob, carol = await _setup_game()
    sockets = [_page_socket(game, alice.user), _page_socket(game, bob.user)]
    for socket in sockets:
        assert (await socket.connect())[0]

    @database_sync_to_async
    def _notice_activity():
        from django.db import transaction
        with transaction.atomic():
            events.publish_game_changed(game, what="presence")

    await _notice_activity()
    for socket in sockets:
        frame = await _next_board_event(socket)
        assert frame["event"] == "board" and frame["what"] == "presence"
        assert frame["version"] == game.version
        await socket.disconnect()


def test_a_closed_account_stops_getting_boards():
    _run(_test_a_closed_account_stops_getting_boards)


async def _test_a_closed_account_stops_getting_boards():
    game, alice, bob, carol = await _setup_game()
    watcher, mover = (alice, bob) if game.current_seat == 1 else (bob, alice)
    socket = _page_socket(game, watcher.user)
    assert (await socket.connect())[0]

    @database_sync_to_async
    def _deactivate():
        user = type(watcher.user).objects.get(pk=watcher.user.pk)
        user.is_active = False
        user.save()

    await _deactivate()
    await _move(game)
    output = await socket.receive_output(timeout=5)
    while output["type"] == "websocket.send":  # presence frames
        assert '"board"' not in output.get("text", "")
        output = await socket.receive_output(timeout=5)
    assert output["type"] == "websocket.close" and output["code"] == 4401


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
    # (first's own "hello" may have reached second too, when second joined the game's group
    # before it went out: second then answered "here" once more)
    frames = [await first.receive_json_from(timeout=2)]
    while frames[-1] == {"event": "presence", "here": True} and len(frames) < 3:
        frames.append(await first.receive_json_from(timeout=2))
    assert frames[-1] == {"event": "presence", "here": False}
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


# ------------------------------------------------------------------ the handshake's cost
@contextmanager
def _queries_in_any_thread():
    """Every SQL statement run meanwhile, whichever thread runs it (the consumer's
    database work runs on a thread of its own)."""
    seen = []
    original = CursorWrapper._execute_with_wrappers

    def counting(self, sql, *args, **kwargs):
        seen.append(sql)
        return original(self, sql, *args, **kwargs)

    with mock.patch.object(CursorWrapper, "_execute_with_wrappers", counting):
        yield seen


def test_the_handshake_makes_at_most_one_query():
    _run(_test_the_handshake_makes_at_most_one_query)


async def _test_the_handshake_makes_at_most_one_query():
    from marcomage.asgi import application as site

    game, alice, bob, carol = await _setup_game()

    @database_sync_to_async
    def _signed_in_cookie():
        client = Client()
        client.force_login(alice.user)
        client.get(reverse("games:turn_indicator"))  # a page view: session and user cached
        return (f"sessionid={client.cookies['sessionid'].value}; "
                f"csrftoken={CSRF_SECRET}").encode()

    cookie = await _signed_in_cookie()
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", cookie)]
    for path, most in ((f"/ws/games/{game.pk}/?v={game.version}", 1), ("/ws/games/", 0)):
        socket = WebsocketCommunicator(site, path, headers=headers)
        with _queries_in_any_thread() as queries:
            connected, _ = await socket.connect()
        assert connected
        assert len(queries) <= most, queries
        await socket.disconnect()


def test_a_full_inbox_of_a_newcomer_does_not_end_the_socket_answering_its_hello():
    """Presence replies are a courtesy: a newcomer whose inbox is full (ChannelFull) must
    not kill the consumer of the player who answers (its socket would drop)."""
    from channels.exceptions import ChannelFull

    from games.consumers import GameLiveConsumer

    class FullLayer:
        async def send(self, channel, message):
            raise ChannelFull(channel)

    consumer = GameLiveConsumer()
    consumer.seat, consumer.channel_name, consumer.channel_layer = 0, "me", FullLayer()
    sent = []

    async def send_json(content, close=False):
        sent.append(content)

    consumer.send_json = send_json
    _run(lambda: consumer.game_presence({"seat": 1, "state": "hello", "sender": "newcomer"}))
    assert sent == [{"event": "presence", "here": True}]


# ---- the tutorial's play suggestion on the pushed board (games.services.suggestions)
SUGGESTION_READY = 'data-suggestion="ready"'


def test_the_pushed_board_of_a_tutorial_player_carries_the_suggestion():
    _run(_test_the_pushed_board_of_a_tutorial_player_carries_the_suggestion)


async def _test_the_pushed_board_of_a_tutorial_player_carries_the_suggestion():
    """The opponent moved: the tutorial player's page gets one board, with the suggestion
    worked out as it was drawn (the engine's own answer for that board); nothing is queued
    and no second board follows."""
    from games.services import queue, suggestions

    game, alice, bob, carol = await _setup_game()
    watcher = alice if game.current_seat == 1 else bob
    queued = []
    with mock.patch.object(queue, "task_send", lambda name, *args: queued.append(name)):
        watching = _page_socket(game, watcher.user, version=game.version)
        assert (await watching.connect())[0]
        game = await _move(game)
        frame = await _next_board_event(watching)
        assert (frame["event"], frame["what"], frame["version"]) == ("board", "board",
                                                                     game.version)
        assert SUGGESTION_READY in frame["html"] and "is-suggested" in frame["html"]
        expected = await database_sync_to_async(suggestions.play_suggestion)(
            game, game.current_seat, 0)
        assert f"<strong>{escape(expected['name'])}</strong> (card {expected['position']}" in (
            frame["html"])
        assert await _no_board_event(watching)
        assert queued == []
    await watching.disconnect()
