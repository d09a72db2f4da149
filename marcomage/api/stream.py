"""A bot's event stream: server-sent events from a short poll of the database.

Why a synchronous stream that ends after a minute: HTTP runs on a fixed pool of threads
(marcomage/httppool.py), so a stream occupies one pool thread while it is open. Each stream
therefore lasts at most settings.API_STREAM_SECONDS (then it sends ``event: reconnect`` and
ends; a bot simply connects again, and the first events of every connection restate
everything that is pending), and at most settings.API_STREAMS_MAX streams are open per
process (a further one gets a 503 with Retry-After), so pages always keep most threads.
Between two polls the stream holds no transaction and no lock, and
``close_old_connections`` applies the deployment's connection policy (with CONN_MAX_AGE=0
nothing stays open while it sleeps; with persistent connections the pool thread keeps its
own one connection, the same as for pages: a stream never adds a connection).

Events (each ``event: <name>`` and ``data: <JSON>``):

    challenge   {"game": N, "challenger": name}       a challenge to the bot waits
    withdrawn   {"game": N}                           that challenge is gone
    game        {"game": N, "version": V, "status": "in_progress"|"finished",
                 "your_turn": bool, "surrender_offered": bool}
                                                      a game of the bot changed (or, on
                                                      connect, is running or finished and
                                                      not yet left)
    reconnect   {}                                    the stream ends now: connect again
"""
import json
import threading
import time

from django.conf import settings
from django.db import close_old_connections, connection
from django.db.models import Q
from django.http import StreamingHttpResponse

from games.models import Game
from players.models import Player

from .errors import error_response

KEEPALIVE_SECONDS = 15
_lock = threading.Lock()
_open_streams = 0


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


def _events(player: Player):
    yield b"retry: 1000\n\n"
    challenges, games = {}, {}
    ends_at = time.monotonic() + settings.API_STREAM_SECONDS
    last_write = time.monotonic()
    while True:
        now_challenges, now_games = bot_snapshot(player)
        if not connection.in_atomic_block:  # (inside a test's transaction: keep it)
            close_old_connections()
        out = []
        for game_id, challenger in now_challenges.items():
            if game_id not in challenges:
                out.append(_sse("challenge", {"game": game_id, "challenger": challenger}))
        for game_id in challenges:
            if game_id not in now_challenges and game_id not in now_games:
                out.append(_sse("withdrawn", {"game": game_id}))
        for game_id, (version, status, your_turn, surrender) in now_games.items():
            if games.get(game_id) != (version, status, your_turn, surrender):
                out.append(_sse("game", {"game": game_id, "version": version,
                                         "status": status, "your_turn": your_turn,
                                         "surrender_offered": surrender}))
        challenges, games = now_challenges, now_games
        if out:
            yield b"".join(out)
            last_write = time.monotonic()
        elif time.monotonic() - last_write >= KEEPALIVE_SECONDS:
            yield b": keepalive\n\n"
            last_write = time.monotonic()
        if time.monotonic() >= ends_at:
            yield _sse("reconnect", {})
            return
        time.sleep(settings.API_STREAM_POLL)


class _Stream:
    """The events, holding one of the process's stream places until the response closes
    (also when it is closed before its first event was read)."""

    def __init__(self, player: Player):
        self.events = _events(player)
        self.closed = False

    def __iter__(self):
        return self.events

    def close(self):
        global _open_streams
        if not self.closed:
            self.closed = True
            self.events.close()
            with _lock:
                _open_streams -= 1


def bot_stream_response(player: Player):
    """The stream, or a 503 when this process already serves its share of streams."""
    global _open_streams
    with _lock:
        if _open_streams >= settings.API_STREAMS_MAX:
            return error_response(503, "busy", "Too many event streams are open on this "
                                  "server: connect again in a few seconds.",
                                  headers={"Retry-After": "5"})
        _open_streams += 1
    response = StreamingHttpResponse(_Stream(player), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy must pass each event on at once
    return response
