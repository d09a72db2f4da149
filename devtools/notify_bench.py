"""Measures the notifications (issue 42) against the server run the production way.

    python -m devtools.notify_bench --serve --games 200 [--window 20] [--days 7]

1. **Move -> the away opponent's mail.** ``--games`` games, each between a present player
   (his session in a simulated browser) and an opponent away from the site (seen a day ago,
   a confirmed address). Each present player loads his game page and, at a random moment
   of ``--window`` seconds, posts his move over HTTP as the page does; the server
   (``manage.py serve``: the embedded default, or with REDIS_URL its Celery workers) mails
   the opponent through a real SMTP server in this process (aiosmtpd). Figures: from the
   move's POST leaving the browser to the mail arriving at the SMTP server, p50/p95/p99/max,
   and the server's own part from the database (the notice recorded -> the mail sent).
   Pushes take the same dispatch (one delivery per subscription, sent by the same task):
   with the push package merged, ``--push`` counts their deliveries' times from the
   database too.
2. **Nothing for a player with the game open.** As many games again, the opponent away but
   his game's page open (its websocket, as a browser holds it): after the moves, every
   notice is dispatched and not one mail or push went to them (the deliveries say why).
3. **Mails per player per day under the digest rule.** In this process, the server
   stopped, with the clock moved by time-machine (so nothing else may use the database
   meanwhile: the periodic tick of another process would send these players' digests): ``--digest-players`` players in digest
   mode in time zones around the world, each at his own digest hour, get "your turn" notices
   at random moments (``--per-day`` a day on average) for ``--days`` days while the periodic
   tick runs every 10 minutes; the same stream to as many players in the immediate mode,
   for comparison. Figures: mails per player per day of his own calendar (mean and max).

The players it made are deleted at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import random
import threading
import time

from devtools.load import (
    collect_static,
    create_game,
    create_players,
    delete_players,
    django_setup,
    free_port,
    start_server,
    stop_server,
)
from devtools.load_client import parse_board, percentile

SITE_URL = "https://marcomage.bench"
ZONES = ["UTC", "Europe/Paris", "America/New_York", "America/Los_Angeles", "Asia/Tokyo",
         "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"]


# ------------------------------------------------------------------ the SMTP server
class Inbox:
    """aiosmtpd's handler: when each mail arrived (perf_counter), by recipient."""

    def __init__(self):
        self.arrived = {}
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        now = time.perf_counter()
        with self.lock:
            self.count += 1
            for rcpt in envelope.rcpt_tos:
                self.arrived.setdefault(rcpt.lower(), []).append(now)
        return "250 OK"


def start_smtp():
    import logging

    from aiosmtpd.controller import Controller
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per command
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return inbox, controller, port


# ------------------------------------------------------------------ setup
def address_of(player: dict) -> str:
    return f"{player['name'].lower()}@bench.example"


def prepare_tables(run: str, games: int) -> list[dict]:
    """``games`` games, each {game, present, away}: the present player on turn, the away one
    with a confirmed address, last seen a day ago; no notice left from the setup."""
    from django.utils import timezone

    from games.models import Game
    from players.models import Notification, Player, User
    from players.notifications.tasks import local_work
    players = create_players(run, games * 2, level=10)
    tables = []
    for first, second in zip(players[::2], players[1::2], strict=True):
        game_id = create_game(first, second)
        game = Game.objects.select_related("player1__user", "player2__user").get(pk=game_id)
        present, away = (first, second) if game.current_seat == 0 else (second, first)
        tables.append({"game": game_id, "present": present, "away": away})
    now = timezone.now()
    for table in tables:
        away = table["away"]
        User.objects.filter(player__pk=away["id"]).update(email=address_of(away),
                                                          email_verified_at=now)
    ids = [p["id"] for t in tables for p in (t["present"], t["away"])]
    Player.objects.filter(pk__in=[t["away"]["id"] for t in tables]).update(
        last_activity=now - datetime.timedelta(days=1))
    # What the setup told them (challenges) is not part of the measure.
    local_work.discard_waiting()
    Notification.objects.filter(player_id__in=ids).delete()
    return tables


# ------------------------------------------------------------------ the browsers
async def move_at(base, table, delay, posted, errors, answered=None):
    """The present player: ``delay`` s later he opens the game's page, thinks 1-3 s and
    posts a discard, as the page does."""
    import aiohttp
    await asyncio.sleep(delay)
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar,
                                     cookies={"sessionid": table["present"]["session"]}) as http:
        async with http.get(f"{base}/games/{table['game']}/") as response:
            html = await response.text()
            cookie = response.cookies.get("csrftoken")
            if cookie is not None:
                jar.update_cookies({"csrftoken": cookie.value})
        board = parse_board(html)
        if board is None or not board.my_turn:
            errors.append(f"game {table['game']}: no board on turn")
            return
        await asyncio.sleep(1 + 2 * random.random())
        data = {"csrfmiddlewaretoken": board.csrf, "version": str(board.version),
                "position": "1", "action": "discard"}
        posted[table["game"]] = time.perf_counter()
        async with http.post(f"{base}/games/{table['game']}/move/", data=data,
                             headers={"HX-Request": "true",
                                      "Referer": f"{base}/games/{table['game']}/"}) as response:
            text = await response.text()
            if answered is not None:
                answered.append((time.perf_counter() - posted[table["game"]]) * 1000)
            if response.status != 200 or parse_board(text) is None:
                errors.append(f"game {table['game']}: move answered {response.status}")


async def hold_game_open(base, table, opened, stop, held):
    """The away player's game page left open: its websocket, held until ``stop``; ``held``
    gets the game when the socket was still open then (not closed by the server)."""
    import aiohttp
    async with aiohttp.ClientSession(cookies={"sessionid": table["away"]["session"]}) as http:
        ws = await http.ws_connect(base.replace("http", "ws", 1) + f"/ws/games/{table['game']}/",
                                   headers={"Origin": base}, heartbeat=None)
        opened.append(table["game"])
        receiving = asyncio.ensure_future(ws.receive())
        await asyncio.wait({receiving, asyncio.ensure_future(stop.wait())},
                           return_when=asyncio.FIRST_COMPLETED)
        while receiving.done() and not ws.closed:  # frames (presence, board): read on
            receiving = asyncio.ensure_future(ws.receive())
            await asyncio.wait({receiving, asyncio.ensure_future(stop.wait())},
                               return_when=asyncio.FIRST_COMPLETED)
        if not ws.closed:
            held.append(table["game"])
        receiving.cancel()
        await ws.close()


async def wait_for(condition, timeout, every=0.2):
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(condition):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(every)
    return True


def dispatched(tables) -> int:
    from django.db import close_old_connections

    from players.models import Notification
    close_old_connections()
    return Notification.objects.filter(player_id__in=[t["away"]["id"] for t in tables],
                                       kind="your_turn", dispatched_at__isnull=False).count()


def server_part(tables) -> dict:
    """Per mail, ms (the database's clock) from the move saved to the notice recorded (the
    queued task's wait) and from the notice recorded to the mail sent."""
    from games.models import Game
    from players.models import Delivery
    moved = dict(Game.objects.filter(pk__in=[t["game"] for t in tables])
                 .values_list("pk", "last_action_at"))
    rows = Delivery.objects.filter(notification__player_id__in=[t["away"]["id"] for t in tables],
                                   channel="email", status="sent").values_list(
        "notification__game_id", "notification__created_at", "sent_at")
    return {"queued": [(created - moved[g]).total_seconds() * 1000 for g, created, _ in rows
                       if g in moved],
            "sent": [(sent - created).total_seconds() * 1000 for _g, created, sent in rows]}


def spread(label, values):
    if not values:
        return f"{label}: none"
    return (f"{label}: n={len(values)} p50 {percentile(values, 50):.0f} ms, p95 "
            f"{percentile(values, 95):.0f} ms, p99 {percentile(values, 99):.0f} ms, max "
            f"{max(values):.0f} ms")


async def measure_on_server(args, run):
    tables = await asyncio.to_thread(prepare_tables, run, args.games)
    watched = await asyncio.to_thread(prepare_tables, run + "w", args.games)
    inbox, smtp, smtp_port = start_smtp()
    port = free_port()
    env = {"DEBUG": "false", "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "SECURE_SSL_REDIRECT": "false", "EMAIL_HOST": "127.0.0.1",
           "EMAIL_PORT": str(smtp_port), "EMAIL_USE_TLS": "false", "EMAIL_USE_SSL": "false",
           "SITE_URL": SITE_URL}
    collect_static(env)
    server = start_server(port, env, args.workers)
    base = f"http://127.0.0.1:{port}"
    results = {}
    try:
        # 1. the away opponents
        posted, errors, answered = {}, [], []
        rng = random.Random(args.seed)
        started = time.perf_counter()
        await asyncio.gather(*(move_at(base, t, rng.uniform(0, args.window), posted, errors,
                                       answered) for t in tables))
        addresses = {address_of(t["away"]): t["game"] for t in tables}
        await wait_for(lambda: all(a in inbox.arrived for a in addresses), args.timeout)
        latencies = [(inbox.arrived[a][0] - posted[g]) * 1000 for a, g in addresses.items()
                     if a in inbox.arrived and g in posted]
        results["away"] = {"latencies": latencies, "errors": errors, "posts": answered,
                           "mails": sum(len(inbox.arrived.get(a, [])) for a in addresses),
                           "server": await asyncio.to_thread(server_part, tables),
                           "elapsed": time.perf_counter() - started}
        # 2. the game open
        stop, opened, held = asyncio.Event(), [], []
        holders = [asyncio.create_task(hold_game_open(base, t, opened, stop, held))
                   for t in watched]
        all_open = await wait_for(lambda: len(opened) == len(watched), 60, every=0.05)
        # Each socket records itself right after its handshake, off the event loop; the
        # moves below start a second later (nothing outside the server can see it happen
        # on the embedded default).
        await asyncio.sleep(1.0)
        posted2, errors2 = {}, []
        await asyncio.gather(*(move_at(base, t, rng.uniform(0, args.window), posted2, errors2)
                               for t in watched))
        done = await wait_for(lambda: dispatched(watched) == len(watched), args.timeout)
        stop.set()
        failed = [r for r in await asyncio.gather(*holders, return_exceptions=True)
                  if isinstance(r, BaseException)]
        held_ids = set(held)
        results["open"] = {"dispatched": done, "errors": errors2, "all_open": all_open,
                           "opened": len(opened), "held": len(held), "failed": failed[:3],
                           "mails_held": sum(len(inbox.arrived.get(address_of(t["away"]), []))
                                             for t in watched if t["game"] in held_ids),
                           "mails": sum(len(inbox.arrived.get(address_of(t["away"]), []))
                                        for t in watched),
                           "reasons": await asyncio.to_thread(reasons_of, watched)}
    finally:
        stop_server(server)
        smtp.stop()
    return results


def reasons_of(tables) -> dict:
    from collections import Counter

    from players.models import Delivery
    return dict(Counter(Delivery.objects.filter(
        notification__player_id__in=[t["away"]["id"] for t in tables])
        .values_list("reason", flat=True)))


# ------------------------------------------------------------------ 3. the digest rule
def simulate_digest(run: str, players_count: int, days: int, per_day: float, seed: int) -> dict:
    """The same stream of notices to players in digest and in immediate mode, for ``days``
    days of a clock moved by time-machine; mails per player per day of his own calendar."""
    import zoneinfo

    import time_machine
    from django.conf import settings
    from django.db import transaction

    from players.models import Delivery, DigestMail, NotificationSettings, Player, User
    from players.notifications import services, triggers
    from players.notifications.tasks import local_work

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    rng = random.Random(seed)
    people = create_players(run + "d", players_count * 2, level=10)
    start = datetime.datetime(2026, 6, 1, 0, 0, tzinfo=datetime.UTC)
    modes = {}
    for i, p in enumerate(people):
        zone = ZONES[i % len(ZONES)]
        digest = i % 2 == 0
        player = Player.objects.get(pk=p["id"])
        player.settings.timezone = zone
        player.settings.save()
        User.objects.filter(pk=player.user_id).update(email=f"{p['name'].lower()}@bench.example",
                                                     email_verified_at=start)
        NotificationSettings.objects.create(player=player, email_mode="digest" if digest
                                            else "immediate", digest_hour=rng.randrange(24))
        modes[p["id"]] = (digest, zoneinfo.ZoneInfo(zone))
    # Each player's notices: a Poisson stream, the same times for his digest/immediate twin.
    steps = days * 24 * 6  # ten-minute steps
    events = {}
    for i in range(players_count):
        for step in range(steps):
            if rng.random() < per_day / (24 * 6):
                for twin in (people[2 * i], people[2 * i + 1]):
                    events.setdefault(step, []).append(twin["id"])
    by_id = {p["id"]: Player.objects.get(pk=p["id"]) for p in people}
    game_ids = iter(range(10_000_000, 20_000_000))
    with time_machine.travel(start, tick=False) as clock:
        for step in range(steps):
            now = start + datetime.timedelta(minutes=10 * step)
            clock.move_to(now)
            ids = events.get(step, [])
            if ids:  # away: last seen an hour before
                Player.objects.filter(pk__in=ids).update(
                    last_activity=now - datetime.timedelta(hours=1))
                for player_id in ids:
                    by_id[player_id].last_activity = now - datetime.timedelta(hours=1)
                    with transaction.atomic():
                        triggers.your_turn(player=by_id[player_id], game_id=next(game_ids),
                                           version=2, opponent_name="bench")
                local_work.drain()
            services.notifications_tick(now=now)
    # Each mail by the day of its recipient's own calendar it went on.
    per_day = {True: {}, False: {}}
    sent = [(row.player_id, row.sent_at) for row in DigestMail.objects.filter(
        player_id__in=modes, status="sent")]
    sent += list(Delivery.objects.filter(notification__player_id__in=modes, channel="email",
                                         status="sent", digest__isnull=True)
                 .values_list("notification__player_id", "sent_at"))
    for player_id, when in sent:
        digest, zone = modes[player_id]
        key = (player_id, when.astimezone(zone).date())
        per_day[digest][key] = per_day[digest].get(key, 0) + 1
    notices = sum(len(v) for v in events.values()) // 2
    return {"notices_per_player": notices / players_count, "days": days, "per_day": per_day,
            "players": players_count}


def digest_report(sim) -> list[str]:
    lines = []
    for digest, label in ((True, "digest"), (False, "immediate (rate limited)")):
        counts = list(sim["per_day"][digest].values())
        player_days = sim["players"] * sim["days"]
        total = sum(counts)
        lines.append(f"  {label}: {total} mails for {sim['players']} players over "
                     f"{sim['days']} days: {total / player_days:.2f} per player per day on "
                     f"average, at most {max(counts) if counts else 0} in one of a "
                     f"player's days")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true",
                        help="start `manage.py serve` on a free port (else phases 1-2 skip)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--window", type=float, default=20.0,
                        help="seconds over which the moves are spread")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--per-day", type=float, default=12.0)
    parser.add_argument("--digest-players", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.serve:
        # Sessions are signed with the secret key: the bench must share the server's.
        os.environ.setdefault("SECRET_KEY", "notify-bench-" + "x" * 40)
    django_setup()
    import logging

    from django.conf import settings

    from marcomage.celery import app
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # a line per eager task
    # The setup's own notices (the challenges that start the games) are neither queued to
    # the server's workers nor run here: the setup deletes them.
    app.conf.task_always_eager = True
    settings.NOTIFICATION_THREADS = 0
    run = f"n{int(time.time()) % 100000}{random.randint(10, 99)}"
    layout = "PostgreSQL + Redis (Celery workers)" if settings.REDIS_URL else \
        "the embedded default (SQLite, tasks on the server's threads)"
    print(f"notify_bench: {layout}; {args.games} games, moves over {args.window:.0f} s")
    try:
        if args.serve:
            results = asyncio.run(measure_on_server(args, run))
            away, opened = results["away"], results["open"]
            print("1. move -> the away opponent's mail (SMTP arrival, from the move's POST):")
            print("  " + spread("mail", away["latencies"]))
            print("  " + spread("the move's POST answered", away["posts"]))
            print("  " + spread("server: move saved -> notice recorded (the queue)",
                                away["server"]["queued"]))
            print("  " + spread("server: notice recorded -> mail sent", away["server"]["sent"]))
            print(f"  mails {away['mails']} for {args.games} moves, errors {len(away['errors'])}"
                  + (f": {away['errors'][:3]}" if away["errors"] else ""))
            print("2. the opponent with the game open:")
            print(f"  sockets opened {opened['opened']}, still open at the end "
                  f"{opened['held']} (failed: {opened['failed']})")
            print(f"  notices dispatched: {'all' if opened['dispatched'] else 'NOT ALL'}; "
                  f"mails to them: {opened['mails']} ({opened['mails_held']} to players whose "
                  f"socket stayed open); deliveries by reason: {opened['reasons']}; errors "
                  f"{len(opened['errors'])}")
        if args.days <= 0:
            return 0
        sim = simulate_digest(run, args.digest_players, args.days, args.per_day, args.seed)
        print(f"3. mails per player per day ({sim['notices_per_player']:.0f} notices per "
              f"player over {sim['days']} days, the players away):")
        for line in digest_report(sim):
            print(line)
    finally:
        for suffix in ("", "w", "d"):
            delete_players(run + suffix)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
