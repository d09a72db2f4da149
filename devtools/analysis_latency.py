"""How the site answers while post-game analyses run, on the embedded default (SQLite, no
Redis): ``python -m devtools.analysis_latency [--games 3] [--moves 52] [--port 8765]``.

In a fresh SQLite database in a temporary folder it plays ``--games`` games of up to
``--moves`` moves (alice against bob) and ends them, starts the server as ``manage.py
serve`` does (one uvicorn process), then prints the median of 20 GETs of /games/ idle,
the same while the analyses of all the games, asked for at once (by carol and bob), run,
how long each request asking for one took, and how long until all were done. The figures
are wall-clock: on a machine shared with other jobs they measure the load too, so compare
runs made one after the other.
"""
import argparse
import http.cookiejar
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from devtools.django_ready import django_ready

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "correct-horse-battery"


def seed(moves: int, games: int) -> None:
    """(In a child process with DATABASE_URL set.) Three players and the finished games."""
    django_ready()
    from django.contrib.auth import get_user_model

    from decks.models import Deck
    from games import engine
    from games import services as gs

    def player(name):
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        user.player.level = 10  # past the tutorial: every section open
        user.player.save(update_fields=["level"])
        return user.player

    def deck(owner, starter):
        cards = engine.STARTER_DECKS[starter]
        return Deck.objects.create(player=owner, name=f"D{Deck.objects.count()}",
                                   common=list(cards.common), uncommon=list(cards.uncommon),
                                   rare=list(cards.rare), tokens=list(cards.tokens),
                                   is_ready=True)

    alice, bob, _carol = player("alice"), player("bob"), player("carol")
    for n in range(games):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck(alice, 0))
        game = gs.challenge_accept(game_id=game.pk, player=bob, deck=deck(bob, 1))
        for i in range(moves):
            game.refresh_from_db()
            if game.status != "in_progress":
                break
            mover = game.player1 if game.current_seat == 0 else game.player2
            position = 1 + (i * 3 + n) % 8
            try:
                gs.game_play_card(game_id=game.pk, player=mover, version=game.version,
                                  position=position)
            except gs.GameError:
                game.refresh_from_db()
                gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                                     position=position)
        game.refresh_from_db()
        if game.status == "in_progress":
            gs.game_surrender(game_id=game.pk, player=game.player1)
            gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        print(f"game {game.pk}: {game.turns.filter(action__in=['play', 'discard']).count()} "
              "moves", flush=True)


class Site:
    def __init__(self, base: str):
        self.base = base

    def session(self, username):
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(self.base + "/accounts/login/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        form = urllib.parse.urlencode({"username": username, "password": PASSWORD,
                                       "csrfmiddlewaretoken": token}).encode()
        opener.open(urllib.request.Request(self.base + "/accounts/login/", form,
                                           headers={"Referer": self.base + "/"}))
        csrf = next(c.value for c in jar if c.name == "csrftoken")
        return opener, csrf

    def gets(self, opener, n=20):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            opener.open(self.base + "/games/").read()
            times.append(1000 * (time.perf_counter() - start))
        return times

    def status(self, opener, game):
        request = urllib.request.Request(f"{self.base}/replays/{game}/analysis/",
                                         headers={"HX-Request": "true"})
        html = opener.open(request).read().decode()
        return re.search(r'data-status="(\w+)"', html).group(1)


def _figures(times):
    return f"median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f})"


def measure(base: str, games: list[int]) -> None:
    site = Site(base)
    viewer, _ = site.session("alice")
    site.gets(viewer, 5)  # warm up
    print("idle: /games/", _figures(site.gets(viewer)))
    held = {}

    def ask(game):
        opener, csrf = site.session("carol" if game % 2 else "bob")
        start = time.perf_counter()
        opener.open(urllib.request.Request(
            f"{base}/replays/{game}/analysis/", urllib.parse.urlencode({"turn": 0}).encode(),
            headers={"HX-Request": "true", "X-CSRFToken": csrf, "Referer": base + "/"})).read()
        held[game] = time.perf_counter() - start

    asked_at = time.monotonic()
    askers = [threading.Thread(target=ask, args=(g,)) for g in games]
    for thread in askers:
        thread.start()
    # Until one runs (asked in the requests, or started by a worker or a child process).
    while time.monotonic() - asked_at < 120 and "running" not in [
            site.status(viewer, g) for g in games]:
        time.sleep(0.2)
    busy = site.gets(viewer)
    print(f"while {len(games)} analyses were asked for: /games/", _figures(busy),
          "; then:", [site.status(viewer, g) for g in games])
    for thread in askers:
        thread.join()
    print("each request asking for one took:",
          ", ".join(f"{held[g]:.2f} s" for g in sorted(held)))
    while time.monotonic() - asked_at < 1800 and any(
            site.status(viewer, g) not in ("done", "failed") for g in games):
        time.sleep(1)
    print(f"all {[site.status(viewer, g) for g in games]} "
          f"{time.monotonic() - asked_at:.0f} s after asking")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=52)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed-only", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.seed_only:
        seed(options.moves, options.games)
        return
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3"}
        env.pop("REDIS_URL", None)
        python = sys.executable
        subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        subprocess.run([python, "-m", "devtools.analysis_latency", "--seed-only",
                        "--games", str(options.games), "--moves", str(options.moves)],
                       cwd=ROOT, env=env, check=True, stderr=subprocess.DEVNULL)
        server = subprocess.Popen(
            [python, "-m", "uvicorn", "marcomage.asgi:application", "--host", "127.0.0.1",
             "--port", str(options.port), "--lifespan", "off", "--loop", "uvloop",
             "--http", "httptools", "--ws", "websockets-sansio", "--no-access-log"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{options.port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/accounts/login/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.2)
            measure(base, list(range(1, options.games + 1)))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
