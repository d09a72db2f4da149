"""Load harness: live games played by simulated browsers against a running server.

    python -m devtools.load --games 20 --think 0,2 --duration 60 [--serve] [--url URL]

Setup goes straight to the database the server uses (same settings, same environment):
it creates two players per game, their sessions and their games. Then each player is a
client that behaves as the game page in a browser does: it loads the page, holds the
game's websocket, fetches the board when a notice announces a newer version (or takes the
board from the socket frame when the server sends it there), fetches the turn indicator
when told, and posts moves with the form token and the board's version after a think
time. A finished game is replaced by a new one between the same two players.

It prints moves/s, move POST p50/p95/p99, push p50/p99 (a move sent -> the opponent's
socket hears of it), "board held" p50/p99 (a move sent -> the opponent holds the new
board), errors by kind, and each server process's CPU. With --serve it starts the server
itself (`manage.py serve`, the production layout) on a free port and stops it after. All its
browsers come from one address: a server given with --url must run with
LIVE_SOCKETS_PER_ADDRESS=0 (--serve sets it), or it keeps only 30 of their sockets open.

    python -m devtools.load --serve --arena --players 200 --think 0,1 --duration 120

Arena mode: setup makes the players and one running arena that they all joined (through
the events' services). Each player is one browser tab, as the pages script it: the event's
page until his first game (its socket names it, static/js/tournaments.js), then the game's
page, played with the client above; at a game's end the finished game's page stays open and
its socket names his next game with his board of it (static/js/games.js shows it and
becomes that game's page, fetching the rest of the page meanwhile). A next game that no
socket named within RELOAD_AFTER is a lost notice (he reloads the event's page). It reports,
besides the figures above, the pairings told and lost; pairing -> the next board in the
client's hands (from the game's creation in the database); the pairing latency: a game's
end (first seen by one of its two clients) -> the player's client knows his next game, for
those paired at their own game's end, and apart those who waited for another game to end
(the odd one out: that wait depends on how often games end) or for a rematch; and for the
same ends the server's part, from the database (the game's end -> his next game created).
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import gc
import json
import multiprocessing
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass

import orjson

from devtools.django_ready import django_ready
from devtools.load_client import (
    REQUEST_TIMEOUT,
    PlayerClient,
    Stats,
    Table,
    percentile,
    request_timeout,
)

SERVER_LOG = os.environ.get("LOAD_SERVER_LOG", "/tmp/marcomage-load-server.log")
# PgBouncer's connections to PostgreSQL per database (--pgbouncer): the servers' threads
# share them, a connection held only for a transaction.
PGBOUNCER_POOL = int(os.environ.get("LOAD_PGBOUNCER_POOL", "20"))


# ------------------------------------------------------------------ setup (database side)
def django_setup():
    django_ready()
    from django.conf import settings
    # Only the harness creates these accounts; a fast hash keeps setup short.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def create_players(run: str, count: int, level: int = 0) -> list[dict]:
    """`count` players of ``level`` with a logged-in session each: [{id, name, session,
    deck}]. Below level 10 (the tutorial) every board on turn carries a play suggestion."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore as DbStore
    from django.utils.module_loading import import_string

    from decks.models import Deck
    from players.accounts import user_cache
    from players.accounts.services import player_register
    store_class = import_string(settings.SESSION_ENGINE + ".SessionStore") \
        if settings.SESSION_ENGINE else DbStore
    players = []
    for i in range(count):
        player = player_register(username=f"load{run}x{i}", password="load-harness-only")
        if level:
            player.level = level
            player.save(update_fields=["level"])
        user = player.user
        session = store_class()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = user_cache.BACKEND
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        deck = Deck.objects.filter(player=player, is_ready=True).order_by("pk").first()
        players.append({"id": player.pk, "name": player.name, "session": session.session_key,
                        "deck": deck.pk})
    return players


def create_game(first: dict, second: dict) -> int:
    from decks.models import Deck
    from games.services import challenge_accept, challenge_create
    from players.models import Player
    p1 = Player.objects.get(pk=first["id"])
    p2 = Player.objects.get(pk=second["id"])
    game = challenge_create(challenger=p1, opponent=p2, deck=Deck.objects.get(pk=first["deck"]))
    challenge_accept(game_id=game.pk, player=p2, deck=Deck.objects.get(pk=second["deck"]))
    return game.pk


class GameMaker:
    """Sets up each table's next game (``create_game``) in a process of its own.

    On a thread of the harness, each new game's 23 queries and their Django work (about
    16 ms of interpreter time) held up the event loop that times every request of the
    simulated browsers, just when a game's end brings two page loads and two handshakes.
    The process still runs on the box: its CPU is counted with the harness's."""

    def __init__(self):
        self.pool = concurrent.futures.ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("spawn"), initializer=django_setup)
        self.pid = self.pool.submit(os.getpid).result()

    async def __call__(self, first: dict, second: dict) -> int:
        return await asyncio.get_running_loop().run_in_executor(self.pool, create_game, first,
                                                                second)

    def cpu_seconds(self) -> float:
        import psutil
        try:
            times = psutil.Process(self.pid).cpu_times()
        except psutil.Error:
            return 0.0
        return times.user + times.system

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)


def count_db_connections() -> int | None:
    """Connections PostgreSQL holds for our database (None on SQLite)."""
    from django.db import connection
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                       " AND pid <> pg_backend_pid()")
        return cursor.fetchone()[0]


def db_connections_by_process(pids, port) -> dict:
    """{pid: open connections to the database server (or PgBouncer) on ``port``} for the
    servers ``pids`` and their children: the figure that ``server_connection_bound`` is
    about.

    On Linux the kernel's TCP table is read once and matched against each process's socket
    descriptors. psutil's ``net_connections`` reads and parses the whole table again for
    every process: with a thousand sockets open that took about a tenth of a second of the
    harness's interpreter every 5 s (py-spy: 13 % of its samples at 400 games), holding up
    the event loop that times every request."""
    inodes = _socket_inodes_to_port(port)
    if inodes is None:
        return _db_connections_by_process_psutil(pids, port)
    found = {}
    for proc in (child for pid in pids for child in process_tree(pid)):
        folder = f"/proc/{proc.pid}/fd"
        try:
            descriptors = os.listdir(folder)
        except OSError:
            continue
        count = 0
        for fd in descriptors:
            try:
                target = os.readlink(f"{folder}/{fd}")
            except OSError:  # closed meanwhile
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                count += 1
        found[proc.pid] = count
    return found


def _socket_inodes_to_port(port) -> set | None:
    """The inodes of the TCP sockets whose far end is ``port`` (None without /proc)."""
    suffix = f":{port:04X}"
    inodes = set()
    read = False
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name) as table:
                next(table, None)  # the heading
                for line in table:
                    fields = line.split()
                    if fields[2].endswith(suffix):  # rem_address, as hex ip:port
                        inodes.add(fields[9])
            read = True
        except OSError:
            continue
    return inodes if read else None


def _db_connections_by_process_psutil(pids, port) -> dict:
    import psutil
    found = {}
    for proc in (child for pid in pids for child in process_tree(pid)):
        try:
            found[proc.pid] = sum(1 for c in proc.net_connections(kind="tcp")
                                  if c.raddr and c.raddr.port == port)
        except psutil.Error:
            continue
    return found


async def sample_loop_lag(stats: Stats, every=0.05) -> None:
    """How late (ms) the harness's own event loop wakes up from a sleep, until cancelled:
    the simulated browsers share that loop, so its lateness is part of every latency."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(every)
        stats.add("lag_ms", (time.perf_counter() - start - every) * 1000)


async def sample_db_connections(pids, port, peak: dict, every=5.0):
    """Keep in ``peak`` the most connections each process held at once, until cancelled."""
    while True:
        for proc, count in (await asyncio.to_thread(db_connections_by_process, pids,
                                                    port)).items():
            peak[proc] = max(peak.get(proc, 0), count)
        await asyncio.sleep(every)


def delete_players(run: str) -> int:
    """Delete the run's players with their games, turns and decks: games left running would
    stay in the sweeps' way and in the next run's tables."""
    from django.contrib.auth import get_user_model
    deleted, _ = get_user_model().objects.filter(username__startswith=f"load{run}x").delete()
    return deleted


def vacuum_when_autovacuum_is_off() -> bool:
    """Vacuum the database when PostgreSQL's autovacuum is off (as on this box): every run
    leaves a few thousand dead game rows, and a table of ten times more dead rows than live
    ones slowed the next run's moves; the whole database, as the players, decks, messages and
    sessions each run makes and deletes slowed later runs too (think time 0 went from 73 to
    67 moves/s over eight runs of the same code). A site runs with autovacuum on."""
    from django.db import connection
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SHOW autovacuum")
        if cursor.fetchone()[0] == "on":
            return False
        cursor.execute("VACUUM ANALYZE")
    return True


async def run_pair(bases, pair, stats, think, deadline, seed, new_game, ramp=0.0,
                   push_world=None):
    """Two players at one table, game after game; ``bases``: each seat's server (the same
    one, or with several nodes two different ones: a move reaches the opponent's socket on
    another node through Redis); ``new_game``: awaited with the pair for their next game's
    id; ``push_world`` (--push): the second player is away and comes back on web pushes
    (devtools/load_push.py)."""
    import aiohttp
    rng = random.Random(seed)
    # Players arrive over the ramp, as a site's visitors do, not all in the same second.
    await asyncio.sleep(rng.uniform(0, ramp))
    clients = []
    sessions = []
    sockets = []
    for seat, player in enumerate(pair):
        jar = aiohttp.CookieJar(unsafe=True)
        http = aiohttp.ClientSession(
            cookie_jar=jar, timeout=aiohttp.ClientTimeout(total=None, connect=REQUEST_TIMEOUT),
            cookies={"sessionid": player["session"]})
        sessions.append(http)
        # Websockets on connections of their own, as browsers open them: upgrading a pooled
        # keep-alive connection can meet the server's keep-alive timer of the request that
        # used it before (uvicorn arms it when that response completes, which may be after
        # the upgrade), and the socket is then cut 5 s later.
        sockets.append(aiohttp.ClientSession(
            cookie_jar=jar, connector=aiohttp.TCPConnector(force_close=True),
            timeout=aiohttp.ClientTimeout(total=None, connect=REQUEST_TIMEOUT)))
        if push_world is not None and seat == 1:
            from devtools.load_push import AwayPlayerClient
            clients.append(AwayPlayerClient(bases[seat], player, stats, think, deadline, rng,
                                            seat, inbox=push_world.inboxes[player["id"]]))
            continue
        clients.append(PlayerClient(bases[seat], player, stats, think, deadline, rng, seat))
    try:
        game_id = pair[0]["game"]
        while time.monotonic() < deadline:
            table = Table(game_id)

            def factory(ws_http, base):
                origin = base.rstrip("/")

                async def connect(path):
                    return await ws_http.ws_connect(origin.replace("http", "ws", 1) + path,
                                                    headers={"Origin": origin}, heartbeat=None,
                                                    compress=15)  # browsers deflate too
                return connect
            results = await asyncio.gather(*(
                client.play_game(http, table, factory(ws_http, base))
                for client, http, ws_http, base in zip(clients, sessions, sockets, bases,
                                                       strict=True)))
            if not any(results) or time.monotonic() >= deadline:
                break
            stats.game_ended()
            for client in clients:
                client.board = None
            game_id = await new_game(pair[0], pair[1])
    finally:
        for http in sessions + sockets:
            await http.close()


# ------------------------------------------------------------------ arena mode
# A row of the event's live panel for a game in play: "white black" players and the game.
PENDING_ROW_RE = re.compile(
    r'<tr data-players="(\d+) (\d*)" data-game="(\d+)" data-result="pending">')
CONTROLS_GAME_RE = re.compile(r'id="tournament-controls"[^>]*data-game="(\d*)"')
LIVE_VERSION_RE = re.compile(r'class="tournament-live-inner" data-version="(\d+)"')
RELOAD_AFTER = 30.0  # a player who has heard of no new game for this long reloads the page


def create_arena(run: str, players: list[dict], minutes: float) -> int:
    """A running arena of ``players`` (each joined with his own deck) through the events'
    services, as the admin's event would start: its first games are paired at its start."""
    from datetime import timedelta

    from django.utils import timezone

    from games.tournaments import services
    from games.tournaments.models import ARENA_MINUTES, EVENT_TURN_TIMEOUTS, Tournament
    from players.models import Player
    duration = next((m for m in ARENA_MINUTES if m >= minutes), ARENA_MINUTES[-1])
    options = services.options_check({
        "name": f"Load arena {run}", "kind": "arena", "duration_minutes": duration,
        "turn_timeout": EVENT_TURN_TIMEOUTS[-1], "max_players": max(2, min(500, len(players)))})
    tournament = Tournament.objects.create(starts_at=timezone.now() + timedelta(minutes=1),
                                           **options)
    services.set_end(tournament)
    for player in players:
        services.tournament_join(tournament_id=tournament.pk,
                                 player=Player.objects.get(pk=player["id"]), deck=player["deck"])
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    services.tournament_start(tournament_id=tournament.pk)
    return tournament.pk


def delete_arena(tournament_id: int) -> None:
    from games.tournaments.models import Tournament
    Tournament.objects.filter(pk=tournament_id).delete()


@dataclass
class ArenaEnd:
    """One game end of a player: when his game ended (the first of its two clients to see
    it) and when his client learnt of his next game (None: not by the run's end)."""
    player: int
    ended_game: int
    last_opponent: int | None
    ended_at: float
    next_game: int | None = None
    opponent: int | None = None
    seen_at: float | None = None
    by_reload: bool = False  # found by reloading the event's page: the notice was lost
    by_frame: bool = False  # named by a socket's frame (not the fallback)
    seen_wall: float | None = None  # seen_at on the wall clock (the database's timestamps')
    board_wall: float | None = None  # when the client held the next game's board (wall)
    pushed: bool = False  # that board came with the frame (no page load)
    panel_at: float | None = None  # when an event's live panel first showed that game


def wall(at: float) -> float:
    """A perf_counter reading on the wall clock (the database's timestamps are)."""
    return time.time() - (time.perf_counter() - at)


class ArenaPlayer:
    """A browser tab as the pages script it: the event's page until his first game (its
    socket names it, static/js/tournaments.js), then the game's page. At a game's end the
    finished game's page stays open, and its socket names his next game with his board of
    it (static/js/games.js shows that board at once and becomes the new game's page,
    fetching the page's other parts meanwhile; the socket is then the new game's). A next
    game no socket told him of within RELOAD_AFTER is a lost notice: he reloads the event's
    page, whose controls name it."""

    def __init__(self, base, player, stats, think, deadline, rng, tournament_id, tables, ends):
        self.base = base.rstrip("/")
        self.player = player
        self.me = str(player["id"])
        self.stats = stats
        self.deadline = deadline
        self.tournament_id = tournament_id
        self.tables = tables
        self.ends = ends
        self.client = PlayerClient(base, player, stats, think, deadline, rng, player["id"])
        self.known_game = ""   # the game the page knows (the page script's knownGame)
        self.opponents = {}    # game id -> the other player, as the event's panel shows it
        self.panel_at = {}     # game id -> when a live panel first showed it in play
        self.version = 0

    def _page(self):
        return f"/tournaments/{self.tournament_id}/"

    def show(self, html):
        """The event's panel: the games in play it shows (the opponents, for the figures)."""
        version = LIVE_VERSION_RE.search(html)
        if version:
            self.version = max(self.version, int(version.group(1)))
        for white, black, game in PENDING_ROW_RE.findall(html):
            if self.me in (white, black):
                self.opponents[int(game)] = int(black if white == self.me else white or 0)
                self.panel_at.setdefault(int(game), time.perf_counter())

    async def controls_game(self, http) -> int | None:
        html = await self.client.get(http, self._page() + "?part=controls")
        match = CONTROLS_GAME_RE.search(html or "")
        return int(match.group(1)) if match and match.group(1) else None

    async def on_event_page(self, http, ws_http):
        """The event's page until it names a game of his: (game, when, by a reload)."""
        page = await self.client.get(http, self._page())
        if page is None:
            self.stats.error("event page")
            return None
        self.show(page)
        match = CONTROLS_GAME_RE.search(page)
        if match and match.group(1):
            return int(match.group(1)), time.perf_counter(), False
        origin = self.base
        while time.monotonic() < self.deadline:
            try:
                ws = await ws_http.ws_connect(
                    origin.replace("http", "ws", 1) + f"/ws/tournaments/{self.tournament_id}/"
                    f"?v={self.version}&g={self.known_game}", headers={"Origin": origin},
                    heartbeat=None, compress=15)
            except Exception as exc:
                self.stats.error(f"event websocket {type(exc).__name__}")
                await asyncio.sleep(1.0)
                continue
            try:
                while time.monotonic() < self.deadline:
                    try:
                        message = await ws.receive(timeout=RELOAD_AFTER)
                    except TimeoutError:
                        game = await self.controls_game(http)  # the page reloaded
                        if game and str(game) != self.known_game:
                            return game, time.perf_counter(), True
                        continue
                    if message.type != 1:
                        break
                    try:
                        data = orjson.loads(message.data)
                    except ValueError:
                        continue
                    if data.get("event") == "game":
                        game = int(data.get("game") or 0)
                        if game and str(game) != self.known_game:
                            return game, time.perf_counter(), False
                    elif data.get("event") == "live" and isinstance(data.get("html"), str):
                        self.show(data["html"])
            finally:
                await ws.close()
        return None

    async def next_from_game_page(self, http, current):
        """On the finished game's page: (game, html, version, when, by a reload) of his next
        game, from the socket's frame (or, lost, from the event's page after RELOAD_AFTER)."""
        while time.monotonic() < self.deadline:
            try:
                game, html, version, at = await asyncio.wait_for(
                    self.client.event_games.get(),
                    min(RELOAD_AFTER, max(0.1, self.deadline - time.monotonic())))
            except TimeoutError:
                if time.monotonic() >= self.deadline:
                    return None
                game = await self.controls_game(http)
                if game and game != current:
                    return game, None, None, time.perf_counter(), True
                continue
            if game and game != current:
                return game, html, version, at, False
        return None

    async def run(self, ws_factory, http, ws_http, game_ws_http):
        found = await self.on_event_page(http, ws_http)
        if found is None:
            return
        game, _at, _reload = found
        board_html, pushed = None, False  # the next game's board, and whether it came pushed
        connect = ws_factory(game_ws_http)
        client = self.client
        while game is not None and time.monotonic() < self.deadline:
            self.known_game = str(game)
            table = self.tables.setdefault(game, Table(game))
            table.players.add(self.player["id"])
            client.board = None
            if board_html is None:
                board_html = await client.get(http, f"/games/{game}/")  # a page load
            if board_html is None or client.take_board(board_html, table,
                                                       "push" if pushed else "page") is None:
                self.stats.error("game page")
                return
            if pushed:
                # The page shows the pushed board and fetches the rest of the new game's page.
                asyncio.create_task(client.get(http, f"/games/{game}/"))
            try:
                ws = await connect(f"/ws/games/{game}/?v={client.board.version}"
                                   f"&event={self.tournament_id}")
                table.listening.add(client.seat)
            except Exception as exc:
                self.stats.error(f"websocket {type(exc).__name__}")
                return
            listener = asyncio.create_task(client.listen(http, ws, table))
            try:
                if not await client.play_on(http, table):
                    return
                table.listening.discard(client.seat)
                if not table.ended_at:
                    table.ended_at = time.perf_counter()
                    self.stats.game_ended()
                last = next(iter(table.players - {self.player["id"]}), self.opponents.get(game))
                end = ArenaEnd(self.player["id"], game, last, table.ended_at)
                self.ends.append(end)
                # The finished game's page, its socket still open: the next game comes there.
                found = await self.next_from_game_page(http, game)
                if found is None:
                    return
                game, board_html, _version, end.seen_at, end.by_reload = found
                end.by_frame = not end.by_reload
                end.seen_wall = wall(end.seen_at)
                end.pushed = pushed = bool(board_html)
                end.next_game, end.opponent = game, self.opponents.get(game)
                end.panel_at = self.panel_at.get(game)
                if pushed:
                    end.board_wall = end.seen_wall
            finally:
                table.listening.discard(client.seat)
                listener.cancel()
                await ws.close()
            if not pushed:
                # A page load brings the board: the board is there when the page is.
                board_html = await client.get(http, f"/games/{game}/")
                end.board_wall = time.time()


def arena_figures(ends: list[ArenaEnd]) -> dict:
    """Each end's wait (s), sorted by why: paired at his own game's end (someone was free),
    waited for another game to end (nobody free but his last opponent: the odd one out),
    a rematch held back, or no new game by the run's end; and every pairing's notice: told
    by a socket's frame, or lost (found by a reload)."""
    by_next = {(e.player, e.next_game): e for e in ends if e.next_game is not None}
    own, other, rematch, unpaired, reloads = [], [], [], 0, 0
    framed = sum(1 for e in ends if e.next_game is not None and e.by_frame)
    pushed = sum(1 for e in ends if e.next_game is not None and e.pushed)
    panel = [e.panel_at - e.ended_at for e in ends if e.next_game and e.panel_at]
    own_ends, boards = [], []
    for end in ends:
        if end.next_game is None:
            unpaired += 1
            continue
        # The socket may name the next game before the game's own socket has shown either
        # client its end (then the end, as the clients saw it, is late, not the news).
        wait = max(0.0, end.seen_at - end.ended_at)
        reloads += end.by_reload
        if end.board_wall is not None:
            boards.append((end.next_game, end.board_wall))
        partner = by_next.get((end.opponent, end.next_game))
        if end.opponent is not None and end.opponent == end.last_opponent:
            rematch.append(wait)
        elif partner is not None and partner.ended_at > end.ended_at + 1e-6:
            other.append(wait)
        else:
            own.append(wait)
            own_ends.append((end.ended_game, end.next_game, end.seen_wall))
    return {"own": own, "other": other, "rematch": rematch, "unpaired": unpaired,
            "reloads": reloads, "panel": panel, "own_ends": own_ends, "framed": framed,
            "pushed": pushed, "paired": len(ends) - unpaired, "boards": boards}


def arena_server_waits(own_ends: list[tuple]) -> tuple[list[float], list[float]]:
    """For those ends, from the database: the server's part (a game's end -> the player's
    next game created: the scoring, the pairing and the game's start), and the whole wait
    from the game's end as the server saved it (not as the clients saw it, which may be
    late) -> the client knew his next game (the same machine's clock)."""
    from games.models import Game
    ids = {game for ended, following, _seen in own_ends for game in (ended, following)}
    times = {pk: (created, finished) for pk, created, finished in Game.objects.filter(
        pk__in=ids).values_list("pk", "created_at", "finished_at")}
    server, whole = [], []
    for ended, following, seen_wall in own_ends:
        if ended in times and following in times and times[ended][1] is not None:
            server.append((times[following][0] - times[ended][1]).total_seconds())
            if seen_wall is not None:
                whole.append(seen_wall - times[ended][1].timestamp())
    return server, whole


def arena_board_waits(boards: list[tuple]) -> list[float]:
    """Every pairing -> the player's client holds the new game's board (s): from the game's
    creation in the pairing's transaction (the database's clock) to the board in the
    client's hands (the same machine's clock)."""
    from games.models import Game
    created = dict(Game.objects.filter(pk__in={game for game, _ in boards}).values_list(
        "pk", "created_at"))
    return [board_wall - created[game].timestamp() for game, board_wall in boards
            if game in created]


def arena_report(figures: dict, players: int) -> str:
    def spread(values):
        if not values:
            return "none"
        ms = [1000 * v for v in values]
        return (f"p50 {percentile(ms, 50):.0f}  p95 {percentile(ms, 95):.0f}  "
                f"p99 {percentile(ms, 99):.0f}  max {max(ms):.0f} ms (n={len(ms)})")
    own, server = figures["own"], figures.get("server_own", [])
    whole = figures.get("whole_own", [])
    boards = figures.get("board_waits", [])
    within = sum(1 for v in own if v <= 2.0)
    return "\n".join([
        f"arena: {players} players",
        f"  pairings after a game's end: {figures['paired']}; told by a socket's frame: "
        f"{figures['framed']} (with the board: {figures['pushed']}); lost (found by "
        f"reloading the event's page after {RELOAD_AFTER:g} s): {figures['reloads']}",
        f"  pairing -> the next game's board in the client's hands: {spread(boards)}; "
        f"within 2 s: {sum(1 for v in boards if v <= 2.0)}/{len(boards)}",
        f"  pairing latency, paired at their own game's end (game end -> next game known "
        f"to the client): {spread(own)}; within 2 s: {within}/{len(own)}",
        f"    the server's part of those (database: game end -> next game created): "
        f"{spread(server)}; within 2 s: {sum(1 for v in server if v <= 2.0)}/{len(server)}",
        f"    the same from the game's end as the database has it (the clients may see it "
        f"late): {spread(whole)}; within 2 s: {sum(1 for v in whole if v <= 2.0)}/{len(whole)}",
        f"  waited for another game to end (nobody else free: the odd one out): "
        f"{spread(figures['other'])}",
        f"  rematch held back (only the last opponent free): {spread(figures['rematch'])}",
        f"  no next game by the run's end: {figures['unpaired']}"])


async def run_arena_player(base, player, stats, think, deadline, seed, tournament_id, tables,
                           ends, ramp=0.0):
    import aiohttp
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, ramp))
    origin = base.rstrip("/")
    jar = aiohttp.CookieJar(unsafe=True)
    timeout = aiohttp.ClientTimeout(total=None, connect=REQUEST_TIMEOUT)
    http = aiohttp.ClientSession(cookie_jar=jar, timeout=timeout,
                                 cookies={"sessionid": player["session"]})
    # Each socket on connections of its own, as in run_pair.
    ws_http = aiohttp.ClientSession(cookie_jar=jar, timeout=timeout,
                                    connector=aiohttp.TCPConnector(force_close=True))
    game_ws_http = aiohttp.ClientSession(cookie_jar=jar, timeout=timeout,
                                         connector=aiohttp.TCPConnector(force_close=True))

    def factory(session):
        async def connect(path):
            return await session.ws_connect(origin.replace("http", "ws", 1) + path,
                                            headers={"Origin": origin}, heartbeat=None,
                                            compress=15)
        return connect
    try:
        await ArenaPlayer(base, player, stats, think, deadline, rng, tournament_id, tables,
                          ends).run(factory, http, ws_http, game_ws_http)
    finally:
        for session in (http, ws_http, game_ws_http):
            await session.close()


# ------------------------------------------------------------------ the server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def collect_static(extra_env: dict) -> None:
    """The production layout serves collected static files (DEBUG off needs the manifest)."""
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   env={**os.environ, **extra_env}, check=True)


def start_server(port: int | None, extra_env: dict, workers: int = 0, role: str = "all",
                 log_path: str = SERVER_LOG) -> subprocess.Popen:
    """``manage.py serve`` (``--role``: all, a web node, or the tasks node with no port),
    returned once its processes have started."""
    env = {**os.environ, **extra_env}
    log = open(log_path, "w")  # noqa: SIM115 - the server writes to it until it stops
    command = [sys.executable, "manage.py", "serve", "--role", role, "--workers", str(workers)]
    if port is not None:
        command += ["--port", str(port)]
    proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    # A busy machine (other jobs) may take longer: LOAD_START_TIMEOUT seconds.
    deadline = time.monotonic() + float(os.environ.get("LOAD_START_TIMEOUT", "60"))
    if port is not None:  # the tasks node listens on no port
        _wait_for_port(proc, port, deadline, log_path)
    wait_until_started(proc.pid, deadline)
    return proc


def _wait_for_port(proc: subprocess.Popen, port: int, deadline: float, log_path: str) -> None:
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server stopped; see " + log_path)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def stop_server(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, 15)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)


def start_pgbouncer(port: int, folder: str) -> subprocess.Popen:
    """PgBouncer in transaction mode on ``port``, in front of the database the harness
    uses (its own settings), as a deployment would run it: the servers connect to it."""
    import shutil

    from django.db import connection
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not os.path.exists(binary):
        raise SystemExit("--pgbouncer: PgBouncer is not installed (apt-get install pgbouncer)")
    db = connection.settings_dict
    os.makedirs(folder, exist_ok=True)
    user = db.get("USER") or "postgres"
    with open(os.path.join(folder, "userlist.txt"), "w") as fh:
        fh.write(f'"{user}" ""\n')
    config = os.path.join(folder, "pgbouncer.ini")
    with open(config, "w") as fh:
        fh.write(f"""[databases]
{db["NAME"]} = host={db.get("HOST") or "127.0.0.1"} port={db.get("PORT") or 5432} dbname={db["NAME"]}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder}/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = {PGBOUNCER_POOL}
ignore_startup_parameters = extra_float_digits,options
logfile = {folder}/pgbouncer.log
""")
    command = [binary, config]
    if os.getuid() == 0:  # PgBouncer refuses to run as root
        import pwd
        owner = pwd.getpwnam("postgres")
        for name in os.listdir(folder):
            os.chown(os.path.join(folder, name), owner.pw_uid, owner.pw_gid)
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        command = [binary, "-u", "postgres", config]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"PgBouncer stopped; see {folder}/pgbouncer.log")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("PgBouncer did not start within 20 s")


def wait_until_started(pid, deadline, quiet=0.15):
    """Wait until the server's processes have started, as a deployed site's have before its
    players arrive: the port opens before the server processes and the Celery worker have
    imported and warmed up (seconds of CPU that the first players' requests waited behind).
    Started = the process tree used under ``quiet`` of a core over the last second."""
    before = process_tree_cpu(pid)
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = process_tree_cpu(pid)
        used = sum(cpu - before.get(child, (None, 0.0))[1] for child, (_, cpu) in now.items())
        if len(now) > 1 and used < quiet:
            return
        before = now


def process_tree(pid) -> list:
    """``pid``'s process and all its descendants (psutil), none once it has gone."""
    import psutil
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def server_connection_bound() -> int:
    """The most database connections one server process may hold: one per HTTP thread and
    per live-board thread, plus the handshakes' (marcomage/httppool.py, games.consumers)."""
    from django.conf import settings
    return settings.HTTP_THREADS + settings.LIVE_BOARD_THREADS + 1


def processes_cpu(pids):
    """process_tree_cpu of several processes, in one dict."""
    out = {}
    for pid in pids:
        out.update(process_tree_cpu(pid))
    return out


def process_tree_cpu(pid):
    import psutil
    out = {}
    for proc in process_tree(pid):
        try:
            times = proc.cpu_times()
            name = " ".join(proc.cmdline()[:4])[-60:]
            out[proc.pid] = (name, times.user + times.system)
        except psutil.Error:
            continue
    return out


# The services the servers lean on, by process name: their CPU is part of every move too.
# (A PgBouncer the harness starts is listed with the server processes.)
SERVICE_PROCESSES = {"postgres": "PostgreSQL (every backend)", "redis-server": "Redis"}


def service_cpu_seconds(times):
    """A service process's CPU seconds, its exited children's included: a PostgreSQL backend
    that ends during a run (a closed connection, another job's database dropped) moves its
    time into the postmaster's reaped-children counters; counted only while alive, it would
    vanish from the second reading and the difference could fall to zero or below."""
    return (times.user + times.system
            + getattr(times, "children_user", 0.0) + getattr(times, "children_system", 0.0))


def box_cpu():
    """(busy, all, stolen) CPU seconds of the whole machine, from /proc/stat (None
    elsewhere; stolen: the time a virtual machine's host gave its cores to others), and
    the CPU seconds of each service of ``SERVICE_PROCESSES``: where the cores went."""
    import psutil
    services = Counter()
    for proc in psutil.process_iter(["name", "cpu_times"]):
        label = SERVICE_PROCESSES.get(proc.info["name"] or "")
        times = proc.info["cpu_times"]
        if label and times is not None:
            services[label] += service_cpu_seconds(times)
    try:
        with open("/proc/stat") as f:
            fields = [float(x) for x in f.readline().split()[1:]]
    except OSError:
        return None, services
    fields = fields[:8]  # user nice system idle iowait irq softirq steal (guest is in user)
    idle, steal = fields[3] + fields[4], fields[7]
    tick = os.sysconf("SC_CLK_TCK")
    return ((sum(fields) - idle - steal) / tick, sum(fields) / tick, steal / tick), services


def box_report(before, after, elapsed):
    """Lines for the services' CPU and the machine's busy share over the run."""
    (busy0, services0), (busy1, services1) = before, after
    used = {label: services1.get(label, 0.0) - services0.get(label, 0.0)
            for label in SERVICE_PROCESSES.values()}
    lines = [f"  cpu {100 * seconds / elapsed:5.1f}%  {label}"
             for label, seconds in used.items() if seconds > 0]
    if busy0 is not None and busy1 is not None and busy1[1] > busy0[1]:
        cores = os.cpu_count() or 1
        share = (busy1[0] - busy0[0]) / (busy1[1] - busy0[1])
        stolen = (busy1[2] - busy0[2]) / (busy1[1] - busy0[1])
        lines.append(f"  the machine: {100 * share:.0f}% busy ({100 * share * cores:.0f}% of "
                     f"one core, {cores} cores), the harness and other jobs included; "
                     f"{100 * stolen:.1f}% taken by the host (steal)")
    return lines


# ------------------------------------------------------------------ rolling restarts
def server_workers(serve_pid) -> list:
    """The uvicorn server processes of ``manage.py serve`` (its uvicorn's spawned children)."""
    import psutil
    found = []
    for proc in process_tree(serve_pid):
        try:
            if any("spawn_main" in part for part in proc.cmdline()):
                parent = proc.parent()
                if parent is not None and any("uvicorn" in part for part in parent.cmdline()):
                    found.append(proc)
        except psutil.Error:
            continue
    return found


def _started(proc, log_path=SERVER_LOG, timeout=120.0) -> bool:
    """Wait until a new server process serves: uvicorn writes "Started server process
    [pid]" once it has imported the application (warmed up, marcomage/site/warmup.py) and
    is about to take connections from the shared socket."""
    mark = f"Started server process [{proc.pid}]"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(log_path, errors="replace") as log:
                if mark in log.read():
                    return True
        except OSError:
            pass
        if not proc.is_running():
            return False
        time.sleep(0.2)
    return False


def rolling_restart(serve_pid, how: str, gap: float, log: list) -> None:
    """Restart every server process of ``serve_pid`` in turn, under load: ``term`` sends
    SIGTERM to one, waits until uvicorn has replaced it and the new one has started, waits
    ``gap`` seconds, then the next; ``hup`` sends SIGHUP to ``serve`` (its own rolling
    restart: uvicorn starts each new process before stopping an old one, then the Celery
    workers and beat). ``log``: (what, seconds since the start) lines."""
    import psutil
    t0 = time.perf_counter()

    def note(text):
        log.append((round(time.perf_counter() - t0, 1), text))
    old = server_workers(serve_pid)
    note(f"{len(old)} server processes: {[p.pid for p in old]}")
    if how == "hup":
        os.kill(serve_pid, 1)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            alive = {p.pid for p in server_workers(serve_pid)}
            if alive and not alive & {p.pid for p in old} and len(alive) >= len(old):
                break
            time.sleep(0.5)
        for proc in server_workers(serve_pid):
            _started(proc)
        note(f"SIGHUP: replaced by {[p.pid for p in server_workers(serve_pid)]}")
        return
    for proc in old:
        before = {p.pid for p in server_workers(serve_pid)}
        note(f"SIGTERM to {proc.pid}")
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except psutil.TimeoutExpired:
            note(f"{proc.pid} still running after 60 s")
        note(f"{proc.pid} stopped")
        deadline = time.monotonic() + 90
        new = []
        while time.monotonic() < deadline and not new:
            new = [p for p in server_workers(serve_pid) if p.pid not in before]
            time.sleep(0.2)
        for replacement in new:
            _started(replacement)
            note(f"replaced by {replacement.pid} (started)")
        time.sleep(gap)


def lost_moves(accepted) -> tuple[int, int]:
    """(moves the server answered as saved, of which missing from the games' turn logs)."""
    from django.db.models import Count

    from games.models import Turn
    saved = dict(Turn.objects.filter(game_id__in=list(accepted),
                                     action__in=[Turn.Action.PLAY, Turn.Action.DISCARD])
                 .values_list("game_id").annotate(n=Count("id")).values_list("game_id", "n"))
    lost = sum(max(0, count - saved.get(game, 0)) for game, count in accepted.items())
    return sum(accepted.values()), lost


# ------------------------------------------------------------------ probes and scrapes
async def probe_loop(base: str, every: float, deadline: float, figures: dict,
                     start_after: float = 0.0) -> None:
    """As a load balancer and Prometheus would: /health/live and /health/ready every
    ``every`` seconds, /metrics every 5 ``every``, from ``start_after`` seconds on (the
    steady state); each answer's time (ms) and, for the scrape, its size and line count, in
    ``figures``."""
    import aiohttp
    await asyncio.sleep(start_after)
    async with aiohttp.ClientSession() as http:
        rounds = 0
        while time.monotonic() < deadline:
            paths = ["/health/live", "/health/ready"] + (["/metrics"] if rounds % 5 == 0 else [])
            for path in paths:
                t0 = time.perf_counter()
                try:
                    async with http.get(base.rstrip("/") + path,
                                        timeout=request_timeout()) as response:
                        body = await response.read()
                        status = response.status
                except Exception as exc:  # noqa: BLE001 - counted, never a crash
                    figures.setdefault("errors", Counter())[f"{path} {type(exc).__name__}"] += 1
                    continue
                figures.setdefault(path, []).append((time.perf_counter() - t0) * 1000)
                if status != 200:
                    figures.setdefault("errors", Counter())[f"{path} {status}"] += 1
                if path == "/metrics":
                    figures.setdefault("scrape_bytes", []).append(len(body))
                    figures.setdefault("scrape_lines", []).append(body.count(b"\n"))
            rounds += 1
            await asyncio.sleep(every)


def probe_report(figures: dict) -> list[str]:
    lines = []
    for path in ("/health/live", "/health/ready", "/metrics"):
        values = figures.get(path) or []
        if values:
            lines.append(f"  {path}: p50 {percentile(values, 50):.1f}  p99 "
                         f"{percentile(values, 99):.1f}  max {max(values):.1f} ms "
                         f"(n={len(values)})")
    if figures.get("scrape_bytes"):
        lines.append(f"  a scrape: {max(figures['scrape_bytes']) / 1024:.0f} kB, "
                     f"{max(figures['scrape_lines'])} lines at most")
    if figures.get("errors"):
        lines.append(f"  probe errors: {dict(figures['errors'])}")
    return lines


# ------------------------------------------------------------------ main
def _spread(label, values, ps=(50, 99)):
    figures = "  ".join(f"p{p} {percentile(values, p):.0f}" for p in ps)
    return f"  {label}: {figures}  (n={len(values)})"


def timeline(stats: Stats, elapsed, window=10.0):
    """Per window of the run: POSTs, POST p50/p99, push p99, errors (where the time went), and
    what else came then: games ended (each brings a new game: two page loads and two
    handshakes), other GETs (mostly those page loads) and the harness's own loop lag p99."""
    lines = ["  timeline (s: POSTs, POST p50/p99 ms, push p99 ms, errors; games ended, "
             "other GETs, harness loop lag p99 ms):"]
    start = 0.0
    while start < elapsed:
        end = start + window
        posts, pushes = stats.between("post_ms", start, end), stats.between("push_ms", start, end)
        errors = stats.errors_between(start, end)
        ends, gets = stats.between("ends", start, end), stats.between("get_ms", start, end)
        lags = stats.between("lag_ms", start, end)
        lines.append(f"    {start:4.0f}-{end:<4.0f} {len(posts):5d}  {percentile(posts, 50):6.0f} "
                     f"{percentile(posts, 99):6.0f}  {percentile(pushes, 99):6.0f}  {errors}"
                     f"   {len(ends):4d} {len(gets):5d} {percentile(lags, 99):6.0f}")
        start = end
    return lines


def steady(stats: Stats, warmup: float, elapsed: float) -> list:
    """The figures once every game has started and the start's backlog is served: from
    ``warmup`` seconds on (the arrivals' page loads and handshakes come first)."""
    posts = stats.between("post_ms", warmup)
    span = max(elapsed - warmup, 1e-9)
    return [f"  steady state (from {warmup:g} s): {len(posts) / span:.1f} moves/s",
            _spread("  move POST ms", posts, (50, 95, 99)),
            _spread("  push ms", stats.between("push_ms", warmup)),
            _spread("  board held ms", stats.between("held_ms", warmup)),
            f"    errors: {stats.errors_between(warmup)}"]


def report(stats: Stats, elapsed, cpu_before, cpu_after, connections, games, think, level,
           warmup=None, peak_connections=None):
    lines = [f"load: {games} games, think {think[0]:g}-{think[1]:g} s, players of level "
             f"{level}, {elapsed:.1f} s",
             f"  moves: {stats.moves} ({stats.moves / elapsed:.1f}/s), games finished "
             f"{stats.games_finished}",
             _spread("move POST ms", stats.post_ms, (50, 95, 99)),
             _spread("push ms (move sent -> opponent's socket)", stats.push_ms),
             _spread("board held ms (move sent -> opponent holds it)", stats.held_ms),
             _spread("other GET ms", stats.get_ms),
             f"  errors: {sum(stats.errors.values())} {dict(stats.errors) or ''}"]
    if connections is not None:
        lines.append(f"  database connections at the end: {connections}")
    most = {pid: n for pid, n in (peak_connections or {}).items() if n}
    if most:  # none on SQLite
        lines.append(f"  database connections held at most, per process: "
                     f"{sorted(most.values(), reverse=True)} (a server process's bound: "
                     f"{server_connection_bound()}; total {sum(most.values())})")
    if warmup is not None and warmup < elapsed:
        lines += steady(stats, warmup, elapsed)
    lines += timeline(stats, elapsed)
    for pid, (name, after) in sorted(cpu_after.items()):
        before = cpu_before.get(pid, (name, 0.0))[1]
        lines.append(f"  cpu {100 * (after - before) / elapsed:5.1f}%  pid {pid} {name}")
    return "\n".join(lines)


async def main_async(args):
    if args.serve:
        # Sessions are signed with the secret key: the harness must share the server's.
        os.environ.setdefault("SECRET_KEY", "load-harness-" + "x" * 40)
    django_setup()
    from django.db import close_old_connections, connection
    think = tuple(float(x) for x in args.think.split(","))
    run = args.run or f"{int(time.time()) % 100000}{random.randint(10, 99)}"
    if args.arena:
        args.games = args.players // 2  # the games in play at once, for the figures' header
    players = await asyncio.to_thread(create_players, run, args.games * 2, args.level)
    pairs = [players[i:i + 2] for i in range(0, len(players), 2)]
    tournament_id = None
    if args.arena:
        # The arena pairs its first games at its start; the players arrive over the ramp.
        try:
            tournament_id = await asyncio.to_thread(create_arena, run, players,
                                                    args.duration / 60 + 1)
        except BaseException:
            await asyncio.to_thread(delete_players, run)  # no players left behind
            raise
    else:
        for pair in pairs:
            pair[0]["game"] = await asyncio.to_thread(create_game, pair[0], pair[1])
    push_world = None
    if args.push:
        from devtools.load_push import PushWorld
        push_world = PushWorld()
        await asyncio.to_thread(push_world.subscribe, [pair[1] for pair in pairs],
                                asyncio.get_running_loop())
    if await asyncio.to_thread(vacuum_when_autovacuum_is_off):
        print("autovacuum is off: the game and player tables were vacuumed first")
    close_old_connections()
    # The simulated browsers must not stall on the harness's own full garbage collections
    # (up to 100 ms over Django and the players made above): freeze what exists now.
    gc.collect()
    gc.freeze()
    servers, pgbouncer, game_maker = [], None, None
    bases = [args.url]
    db_port = int(connection.settings_dict.get("PORT") or 5432)
    try:
        if args.serve:
            # Every simulated browser comes from 127.0.0.1: no cap on live sockets per
            # address (marcomage/plumbing/socket_cap.py), as a server whose players share one address.
            server_env = {"DEBUG": "false", "ALLOWED_HOSTS": "127.0.0.1,localhost",
                          "SECURE_SSL_REDIRECT": "false", "LIVE_SOCKETS_PER_ADDRESS": "0"}
            if push_world is not None:  # the pushes go to the harness's push service
                server_env.update(push_world.server_env())
            if args.pgbouncer:
                db_port = free_port()
                pgbouncer = start_pgbouncer(db_port, f"/tmp/marcomage-load-pgbouncer-{run}")
                db = connection.settings_dict
                server_env.update({
                    "DATABASE_URL": f"postgres://{db.get('USER') or 'postgres'}@127.0.0.1:"
                                    f"{db_port}/{db['NAME']}",
                    "DISABLE_SERVER_SIDE_CURSORS": "true"})
            if not args.static_collected:
                collect_static(server_env)
            ports = [free_port() for _ in range(args.nodes)]
            if args.nodes == 1:
                servers.append(start_server(ports[0], server_env, args.workers))
            else:
                # Separate nodes as on separate machines: web nodes that meet only in Redis and
                # PostgreSQL, and one node for the Celery worker and beat.
                for i, port in enumerate(ports):
                    servers.append(start_server(port, server_env, args.workers or 1, role="web",
                                                log_path=f"{SERVER_LOG}.node{i + 1}"))
                servers.append(start_server(None, server_env, role="tasks",
                                            log_path=f"{SERVER_LOG}.tasks"))
            bases = [f"http://127.0.0.1:{port}" for port in ports]
        if not args.arena:
            game_maker = await asyncio.to_thread(GameMaker)
        stats = Stats()
        watched = [proc.pid for proc in servers] + ([pgbouncer.pid] if pgbouncer else [])
        cpu_before = processes_cpu(watched)
        box_before = box_cpu()

        def harness_cpu_seconds():
            return time.process_time() + (game_maker.cpu_seconds() if game_maker else 0.0)
        harness_cpu = harness_cpu_seconds()
        t0 = time.monotonic()
        deadline = t0 + args.duration
        ramp = args.games / 20 if args.ramp is None else args.ramp
        warmup = ramp + 10 if args.warmup is None else args.warmup
        peak_connections = {}
        lag_probe = asyncio.create_task(sample_loop_lag(stats))
        sampler = (asyncio.create_task(sample_db_connections(
            [proc.pid for proc in servers], db_port, peak_connections)) if servers else None)
        tables, ends = {}, []
        restarts, restarter = [], None
        probes, prober = {}, None
        if args.probe_every:
            prober = asyncio.create_task(probe_loop(bases[0], args.probe_every, deadline, probes,
                                                    start_after=warmup))
        if args.rolling_restart and servers:
            async def restart_later():
                await asyncio.sleep(warmup if args.restart_at is None else args.restart_at)
                await asyncio.to_thread(rolling_restart, servers[0].pid, args.rolling_restart,
                                        args.restart_gap, restarts)
            restarter = asyncio.create_task(restart_later())
        if args.arena:
            await asyncio.gather(*(run_arena_player(bases[i % len(bases)], player, stats,
                                                    think, deadline, args.seed + i,
                                                    tournament_id, tables, ends,
                                                    ramp)
                                   for i, player in enumerate(players)))
        else:
            # With several nodes the two players of each game are on different ones.
            await asyncio.gather(*(run_pair([bases[i % len(bases)],
                                             bases[(i + 1) % len(bases)]], pair, stats,
                                            think, deadline, args.seed + i, game_maker, ramp,
                                            push_world)
                                   for i, pair in enumerate(pairs)))
        lag_probe.cancel()
        if sampler:
            sampler.cancel()
        elapsed = time.monotonic() - t0
        if prober is not None:
            prober.cancel()
        if restarter is not None:
            if not restarter.done():
                print("the rolling restart had not finished by the run's end")
            restarter.cancel()
        harness_cpu = harness_cpu_seconds() - harness_cpu
        cpu_after = processes_cpu(watched)
        box_after = box_cpu()
        connections = await asyncio.to_thread(count_db_connections)
        text = report(stats, elapsed, cpu_before, cpu_after, connections, args.games, think,
                      args.level, warmup, peak_connections)
        if push_world is not None:
            text += "\n" + push_world.report()
        if len(bases) > 1 or pgbouncer:
            text += (f"\n  layout: {len(bases)} web node(s) at "
                     f"{', '.join(b.rsplit(':', 1)[1] for b in bases)}"
                     + (", a tasks node" if len(servers) > len(bases) else "")
                     + (f", PgBouncer (transaction mode, pool {PGBOUNCER_POOL}) at {db_port}"
                        if pgbouncer else ""))
        # The simulated browsers share the machine: a harness near 100 % of a core is itself
        # the bottleneck, and its figures then measure its own queue.
        # Its own event loop's lateness is in every figure above: a late loop reads late.
        print(text + f"\n  cpu {100 * harness_cpu / elapsed:5.1f}%  the harness itself (with the "
              f"process that sets up new games); its "
              f"event loop late by p50 {percentile(stats.lag_ms, 50):.0f} / p99 "
              f"{percentile(stats.lag_ms, 99):.0f} ms")
        print("\n".join(box_report(box_before, box_after, elapsed)))
        accepted, lost = await asyncio.to_thread(lost_moves, stats.accepted)
        print(f"  moves answered as saved: {accepted}, missing from the games' turn logs: "
              f"{lost}; sockets reopened after a restart's close (1012): {stats.reconnects}; "
              f"requests sent again after a closed connection: {stats.resent}; missing "
              f"pushes: {stats.errors.get('missing push', 0)}")
        if probes:
            print("\n".join([f"  probes (as a load balancer and Prometheus), from {warmup:g} s:",
                             *probe_report(probes)]))
        if restarts:
            print("  rolling restart (" + args.rolling_restart + "): " + "; ".join(
                f"{at:g} s {what}" for at, what in restarts))
        arena = None
        if args.arena:
            for end in ends:  # an opponent the panel did not show: the one at that table
                if end.opponent is None and end.next_game in tables:
                    end.opponent = next(iter(tables[end.next_game].players - {end.player}),
                                        None)
            arena = arena_figures(ends)
            arena["server_own"], arena["whole_own"] = await asyncio.to_thread(
                arena_server_waits, arena["own_ends"])
            arena["board_waits"] = await asyncio.to_thread(arena_board_waits, arena["boards"])
            print(arena_report(arena, len(players)))
        if args.json:
            with open(args.json, "w") as fh:
                json.dump({"games": args.games, "think": think, "elapsed": elapsed,
                           "moves": stats.moves, "post_ms": stats.post_ms,
                           "push_ms": stats.push_ms, "held_ms": stats.held_ms,
                           "at": stats.at, "errors_at": stats.errors_at,
                           "errors": dict(stats.errors), "connections": connections,
                           "peak_connections": peak_connections,
                           "games_finished": stats.games_finished, "arena": arena,
                           "web_push": push_world.figures() if push_world else None}, fh)
        return stats
    finally:
        if push_world is not None:
            push_world.stop()
        if game_maker is not None:
            game_maker.close()
        for proc in servers:
            stop_server(proc)
        if pgbouncer is not None:
            stop_server(pgbouncer)
        if not args.keep:
            await asyncio.to_thread(delete_players, run)
            if tournament_id is not None:
                await asyncio.to_thread(delete_arena, tournament_id)


def build_parser():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--think", default="0,2", help="think time range in seconds, 'low,high'")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--static-collected", action="store_true",
                        help="with --serve: STATIC_ROOT already holds the collected static "
                             "files (the suite's servers share one collection)")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--serve", action="store_true", help="start `manage.py serve` on a free port")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--run", default="", help="name prefix for the created players")
    parser.add_argument("--ramp", type=float, default=None,
                        help="seconds over which the games start (default: games / 20)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="seconds left out of the steady-state figures (default: the "
                             "ramp + 10 s); the whole run's figures are printed too")
    parser.add_argument("--level", type=int, default=10,
                        help="the players' level (default 10: past the tutorial; below it "
                             "each turn also costs a play suggestion, worked out by Celery)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the run's players and games (deleted at the end otherwise)")
    parser.add_argument("--workers", type=int, default=0,
                        help="server processes (default: serve's own, one per core)")
    parser.add_argument("--nodes", type=int, default=1,
                        help="with --serve: web nodes, each `manage.py serve --role web` on a "
                             "port of its own (--workers processes each, default 1), plus one "
                             "`--role tasks` node; the two players of each game use different "
                             "nodes")
    parser.add_argument("--pgbouncer", action="store_true",
                        help="with --serve: the servers reach PostgreSQL through PgBouncer in "
                             "transaction mode, started by the harness on a free port")
    parser.add_argument("--json", default="", help="also write the raw figures to this file")
    parser.add_argument("--arena", action="store_true",
                        help="arena mode: --players players in one running arena, each "
                             "following the event's page for his next game; reports the "
                             "pairing latency (game end -> next game known to the client)")
    parser.add_argument("--players", type=int, default=20, help="arena mode: the players")
    parser.add_argument("--push", action="store_true",
                        help="the second player of each game is away and comes back on web "
                             "pushes from a local push service; reports move -> push "
                             "latency (devtools/load_push.py)")
    parser.add_argument("--rolling-restart", choices=("term", "hup"), default="",
                        help="with --serve: restart every server process in turn under load "
                             "(term: SIGTERM to one at a time, uvicorn replaces it; hup: "
                             "SIGHUP to serve, its own rolling restart); the report counts "
                             "moves missing from the turn logs and sockets reopened")
    parser.add_argument("--probe-every", type=float, default=0.0,
                        help="poll /health/live and /health/ready every this many seconds "
                             "and scrape /metrics every five times that; their times and the "
                             "scrape's size are reported")
    parser.add_argument("--restart-at", type=float, default=None,
                        help="seconds into the run when the restarts begin (default: the "
                             "warm-up's end)")
    parser.add_argument("--restart-gap", type=float, default=5.0,
                        help="seconds between one process's replacement and the next stop")
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.push and args.arena:
        parser.error("--push plays the games mode (two players a table), not --arena")
    stats = asyncio.run(main_async(args))
    return 0 if stats.moves else 1


if __name__ == "__main__":
    sys.exit(main())
