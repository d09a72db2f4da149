"""Time the latest migrations on a copy of a big database, with moves being played meanwhile.

    python -m devtools.migration_timing [--games 100000] [--players 5000] [--turns 10]
        [--from games:0007_merge_ai_level_and_analysis,players:0009_merge_ai_level,...]

Needs PostgreSQL (DATABASE_URL names the server; the script makes a database of its own,
``<name>_migrations``, and drops it at the end unless --keep):

1. migrates the new database to the state before the migrations under test (``--from``:
   the apps' migrations before the last two waves; the apps the waves created are taken
   back to zero),
2. fills it: ``--players`` accounts with their settings, ``--games`` games (a fiftieth in
   progress, the rest finished) whose state and first state are real ones played through the
   engine, ``--turns`` turn-log rows per game, by bulk inserts,
3. runs ``manage.py migrate -v 2`` (Django prints each migration's time) while a second
   connection plays "moves" on running games the way a move does (lock the game row, update
   it, append a turn, commit) and a third reads game rows, each timing every round,
4. prints each migration's time, and the longest wait of a move and of a read while it ran:
   a migration that holds a lock on a table that play writes (a new foreign key to
   ``games_game`` takes a SHARE ROW EXCLUSIVE lock on it until its transaction commits)
   stops every move for that long; one that stops them for more than a second needs a
   maintenance window.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit, urlunsplit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The state before the last two waves of migrations (2026-11-26: backgrounds, events,
# balance, puzzles, the card lab; 2026-11-27: the game row's in-place updates), and what
# came since (this wave's own, such as privacy's).
BEFORE = ("games:0007_merge_ai_level_and_analysis,players:0009_merge_ai_level,"
          "concepts:0003_review_concept_permission,tournaments:zero,balance:zero,puzzles:zero,"
          "privacy:zero")
STALL_REPORTED = 1.0  # seconds: a wait longer than this needs a maintenance window


def database_url(base: str, name: str) -> str:
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path="/" + name))


def manage(url: str, *args, capture=False) -> str:
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "true", "LOG_FORMAT": "text"}
    env.pop("REDIS_URL", None)
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                            text=True, capture_output=capture)
    if result.returncode:
        raise SystemExit(f"manage.py {args[0]} failed:\n{result.stderr or ''}")
    return result.stdout if capture else ""


def recreate_database(base_url: str, name: str) -> str:
    import psycopg2
    admin = psycopg2.connect(database_url(base_url, "postgres"))
    admin.autocommit = True
    with admin.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = %s", [name])
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    admin.close()
    return database_url(base_url, name)


def drop_database(base_url: str, name: str) -> None:
    import psycopg2
    admin = psycopg2.connect(database_url(base_url, "postgres"))
    admin.autocommit = True
    with admin.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = %s", [name])
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
    admin.close()


FILL = r'''
import json, random, time
from datetime import timedelta
from django.contrib.auth.hashers import make_password
from django.db import connection, transaction
from django.utils import timezone
from games import engine
from games.models import Game, Turn
from players.models import Player, PlayerSettings, User
from decks.models import Deck

PLAYERS, GAMES, TURNS = {players}, {games}, {turns}
rng = random.Random(1)
t0 = time.perf_counter()
password = make_password("migration-timing")
now = timezone.now()
users = User.objects.bulk_create(
    [User(username=f"mig{{i}}", password=password, date_joined=now - timedelta(days=i % 900))
     for i in range(PLAYERS)], batch_size=2000)
players = Player.objects.bulk_create([Player(user=u, level=rng.randint(0, 40),
                                             exp=rng.randint(0, 50000)) for u in users],
                                     batch_size=2000)
PlayerSettings.objects.bulk_create([PlayerSettings(player=p) for p in players], batch_size=2000)
print("players", round(time.perf_counter() - t0, 1), flush=True)

# Real states: games played through the engine to different points (ids as the site keeps them).
from games.balance.selfplay import random_deck
templates = []
for seed in range(12):
    erng = engine.Rng(seed)
    state = engine.new_game(random_deck(erng), random_deck(erng), seed=seed)
    first = engine.state_to_json(state)
    for _ in range(rng.randint(5, 60)):
        if state.status != "in progress":
            break
        action = rng.choice(engine.legal_actions(state, state.current))
        if action.kind == "play":
            state = engine.play(state, state.current, action.position, action.mode).state
        else:
            state = engine.discard(state, state.current, action.position).state
    templates.append((first, engine.state_to_json(state), state.round))
if not templates:
    raise SystemExit("could not build game states")
print("states", len(templates), "of", round(sum(len(json.dumps(t[1])) for t in templates) / len(templates)), "bytes", flush=True)

batch = []
created = 0
for i in range(GAMES):
    first, state, rounds = templates[i % len(templates)]
    p1, p2 = rng.sample(players, 2)
    running = i % 50 == 0
    started = now - timedelta(minutes=rng.randint(1, 600000))
    batch.append(Game(player1=p1, player2=p2, state=state, initial_state=first,
                      status=Game.Status.IN_PROGRESS if running else Game.Status.FINISHED,
                      outcome=Game.Outcome.PENDING if running else Game.Outcome.DESTRUCTION,
                      winner=None if running else p1, version=rounds * 2, round=rounds,
                      current_seat=0 if running else None, started_at=started,
                      last_action_at=started + timedelta(minutes=30),
                      finished_at=None if running else started + timedelta(hours=1)))
    if len(batch) == 5000:
        Game.objects.bulk_create(batch)
        created += len(batch)
        batch = []
if batch:
    Game.objects.bulk_create(batch)
print("games", round(time.perf_counter() - t0, 1), flush=True)
if TURNS:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_turn (game_id, number, actor_seat, actor_id, action, position,"
            " card, mode, is_substitute, is_ai_move, round, record, created_at) "
            "SELECT g.id, n, mod(n, 2), g.player1_id, 'play', 1 + mod(n, 8),"
            " 1 + mod(g.id + n, 700), 0, false, false, 1 + n / 2, '{{}}'::jsonb,"
            " g.started_at + n * interval '1 minute' "
            "FROM games_game g, generate_series(1, %s) n", [TURNS])
print("turns", round(time.perf_counter() - t0, 1), flush=True)
with connection.cursor() as cursor:
    cursor.execute("ANALYZE")
print("RESULT", json.dumps({{"games": Game.objects.count(), "turns": Turn.objects.count()}}))
'''


class Player:
    """A connection playing moves (or only reading) on running games, timing each round."""

    def __init__(self, url: str, write: bool):
        self.url = url
        self.write = write
        self.rounds: list[tuple[float, float]] = []  # (start, seconds)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        import psycopg2
        connection = psycopg2.connect(self.url)
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM games_game WHERE status = 'in_progress' LIMIT 500")
            games = [row[0] for row in cursor.fetchall()]
        connection.commit()
        rng = random.Random(2)
        while not self.stop.is_set():
            game = rng.choice(games)
            start = time.perf_counter()
            with connection.cursor() as cursor:
                if self.write:
                    cursor.execute("SELECT id, version FROM games_game WHERE id = %s FOR UPDATE",
                                   [game])
                    version = cursor.fetchone()[1]
                    cursor.execute("UPDATE games_game SET version = %s, last_action_at = now() "
                                   "WHERE id = %s", [version + 1, game])
                    cursor.execute(
                        "INSERT INTO games_turn (game_id, number, actor_seat, action, position,"
                        " card, mode, is_substitute, is_ai_move, round, record, created_at)"
                        " VALUES (%s, %s, 0, 'discard', 1, 1, 0, false, false, 1, '{}'::jsonb,"
                        " now())",
                        [game, 100000 + version])
                else:
                    cursor.execute("SELECT state FROM games_game WHERE id = %s", [game])
                    cursor.fetchone()
            connection.commit()
            self.rounds.append((start, time.perf_counter() - start))
            time.sleep(0.02)
        connection.close()

    def longest_between(self, start: float, end: float) -> float:
        """The longest round that overlapped [start, end] (a round waiting on a lock)."""
        return max((seconds for began, seconds in self.rounds
                    if began <= end and began + seconds >= start), default=0.0)


APPLYING = re.compile(r"Applying (\S+)\.\.\. OK \(([\d.]+)s\)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--turns", type=int, default=10, help="turn-log rows per game")
    parser.add_argument("--from", dest="before", default=BEFORE,
                        help="app:migration targets of the state before (zero: not there)")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args(argv)
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL server (the script makes a "
                         "database of its own there).")
    name = urlsplit(base).path.lstrip("/") + "_migrations"
    url = recreate_database(base, name)
    try:
        t0 = time.perf_counter()
        # Everything, then back to the state before, the newest apps first (they depend on
        # the older ones); in one process.
        targets = [target.split(":") for target in reversed(args.before.split(","))]
        manage(url, "shell", "-c",
               "from django.core.management import call_command\n"
               "call_command('migrate', verbosity=0)\n"
               + "".join(f"call_command('migrate', {app!r}, {migration!r}, verbosity=0)\n"
                         for app, migration in targets))
        print(f"schema before the waves: {time.perf_counter() - t0:.1f} s")
        t0 = time.perf_counter()
        out = manage(url, "shell", "-c", FILL.format(players=args.players, games=args.games,
                                                     turns=args.turns), capture=True)
        print(out.strip().replace("RESULT ", "filled: "))
        print(f"fill: {time.perf_counter() - t0:.1f} s")
        import psycopg2
        connection = psycopg2.connect(url)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database())),"
                           " pg_size_pretty(pg_total_relation_size('games_game'))")
            size, games_size = cursor.fetchone()
        connection.close()
        print(f"database {size}, of which games_game {games_size}")

        movers = [Player(url, write=True), Player(url, write=False)]
        for mover in movers:
            mover.thread.start()
        time.sleep(2.0)  # their rounds before the migrations: the usual figure
        started = time.perf_counter()
        env = {**os.environ, "DATABASE_URL": url, "DEBUG": "true", "LOG_FORMAT": "text"}
        env.pop("REDIS_URL", None)
        process = subprocess.Popen([sys.executable, "manage.py", "migrate", "-v", "2"],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        applied = []
        for line in process.stdout:
            found = APPLYING.search(line)
            if found:
                end = time.perf_counter()
                applied.append((found.group(1), float(found.group(2)), end))
        process.wait()
        total = time.perf_counter() - started
        time.sleep(1.0)
        for mover in movers:
            mover.stop.set()
            mover.thread.join()
        write, read = movers
        usual = [s for b, s in write.rounds if b < started]
        print(f"migrate: {total:.1f} s for {len(applied)} migrations "
              f"(a move's round before: median {1000 * sorted(usual)[len(usual) // 2]:.1f} ms)")
        print(f"  {'migration':58} {'time':>8} {'longest move':>13} {'longest read':>13}")
        windows = []
        for migration, seconds, end in applied:
            begin = end - seconds
            move_wait = write.longest_between(begin, end)
            read_wait = read.longest_between(begin, end)
            flag = "  <- needs a maintenance window" if move_wait > STALL_REPORTED else ""
            if flag:
                windows.append(migration)
            print(f"  {migration:58} {seconds:7.2f}s {1000 * move_wait:10.0f} ms "
                  f"{1000 * read_wait:10.0f} ms{flag}")
        print(f"moves played meanwhile: {sum(1 for b, _ in write.rounds if b >= started)}; "
              f"longest move during the whole migrate "
              f"{1000 * write.longest_between(started, started + total):.0f} ms, longest read "
              f"{1000 * read.longest_between(started, started + total):.0f} ms")
        print("needs a maintenance window: " + (", ".join(windows) if windows else "none"))
        return 0
    finally:
        if not args.keep:
            drop_database(base, name)


if __name__ == "__main__":
    sys.exit(main())
