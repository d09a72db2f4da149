"""A bot's event stream, GET /api/v1/bot/stream: server-sent events fed by the channel layer.

Why it is served on the ASGI side (``BotStreamApp``, mounted by marcomage/api/stream.py in
marcomage/asgi.py before the HTTP thread pool of marcomage/httppool.py): a stream is open for a long time, and one
that held a pool thread (as it once did, polling the database) let a single bot with two
reconnecting streams keep every other bot out. Here a stream is a coroutine on the
server's event loop: it holds no HTTP thread and polls nothing. It listens on the bot's
player group (games.services.events.player_group: every change to a challenge or game
of the player is announced there after commit, the same message that refreshes a
person's pages), and on each message reads the bot's pending challenges and games again
(``bot_snapshot``, one indexed query on Channels' database thread, as the game sockets'
handshakes do) and sends what changed. Between messages it costs nothing but a keepalive
comment every KEEPALIVE_SECONDS.

Limits:

- Per account: at most ``settings.API_STREAMS_PER_ACCOUNT`` streams are open; opening one
  more closes the account's oldest (it gets ``event: closed`` and ends), so a bot whose
  connection died without the server noticing is never locked out by its own ghost, and
  no account can hold more than its share. Streams learn of each other through a group
  of the account on the channel layer (``stream_group``), so the cap holds across server
  processes.
- Per process: at most ``settings.API_STREAMS_MAX`` streams (a guard for memory and file
  handles; beyond it a 503 with Retry-After).
- Every connection counts against the account's API rate limit (players/tokens/auth.py).
- A stream ends after ``settings.API_STREAM_SECONDS`` with ``event: reconnect``: a bot
  connects again, and the first events of every connection restate everything pending,
  so a message the channel layer lost (Redis pub/sub delivers at most once) costs at most
  that long.

Events (each ``event: <name>`` and ``data: <JSON>``):

    challenge   {"game": N, "challenger": name}       a challenge to the bot waits
    withdrawn   {"game": N}                           that challenge is gone
    game        {"game": N, "version": V, "status": "in_progress"|"finished",
                 "your_turn": bool, "surrender_offered": bool}
                                                      a game of the bot changed (or, on
                                                      connect, is running or finished and
                                                      not yet left)
    reconnect   {}                                    the stream ends now: connect again
    closed      {"reason": text}                      the account opened too many streams:
                                                      this, its oldest, ends
"""
import asyncio
import io
import json
import logging
import time

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db.models import Q
from django.http import HttpResponse

from games.models import Game
from games.services.events import player_group
from marcomage.plumbing.api_base.errors import error_response
from marcomage.plumbing.live_socket import REVOKED
from players.models import Player
from players.tokens.auth import bot_auth

log = logging.getLogger(__name__)

STREAM_PATH = "/api/v1/bot/stream"
KEEPALIVE_SECONDS = 15
OPENED, CLOSED = "bot.stream.opened", "bot.stream.closed"


def stream_group(player_id: int) -> str:
    """The channel-layer group where one account's streams announce themselves."""
    return f"bot-streams-{player_id}"


def _sse(event: str, data: dict) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def bot_snapshot(player: Player) -> tuple[dict, dict]:
    """({challenge id: challenger}, {game id: (version, status, your_turn,
    surrender_offered)}) in one query:
    waiting challenges to the bot, its running games and its finished games not left."""
    mine = (Q(status=Game.Status.WAITING, player2=player)
            | Q(status=Game.Status.IN_PROGRESS, player1=player)
            | Q(status=Game.Status.IN_PROGRESS, player2=player)
            | Q(status=Game.Status.FINISHED, player1=player, player1_left=False)
            | Q(status=Game.Status.FINISHED, player2=player, player2_left=False))
    rows = Game.objects.filter(mine).values_list(
        "id", "status", "version", "current_seat", "player1_id", "player1__user__username",
        "surrender_requested_by_id")
    challenges, games = {}, {}
    for game_id, status, version, current, player1_id, challenger, surrender_by in rows:
        if status == Game.Status.WAITING:
            challenges[game_id] = challenger
        else:
            seat = 0 if player1_id == player.pk else 1
            games[game_id] = (version, status,
                              status == Game.Status.IN_PROGRESS and current == seat,
                              bool(surrender_by and surrender_by != player.pk))
    return challenges, games


def snapshot_events(before: tuple[dict, dict], now: tuple[dict, dict]) -> bytes:
    """The events that turn what the bot was told (``before``) into ``now``."""
    (challenges, games), (now_challenges, now_games) = before, now
    out = []
    for game_id, challenger in now_challenges.items():
        if game_id not in challenges:
            out.append(_sse("challenge", {"game": game_id, "challenger": challenger}))
    for game_id in challenges:
        if game_id not in now_challenges and game_id not in now_games:
            out.append(_sse("withdrawn", {"game": game_id}))
    for game_id, (version, status, your_turn, surrender) in now_games.items():
        if games.get(game_id) != (version, status, your_turn, surrender):
            out.append(_sse("game", {"game": game_id, "version": version, "status": status,
                                     "your_turn": your_turn, "surrender_offered": surrender}))
    return b"".join(out)


def bot_stream_once(player: Player) -> HttpResponse:
    """What a server without the ASGI route answers (a WSGI server, Django's test client):
    the pending events once, then ``reconnect``. One query, no waiting: it never holds a
    thread; a bot reading it behaves as with a stream that ended at once."""
    body = (b"retry: 1000\n\n" + snapshot_events(({}, {}), bot_snapshot(player))
            + _sse("reconnect", {}))
    response = HttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    return response


@database_sync_to_async
def _snapshot(player: Player):
    return bot_snapshot(player)


@database_sync_to_async
def _authenticate(request, answer_error):
    """(the bot's player, None) or (None, the refusal: the API's own 401/403/429 answer,
    ``answer_error(request, exc)``).

    The same door as every bot endpoint: bot_auth reads the token, counts the request
    against the account's rate limit and checks the bot scope."""
    try:
        return bot_auth(request).player, None
    except Exception as exc:
        return None, answer_error(request, exc)


async def _send_response(send, response) -> None:
    """A Django HttpResponse (an error answer) sent over ASGI."""
    headers = [(name.encode("latin-1"), value.encode("latin-1"))
               for name, value in response.items()]
    headers.append((b"content-length", str(len(response.content)).encode()))
    await send({"type": "http.response.start", "status": response.status_code,
                "headers": headers})
    await send({"type": "http.response.body", "body": response.content})


async def _client_gone(receive) -> None:
    """Returns when the client has disconnected (a GET's body, if any, is ignored)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class BotStreamApp:
    """The ASGI app answering GET STREAM_PATH; counts this process's open streams.

    ``answer_error(request, exc)``: the API's answer to an exception in its one error shape
    (the site's NinjaAPI's handlers, given by the wiring: marcomage/api/stream.py)."""

    def __init__(self, answer_error):
        self.open = 0
        self.answer_error = answer_error

    async def __call__(self, scope, receive, send):
        request = ASGIRequest(scope, io.BytesIO())
        if self.open >= settings.API_STREAMS_MAX:
            await _send_response(send, error_response(
                503, "busy", "Too many event streams are open on this server: connect "
                             "again in a few seconds.", headers={"Retry-After": "5"}))
            return
        self.open += 1  # counted from here: handshakes waiting for the database count too
        try:
            player, refusal = await _authenticate(request, self.answer_error)
            if refusal is not None:
                await _send_response(send, refusal)
                return
            await _BotStream(player, receive, send).run()
        finally:
            self.open -= 1


class _BotStream:
    def __init__(self, player: Player, receive, send):
        self.player, self.receive, self.send = player, receive, send
        self.layer = get_channel_layer()
        self.groups = (player_group(player.pk), stream_group(player.pk))
        self.newer: set[str] = set()  # the account's streams opened after this one, open
        self.channel = None

    async def _write(self, chunk: bytes) -> None:
        await self.send({"type": "http.response.body", "body": chunk, "more_body": True})

    async def _open(self) -> None:
        """Join the groups (before the first snapshot: no change can fall between) and
        announce this stream to the account's others."""
        self.channel = await self.layer.new_channel()
        self.opened_at = time.time()
        for group in self.groups:
            await self.layer.group_add(group, self.channel)
        await self.layer.group_send(self.groups[1], {
            "type": OPENED, "stream": self.channel, "at": self.opened_at})

    async def _close(self) -> None:
        if self.channel is None:
            return
        for group in self.groups:
            try:
                await self.layer.group_discard(group, self.channel)
            except Exception:
                log.warning("bot stream: leaving %s failed", group, exc_info=True)
        try:
            await self.layer.group_send(self.groups[1], {"type": CLOSED,
                                                         "stream": self.channel})
        except Exception:
            log.warning("bot stream: announcing its end failed", exc_info=True)

    def _replaced(self, message) -> bool:
        """Track the account's other streams; True when this one must give way."""
        other = message.get("stream")
        if message.get("type") == CLOSED:
            self.newer.discard(other)
        elif message.get("type") == OPENED and other != self.channel:
            if (message.get("at", 0), other) > (self.opened_at, self.channel):
                self.newer.add(other)
        return len(self.newer) >= settings.API_STREAMS_PER_ACCOUNT

    async def run(self) -> None:
        if self.layer is None:
            await _send_response(self.send, error_response(
                503, "unavailable", "Live events are not available on this server."))
            return
        try:
            await self._open()
        except Exception:
            log.warning("bot stream: the channel layer cannot be reached", exc_info=True)
            await self._close()
            await _send_response(self.send, error_response(
                503, "unavailable", "Live events are unavailable for a moment: connect again "
                                    "in a few seconds.", headers={"Retry-After": "5"}))
            return
        gone = asyncio.ensure_future(_client_gone(self.receive))
        # One receive stays pending from here to the end (cancelling a pub/sub layer's
        # receive is what unsubscribes the channel).
        message = asyncio.ensure_future(self.layer.receive(self.channel))
        try:
            await self.send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/event-stream"), (b"cache-control", b"no-store"),
                (b"x-content-type-options", b"nosniff"),
                (b"x-accel-buffering", b"no")]})  # a proxy must pass each event on at once
            told = ({}, {})
            now = await _snapshot(self.player)
            await self._write(b"retry: 1000\n\n" + snapshot_events(told, now))
            told = now
            loop = asyncio.get_running_loop()
            ends_at = loop.time() + settings.API_STREAM_SECONDS
            last_write = loop.time()
            while True:
                if message is None:
                    message = asyncio.ensure_future(self.layer.receive(self.channel))
                wait = min(ends_at, last_write + KEEPALIVE_SECONDS) - loop.time()
                done, _ = await asyncio.wait({gone, message}, timeout=max(0, wait),
                                             return_when=asyncio.FIRST_COMPLETED)
                if gone in done:
                    return
                if message in done:
                    received, message = message.result(), None
                    if received.get("type") == REVOKED:  # the account was deleted
                        await self._write(_sse("closed", {"reason": "Signed out."}))
                        return
                    if received.get("type") in (OPENED, CLOSED):
                        if self._replaced(received):
                            await self._write(_sse("closed", {
                                "reason": f"This account opened more than "
                                          f"{settings.API_STREAMS_PER_ACCOUNT} event streams: "
                                          "its oldest ends."}))
                            return
                        continue
                    now = await _snapshot(self.player)
                    chunk, told = snapshot_events(told, now), now
                    if chunk:
                        await self._write(chunk)
                        last_write = loop.time()
                    continue
                if loop.time() >= ends_at:
                    await self._write(_sse("reconnect", {}))
                    return
                await self._write(b": keepalive\n\n")
                last_write = loop.time()
        except Exception:  # the database or the layer went away: the bot connects again
            log.warning("bot stream of player %s ended early", self.player.pk, exc_info=True)
            await self._write(_sse("reconnect", {}))
        finally:
            for task in (gone, message):
                if task is not None:
                    task.cancel()
            await self._close()
            await self.send({"type": "http.response.body", "body": b"", "more_body": False})
