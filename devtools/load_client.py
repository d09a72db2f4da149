"""The load harness's simulated browser (``python -m devtools.load``): one player's game
page, as a browser runs it (the page, the game's websocket, the board fetched on a notice
or taken from the socket's frame, moves posted with the form token and the board's version
after a think time), and the figures it takes (``Stats``).

The harness (devtools/load.py) pairs these clients at tables and runs them; its web push
side (devtools/load_push.py) makes the second player of a game an away player, a client
of this kind that holds no socket.
"""
from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

import orjson

BOARD_RE = re.compile(r'id="board"[^>]*data-version="(\d+)"[^>]*data-my-turn="([01])"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PLAYABLE_RE = re.compile(
    r'<div class="hand-slot[^"]*is-playable[^"]*"[^>]*>\s*<input[^>]*name="position" value="(\d)"')
SLOT_RE = re.compile(r'name="position" value="(\d)"')
MODE_RE = re.compile(r'<select name="mode_(\d)">(.*?)</select>', re.S)
OPTION_RE = re.compile(r'<option value="(\d+)"')
FINISHED_MARK = 'id="end-h"'

PUSH_TIMEOUT = 10.0  # a move the opponent has not heard of by then counts as a missing push
# A request's time limit. Set per request, not on the client session: aiohttp applies a
# session's total timeout to a websocket's whole life too, which cut every socket at 30 s.
REQUEST_TIMEOUT = 30.0


# ------------------------------------------------------------------ measurements
@dataclass
class Stats:
    post_ms: list = field(default_factory=list)
    push_ms: list = field(default_factory=list)
    held_ms: list = field(default_factory=list)
    get_ms: list = field(default_factory=list)
    lag_ms: list = field(default_factory=list)  # the harness's own event loop, waking late
    ends: list = field(default_factory=list)  # one entry per game ended (its time is in ``at``)
    errors: Counter = field(default_factory=Counter)
    moves: int = 0
    started: float = field(default_factory=time.perf_counter)
    # When each figure was taken (seconds since the start), for the timeline.
    at: dict = field(default_factory=lambda: {"post_ms": [], "push_ms": [], "held_ms": [],
                                              "get_ms": [], "lag_ms": [], "ends": []})
    errors_at: list = field(default_factory=list)
    # Moves the server answered as saved, per game: checked against its turn log at the end.
    accepted: Counter = field(default_factory=Counter)
    # Sockets the server closed with 1012 ("service restart") that the client opened again,
    # and requests sent again after the server closed their kept-alive connection unanswered
    # (as browsers do): neither is an error.
    reconnects: int = 0
    resent: int = 0

    def add(self, kind: str, ms: float) -> None:
        getattr(self, kind).append(ms)
        self.at[kind].append(time.perf_counter() - self.started)

    def game_ended(self) -> None:
        self.add("ends", 0.0)

    @property
    def games_finished(self) -> int:
        return len(self.ends)

    def error(self, kind: str) -> None:
        self.errors[kind] += 1
        self.errors_at.append(time.perf_counter() - self.started)

    def between(self, kind: str, start: float, end: float = float("inf")) -> list:
        """The figures of ``kind`` taken from ``start`` to ``end`` seconds into the run."""
        return [v for v, t in zip(getattr(self, kind), self.at[kind], strict=True)
                if start <= t < end]

    def errors_between(self, start: float, end: float = float("inf")) -> int:
        return sum(1 for t in self.errors_at if start <= t < end)


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


# ------------------------------------------------------------------ the simulated browser
def keep_csrf_cookie(http, response):
    """Keep the CSRF cookie even when the server marks it Secure and we speak plain HTTP
    to it on loopback (a browser behind TLS would send it back)."""
    cookie = response.cookies.get("csrftoken")
    if cookie is not None:
        http.cookie_jar.update_cookies({"csrftoken": cookie.value})


def closed_unanswered(exc) -> bool:
    """A request whose kept-alive connection the server closed before answering: sent
    again, as browsers do (the server read none of it)."""
    import aiohttp
    return isinstance(exc, (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError))


def request_timeout():
    import aiohttp
    return aiohttp.ClientTimeout(total=REQUEST_TIMEOUT)


@dataclass
class Board:
    version: int
    my_turn: bool
    finished: bool
    playable: list
    slots: list
    modes: dict
    csrf: str | None


def parse_board(html: str) -> Board | None:
    match = BOARD_RE.search(html)
    if not match:
        return None
    csrf = CSRF_RE.search(html)
    modes = {int(slot): [int(v) for v in OPTION_RE.findall(body)]
             for slot, body in MODE_RE.findall(html)}
    return Board(version=int(match.group(1)), my_turn=match.group(2) == "1",
                 finished=FINISHED_MARK in html,
                 playable=[int(p) for p in PLAYABLE_RE.findall(html)],
                 slots=sorted({int(p) for p in SLOT_RE.findall(html)}),
                 modes=modes, csrf=csrf.group(1) if csrf else None)


@dataclass
class Table:
    """What the two clients of one game share: when the last move was sent."""
    game_id: int
    sent_at: float = 0.0
    sent_version: int = -1
    mover: int = -1
    heard: bool = True
    held: bool = True
    # Seats whose socket is open. A move made while the opponent's socket is not (yet) open
    # cannot be pushed to it: its page load or reconnect brings the board (counted in
    # "board held", not in push times or missing pushes).
    listening: set = field(default_factory=set)
    expect_push: bool = False
    # Arena mode: who played at this table (player ids) and when its end was first seen.
    players: set = field(default_factory=set)
    ended_at: float = 0.0

    def push_awaited_by(self, seat: int) -> bool:
        """Whether ``seat``'s socket still owes the push of the other seat's last move."""
        return self.mover not in (-1, seat) and not self.heard and self.expect_push


class PlayerClient:
    def __init__(self, base, player, stats, think, deadline, rng, seat):
        self.base = base.rstrip("/")
        self.player = player
        self.stats = stats
        self.think = think
        self.deadline = deadline
        self.rng = rng
        self.seat = seat
        self.board: Board | None = None
        self.csrf = None
        self.changed = asyncio.Event()
        self.posting = False  # a move of ours is on its way: its answer brings the board
        self.frames = []  # the last frames this socket got (event, what, version, when)
        self.history = []  # the last boards taken: (source, version, my turn, s since a move)
        self.missed = {}  # version -> when a push for it was counted missing (LOAD_DEBUG)
        # Arena mode: the "event-game" frames of the game page's socket (the next game of the
        # event, with its board): (game, html, version, when heard).
        self.event_games: asyncio.Queue = asyncio.Queue()

    def _url(self, path):
        return self.base + path

    async def get(self, http, path, **headers):
        t0 = time.perf_counter()
        for attempt in (1, 2):
            try:
                async with http.get(self._url(path), headers=headers,
                                    timeout=request_timeout()) as response:
                    text = await response.text()
                    status = response.status
                    keep_csrf_cookie(http, response)
                break
            except Exception as exc:  # connection reset, timeout: an error, never a crash
                if attempt == 1 and closed_unanswered(exc):
                    self.stats.resent += 1
                    continue
                self.stats.error(f"GET {type(exc).__name__}")
                return None
        self.stats.add("get_ms", (time.perf_counter() - t0) * 1000)
        if status >= 400:
            self.stats.error(f"GET {status}")
            return None
        return text

    def take_board(self, html, table: Table, source="?"):
        board = parse_board(html)
        if board is None:
            return None
        self.history = [*self.history[-5:],
                        (source, board.version, board.my_turn,
                         round(time.perf_counter() - table.sent_at, 3))]
        if self.board is not None and board.version < self.board.version:
            return self.board  # an answer that crossed a newer one
        self.board = board
        if board.csrf:
            self.csrf = board.csrf
        if (table.mover not in (-1, self.seat) and not table.held
                and board.version > table.sent_version):
            table.held = True
            self.stats.add("held_ms", (time.perf_counter() - table.sent_at) * 1000)
        self.changed.set()
        return board

    async def fetch_board(self, http, table):
        html = await self.get(http, f"/games/{table.game_id}/board/", **{"HX-Request": "true"})
        if html is not None:
            self.take_board(html, table, "fetch")

    async def listen(self, http, ws, table):
        async for message in ws:
            if message.type != 1:  # aiohttp.WSMsgType.TEXT
                break
            try:
                data = orjson.loads(message.data)  # as fast as a browser's JSON.parse
            except ValueError:
                continue
            event = data.get("event")
            version = data.get("version")
            self.frames = [*self.frames[-4:], (event, data.get("what"), version,
                                               round(time.perf_counter() - table.sent_at, 3))]
            for missed, when in list(self.missed.items()):
                if (version or 0) >= missed:
                    del self.missed[missed]
                    print(f"late push: game {table.game_id} seat {self.seat} v{version} "
                          f"{time.perf_counter() - when + PUSH_TIMEOUT:.1f} s after the move",
                          file=sys.stderr)
            # A board frame of any kind (a move's, or the same board again with a rating or
            # a suggestion) is swapped in, as the page does; a notice is one of a move only
            # when it says "board".
            if event == "board" or (event == "changed" and data.get("what", "board") == "board"):
                if table.push_awaited_by(self.seat) and (version or 0) > table.sent_version:
                    table.heard = True
                    self.stats.add("push_ms", (time.perf_counter() - table.sent_at) * 1000)
                if data.get("html"):
                    self.take_board(data["html"], table, "push")
                elif (not self.posting
                      and (self.board is None or (version or 0) > self.board.version)):
                    # As the page does (static/js/games.js, boardAnnounced): the notice of
                    # our own move, arriving before the answer, costs no fetch.
                    await self.fetch_board(http, table)
            elif event == "turns":
                await self.get(http, "/games/indicator/", **{"HX-Request": "true"})
            elif event == "event-game":
                self.event_games.put_nowait((int(data.get("game") or 0), data.get("html"),
                                             data.get("version"), time.perf_counter()))
        return ws.close_code

    async def follow(self, http, table, ws_factory):
        """The page's socket, opened again when it closes, as static/js/games.js does: told
        the board version the page shows, so the server sends a newer board at once. A socket
        closed with 1012 (the server process restarting) comes back within a second; any
        other close is an error, then the page backs off."""
        delay = 1.0
        while time.monotonic() < self.deadline:
            version = self.board.version if self.board is not None else 0
            try:
                ws = await ws_factory(f"/ws/games/{table.game_id}/?v={version}")
            except Exception as exc:
                self.stats.error(f"websocket {type(exc).__name__}")
                await asyncio.sleep(delay * (0.5 + self.rng.random()))
                delay = min(delay * 2, 30.0)
                continue
            table.listening.add(self.seat)
            try:
                code = await self.listen(http, ws, table)
            finally:
                table.listening.discard(self.seat)
                await ws.close()
            if time.monotonic() >= self.deadline:
                return
            if code == 1012:
                self.stats.reconnects += 1
                delay = 1.0
                await asyncio.sleep(0.1 + self.rng.random())
            else:
                self.stats.error(f"websocket closed ({code})")
                await asyncio.sleep(delay * (0.5 + self.rng.random()))
                delay = min(delay * 2, 30.0)

    def choose(self):
        board = self.board
        if board.playable and self.rng.random() < 0.85:
            position = self.rng.choice(board.playable)
            mode = self.rng.choice(board.modes[position]) if board.modes.get(position) else 0
            return "play", position, mode
        return "discard", self.rng.choice(board.slots or [1]), 0

    async def move(self, http, table):
        action, position, mode = self.choose()
        data = {"csrfmiddlewaretoken": self.csrf, "version": str(self.board.version),
                "position": str(position), "action": action}
        if mode:
            data[f"mode_{position}"] = str(mode)
        sent_version = self.board.version
        table.sent_at, table.sent_version, table.mover = time.perf_counter(), sent_version, self.seat
        table.heard = table.held = False
        table.expect_push = bool(table.listening - {self.seat})
        t0 = time.perf_counter()
        self.posting = True
        try:
            for attempt in (1, 2):
                try:
                    async with http.post(self._url(f"/games/{table.game_id}/move/"), data=data,
                                         timeout=request_timeout(),
                                         headers={"HX-Request": "true",
                                                  "Referer": self._url(
                                                      f"/games/{table.game_id}/")}) as resp:
                        text = await resp.text()
                        status = resp.status
                    break
                except Exception as exc:
                    if attempt == 1 and closed_unanswered(exc):
                        # The server closed the kept-alive connection as the move went out
                        # (a process stopping): nothing was read, a browser sends it again.
                        self.stats.resent += 1
                        continue
                    self.stats.error(f"POST {type(exc).__name__}")
                    if os.environ.get("LOAD_DEBUG"):
                        print(f"POST failed: game {table.game_id} seat {self.seat} "
                              f"{time.perf_counter() - t0:.3f} s: {exc!r}", file=sys.stderr)
                    return
        finally:
            self.posting = False
        self.stats.add("post_ms", (time.perf_counter() - t0) * 1000)
        if status >= 400:
            self.stats.error(f"POST {status}")
            return
        board = parse_board(text)
        # Not table.sent_version: at think time 0 the opponent may have been pushed this move,
        # and posted its own, before this answer arrived.
        if board is None or board.version <= sent_version:
            self.stats.error("move refused")
            if os.environ.get("LOAD_DEBUG"):
                why = re.search(r'board-error" role="alert">([^<]*)<', text)
                print(f"move refused: game {table.game_id} seat {self.seat} "
                      f"v{sent_version} {action} {position}/{mode}: "
                      f"{why.group(1) if why else 'no message'} history {self.history} "
                      f"frames {self.frames}", file=sys.stderr)
            await self.fetch_board(http, table)
            return
        self.stats.moves += 1
        self.stats.accepted[table.game_id] += 1
        self.take_board(text, table, "answer")

    async def play_game(self, http, table: Table, ws_factory):
        html = await self.get(http, f"/games/{table.game_id}/")
        if html is None or self.take_board(html, table) is None:
            self.stats.error("game page")
            return False
        # As the page does: the socket is told the board version the page shows (and opened
        # again, with the version then shown, whenever it closes).
        listener = asyncio.create_task(self.follow(http, table, ws_factory))
        try:
            return await self.play_on(http, table)
        finally:
            listener.cancel()
            try:
                await listener
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - it is ending
                pass
            table.listening.discard(self.seat)

    async def play_on(self, http, table: Table) -> bool:
        """Play the board held until the game is over (True) or the run's end (False); the
        socket is the caller's."""
        while time.monotonic() < self.deadline:
            board = self.board
            if board.finished:
                return True
            if board.my_turn:
                low, high = self.think
                await asyncio.sleep(self.rng.uniform(low, high))
                if time.monotonic() >= self.deadline:
                    break
                await self.move(http, table)
                continue
            self.changed.clear()
            # Nothing owed (the opponent is thinking): no longer than the run lasts, as the
            # opponent makes no move after its end.
            wait = (PUSH_TIMEOUT if table.push_awaited_by(self.seat)
                    else min(PUSH_TIMEOUT, max(0.0, self.deadline - time.monotonic())))
            try:
                await asyncio.wait_for(self.changed.wait(), wait)
            except TimeoutError:
                owed = table.push_awaited_by(self.seat)
                if not owed and time.monotonic() >= self.deadline:
                    break
                if owed:
                    if time.perf_counter() - table.sent_at < PUSH_TIMEOUT:
                        # This wait began before the opponent moved (it was thinking):
                        # the push is owed PUSH_TIMEOUT after the move, not after the wait.
                        continue
                    self.stats.error("missing push")
                    if os.environ.get("LOAD_DEBUG"):
                        self.missed[table.sent_version + 1] = time.perf_counter()
                        print(f"missing push: game {table.game_id} seat {self.seat} "
                              f"move from v{table.sent_version} board v"
                              f"{self.board.version} frames {self.frames}",
                              file=sys.stderr)
                    table.heard = True
                await self.fetch_board(http, table)  # the page's polling fallback
        return False

