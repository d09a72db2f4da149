"""Live updates over a websocket: each seat's own board when its game changes, presence,
your-turn refreshes.

One socket per page: the player's group always (the navigation's your-turn indicator), and
on a game page the game's group. The group messages carry ids and versions only
(games.services.events); when the game changes, this consumer renders the board for the
player who opened the socket, from the engine's view for that player's seat, and sends it
as ``{"event": "board", "what", "version", "html"}``: the page swaps it in without asking.
Why here and not in the publisher: the board depends on the viewer (settings, the CSRF
token of that browser), the publisher would render for players who are not connected,
and no message in the channel layer ever holds one seat's view. A socket whose own
request made the change (``by_seat``), and chat lines, get the bare notice
``{"event": "changed", ...}``: the page already has that board, or fetches what it lacks.

Spectators (games.services.spectators) open the same socket on a game they may watch: seat
None, ``watching`` True. Their board is rendered from the engine's view for a spectator
(games.watch.live), they get no chat and send no presence, and every socket of the game
hears ``{"event": "spectators", "count"}`` when one arrives or leaves.
"""
import logging
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.conf import settings
from django.db import close_old_connections, connections

from marcomage.plumbing.live_socket import LiveSocketConsumer
from marcomage.plumbing.metrics import observe_push
from players.notifications import presence

from . import services as gs
from .game import live, selectors
from .services.events import (
    arranged_socket_closed,
    arranged_socket_opened,
    game_group,
    player_group,
)
from .watch import live as watch_live

log = logging.getLogger(__name__)

# The browser sends nothing but {"type": "ping"}; longer frames are not ours.
MAX_FRAME_CHARS = 1024
# Changes that keep the version but change the board (activity marks, deadlines, turn
# timeouts noticed by the sweeps, a finished game's rating): rendered and sent even when the
# page has that version.
SAME_VERSION_CHANGES = {"presence", "deadline", "timeout", "rated"}


class _BadTextFrameIsTheClients(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 as an ERROR with a traceback, although it
    refuses it correctly (close 1007): anyone can send one, as often as they like, and a
    client's bad input must not fill the error log. Told once, in one INFO line."""

    def filter(self, record):
        if (record.msg == "Invalid UTF-8 sequence received from client."
                and record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError)):
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg = "websocket text frame that is not UTF-8 refused (1007)"
            record.exc_info = record.exc_text = None
        return True


if not any(isinstance(f, _BadTextFrameIsTheClients)
           for f in logging.getLogger("uvicorn.error").filters):
    logging.getLogger("uvicorn.error").addFilter(_BadTextFrameIsTheClients())


@database_sync_to_async
def _seat_and_version(user, game_id):
    """The handshake's one database call: (player id, seat, version) or None. The session's
    user comes with its player from the signed-in user cache, so that costs no query."""
    player = getattr(user, "player", None)
    if player is None:
        return None
    if game_id is None:
        return player.pk, None, None
    found = selectors.seat_and_version(game_id, player)
    return None if found is None else (player.pk, *found)


# Boards are rendered on a pool of their own: on Channels' one consumer thread, every
# socket of the process waited in line behind every render (and the handshakes behind them).
_board_threads = ThreadPoolExecutor(max_workers=settings.LIVE_BOARD_THREADS,
                                    thread_name_prefix="live-board")


def _on_board_pool(render):
    """``render`` run on the board threads, wrapped as Channels wraps consumer database
    work: a connection that has expired or broken is dropped before and after (each pool
    thread keeps one persistent connection). A render that fails (the database away for a
    moment) answers None, so the socket sends the bare notice and the page asks over HTTP:
    a live board is a convenience, the socket must not die of it."""
    def run(*args):
        try:
            close_old_connections()
            # No health check (a round trip before the first query: CONN_HEALTH_CHECKS):
            # a connection that broke fails this render, which answers None (the page asks
            # over HTTP), and is closed in the finally below.
            for connection in connections.all(initialized_only=True):
                connection.health_check_done = True
            return render(*args)
        except Exception:
            log.warning("live board not rendered for %s; the page will ask for it", args[:1],
                        exc_info=True)
            return None
        finally:
            try:
                close_old_connections()
            except Exception:
                log.warning("closing a live-board connection failed", exc_info=True)

    async def call(*args):
        return await sync_to_async(run, thread_sensitive=False, executor=_board_threads)(*args)
    return call


@_on_board_pool
def _board(game_id, user_id, csrf_token):
    """(version, html) of this socket's board; None if it cannot be shown; False when the
    account behind the socket is gone."""
    player = live.viewer_of(user_id)
    if player is None:
        return False
    return live.board_frame(game_id, player, csrf_token)


@database_sync_to_async
def _spectator_version(user, game_id):
    """A spectator's handshake: (player id, version) when the player behind ``user`` may
    watch the game, else None."""
    player = getattr(user, "player", None)
    if player is None:
        return None
    version = watch_live.spectator_version(game_id, player)
    return None if version is None else (player.pk, version)


@_on_board_pool
def _spectator_board(game_id, user_id):
    """(version, html) of a spectator's board; None once the player may no longer watch
    the game (a player turned spectators off); False when the account is gone."""
    player = live.viewer_of(user_id)
    if player is None:
        return False
    return watch_live.spectator_frame(game_id, player)


def _answers(signal, **kwargs) -> list:
    """The receivers' answers to ``signal`` (a receiver that fails is logged, never fatal)."""
    answers = []
    for receiver, answer in signal.send_robust(sender=None, **kwargs):
        if isinstance(answer, Exception):
            log.warning("%r failed: %r", receiver, answer,
                        exc_info=(type(answer), answer, answer.__traceback__))
        elif answer is not None:
            answers.append(answer)
    return answers


@database_sync_to_async
def _arranged_opened(game_id, player_id, event_id) -> list:
    return _answers(arranged_socket_opened, game_id=game_id, player_id=player_id,
                    event_id=event_id)


@database_sync_to_async
def _arranged_closed(game_id, player_id, event_id) -> None:
    _answers(arranged_socket_closed, game_id=game_id, player_id=player_id, event_id=event_id)
async def _presence_record(change, *args) -> None:
    """Record that a player's game socket opened or closed (players.notifications.presence:
    a Redis round trip with Redis, off the event loop); never fails the socket."""
    try:
        await sync_to_async(change, thread_sensitive=False)(*args)
    except Exception:
        log.warning("presence not recorded: %r", args, exc_info=True)


class GameLiveConsumer(LiveSocketConsumer):
    """One socket per page: the player's group always, the game's group on a game page."""

    game_id = None
    seat = None
    watching = False  # a spectator's socket
    sent_version = 0
    event_id = None  # the event the page says its game belongs to (?event=)
    event_games_sent = frozenset()

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        game_id = self.scope["url_route"]["kwargs"].get("game_id")
        # Join before reading the version: a change committed meanwhile still arrives as a
        # message (handled once connect() has returned, and only if the seat checks out).
        self.groups_joined = []
        if game_id is not None:
            await self._join(game_group(game_id))
        found = await _seat_and_version(user, game_id)
        watching = False
        if found is None and game_id is not None:
            spectator = await _spectator_version(user, game_id)
            if spectator is not None:
                found, watching = (spectator[0], None, spectator[1]), True
        if found is None:
            await self._leave_groups()
            await self.close(code=4401 if game_id is None else 4404)
            return
        self.player_id, seat, version = found
        self.user_id = user.pk
        await self._join(player_group(self.player_id))
        await self.accept()
        if game_id is None:
            return
        self.game_id, self.seat, self.watching = game_id, seat, watching
        cookie = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME)
        self.csrf_token = live.csrf_token_for(cookie)
        if watching:
            await self._spectators_changed(gs.spectator_arrived)
        else:
            await self._presence("hello")
            # The player has this game open: no mail nor push about it meanwhile.
            await _presence_record(presence.game_socket_opened, self.player_id, game_id,
                                   self.channel_name)
        if version > self._page_version():
            # The page was rendered before the last change: bring it up to date.
            await self._send_board("board", version)
        event_id = self._query_int("event")
        if seat is not None and event_id is not None:
            self.event_id = event_id
            # A next game of the event made while the page loaded (or its socket was down)
            # is told now: a pairing's frame reaches only the sockets open at its commit.
            for next_game in await _arranged_opened(game_id, self.player_id, event_id):
                await self._send_event_game(next_game)

    def _query_int(self, name, lowest=1):
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        try:
            value = int(query.get(name, [""])[0])
        except ValueError:
            return None
        return value if lowest <= value < 2**31 else None

    def _page_version(self) -> int:
        """The board version the page had when it opened the socket (?v=), else current."""
        version = self._query_int("v", lowest=0)  # 0: a page that has no board yet
        return 10**12 if version is None else version

    async def disconnect(self, code):
        if self.event_id is not None:
            await _arranged_closed(self.game_id, self.player_id, self.event_id)
        if self.seat is not None:
            await self._presence("bye")
            await _presence_record(presence.game_socket_closed, self.player_id, self.game_id,
                                   self.channel_name)
        if self.watching:
            self.watching = False
            await self._spectators_changed(gs.spectator_left)
        await self._leave_groups()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        # Anyone can type into a socket: a frame that is not a small JSON object (binary,
        # not JSON, a list, oversized, nested too deep) is dropped instead of raising,
        # which would kill the consumer and log a server error.
        if text_data is None or len(text_data) > MAX_FRAME_CHARS:
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict):
            await self.receive_json(content, **kwargs)

    async def receive_json(self, content, **kwargs):
        # The browser only listens; a ping keeps proxies from closing an idle socket.
        if content.get("type") == "ping":
            await self.send_json({"event": "pong"})

    async def _presence(self, state):
        await self.channel_layer.group_send(game_group(self.game_id), {
            "type": "game.presence", "seat": self.seat, "state": state,
            "sender": self.channel_name})

    async def _spectators_changed(self, count_change):
        """Count this spectator in or out, and tell every socket of the game."""
        count = await sync_to_async(count_change)(self.game_id)
        await self.channel_layer.group_send(game_group(self.game_id), {
            "type": "game.spectators", "count": count})

    async def _send_spectator_board(self, what, version):
        """A spectator's board (no forms, so no CSRF token needed); the socket closes when
        the spectator may no longer watch."""
        frame = await _spectator_board(self.game_id, self.user_id)
        if not frame:
            await self.close(code=4401 if frame is False else 4403)
            return
        version, html = frame
        self.sent_version = max(self.sent_version, version)
        await self.send_json({"event": "board", "what": what, "version": version,
                              "html": html})

    async def _send_board(self, what, version):
        """Render this socket's board and send it; the bare notice if it cannot be drawn
        here (no CSRF cookie, the game gone): the page then asks over HTTP."""
        if self.watching:
            await self._send_spectator_board(what, version)
            return
        frame = None
        if self.csrf_token is not None:
            frame = await _board(self.game_id, self.user_id, self.csrf_token)
        if frame is False:
            await self.close(code=4401)
            return
        if frame is None:
            await self.send_json({"event": "changed", "what": what, "version": version})
            return
        version, html = frame
        self.sent_version = max(self.sent_version, version)
        await self.send_json({"event": "board", "what": what, "version": version,
                              "html": html})

    # ---- group messages
    async def game_changed(self, event):
        if self.seat is None and not self.watching:  # refused at connect; queued meanwhile
            return
        what = event.get("what", "board")
        version = event.get("version") or 0
        if self.watching:
            # No chat for spectators, and their board shows no activity marks nor
            # deadlines: only a new version is pushed.
            if what != "chat" and version > self.sent_version:
                await self._send_board(what, version)
            return
        if what == "chat" or event.get("by_seat") == self.seat:
            await self.send_json({"event": "changed", "what": what, "version": version})
            return
        if what not in SAME_VERSION_CHANGES and version <= self.sent_version:
            return  # a newer board has gone out already
        await self._send_board(what, version)
        if what == "board":
            observe_push(event.get("at"))

    async def turns_changed(self, event):
        if self.seat is not None and event.get("game") == self.game_id:
            return  # this page's board frames carry the indicator
        await self.send_json({"event": "turns"})

    async def game_presence(self, event):
        if self.seat is None or event.get("seat") == self.seat:
            return
        await self.send_json({"event": "presence", "here": event["state"] != "bye"})
        if event["state"] == "hello":
            # Tell the newcomer that this side is here too (once, not in a loop). Presence
            # is a courtesy: a newcomer's inbox that is full must not end this socket.
            try:
                await self.channel_layer.send(event["sender"], {
                    "type": "game.presence", "seat": self.seat, "state": "here",
                    "sender": self.channel_name})
            except ChannelFull:
                pass

    async def tournament_game(self, event):
        """The player's next game of an event (games.tournaments.events): told to his own
        pages of that event's games (their socket names the event), with its board."""
        if self.seat is not None and event.get("tournament") == self.event_id:
            await self._send_event_game(event["game"])

    async def _send_event_game(self, game_id):
        """The next game of the page's event, with this player's board of it (rendered as
        the game's own socket renders it): the page shows it at once and becomes that
        game's page, with no page load between the pairing and the board. Each game once
        per socket (the pairing's frame and the restatement at connect may both name it)."""
        if game_id in self.event_games_sent or game_id == self.game_id:
            return
        self.event_games_sent = self.event_games_sent | {game_id}
        frame = {"event": "event-game", "tournament": self.event_id, "game": game_id}
        board = None
        if self.csrf_token is not None:
            board = await _board(game_id, self.user_id, self.csrf_token)
        if board:
            frame["version"], frame["html"] = board
        await self.send_json(frame)

    async def notices_changed(self, event):
        """The player's notices changed (players.notifications.live): the page fetches its
        bell again."""
        await self.send_json({"event": "notices"})

    async def game_spectators(self, event):
        if self.game_id is not None:
            await self.send_json({"event": "spectators", "count": event["count"]})
