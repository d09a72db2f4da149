"""Figures of the events (issue 27): Swiss pairing time and arena re-pairing latency.

    python -m devtools.bench_tournaments [--players 200] [--rounds 7] [--ends 300] [--seed 1]

Both parts run in this process against the real services on the configured database's
engine (DATABASE_URL, SQLite by default): a test database is created for the run and
dropped after it, so nothing is left in the site's own. Celery tasks run in this process
(eager), as the site runs them without Redis.

Swiss: ``--players`` players play ``--rounds`` rounds with random results; for each round
it prints the time of the pairing itself (the networkx matching over all the players,
rules.swiss_pairs) and of the whole service that starts the round (the matching plus
creating every game of the round, services.swiss_advance).

Arena: ``--players`` players in a running arena; ``--ends`` game ends are simulated, one at
a time, through the real games service (games.services.endings.game_end_by_site), which
sends the end's news after commit, scores the game and pairs the free players. For each
end it measures, per player of the ended game, the time from the end's call to his new
game (the pairing cost); it prints their distribution and how many players were paired by
the end of their own game, and how many had to wait for another game to end (an odd player
out, or a rematch kept back: their wait depends on how often games end, not on the site).
"""
import argparse
import random
import statistics
import sys
import time

from devtools.django_ready import django_ready


def _setup_django():
    django_ready()
    from marcomage.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    import logging

    for name in ("celery", "kombu"):  # each eager task logs a line: not the figures
        logging.getLogger(name).setLevel(logging.ERROR)


def _percentiles(values):
    ordered = sorted(values)
    if not ordered:
        return "no samples"

    def pick(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return (f"n={len(ordered)} median {statistics.median(ordered) * 1000:.1f} ms, "
            f"p95 {pick(0.95) * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


def _players(count, prefix):
    from django.contrib.auth import get_user_model

    from decks.models import Deck
    from games import engine

    users = get_user_model()
    made = []
    for n in range(count):
        user = users.objects.create_user(username=f"{prefix}{n}", password=None)
        player = user.player
        player.level = 10
        player.rating = 1200 + (n * 37) % 700
        player.save(update_fields=["level", "rating"])
        deck = engine.STARTER_DECKS[n % len(engine.STARTER_DECKS)]
        made.append((player, Deck.objects.create(
            player=player, name="Main", common=list(deck.common), uncommon=list(deck.uncommon),
            rare=list(deck.rare), tokens=list(deck.tokens), is_ready=True)))
    return made


def _event(kind, **options):
    from datetime import timedelta

    from django.utils import timezone

    from games.tournaments import services
    from games.tournaments.models import Tournament

    base = {"name": f"Bench {kind}", "kind": kind, "turn_timeout": 3600,
            "duration_minutes": 120, "rounds": 7, "round_minutes": 240, "max_players": 500}
    base.update(options)
    tournament = Tournament.objects.create(starts_at=timezone.now() + timedelta(minutes=1),
                                           **services.options_check(base))
    services.set_end(tournament)
    return tournament


def _join_all(tournament, players):
    from games.tournaments import services

    for player, deck in players:
        services.tournament_join(tournament_id=tournament.pk, player=player, deck=deck.pk)


def _start(tournament):
    from django.utils import timezone

    from games.tournaments import services
    from games.tournaments.models import Tournament

    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    started = time.perf_counter()
    services.tournament_start(tournament_id=tournament.pk)
    return time.perf_counter() - started


def _running_games(tournament):
    from games.models import Game

    return list(Game.objects.filter(tournament_pairing__tournament=tournament,
                                    status=Game.Status.IN_PROGRESS).values_list(
        "pk", "player1_id", "player2_id"))


def _end(game_id, rng):
    """End a game as players do: one gives up (a loss on time would pause the loser), or
    now and then it is called off."""
    from games.models import Game
    from games.services.endings import game_end_by_site, game_surrender, game_surrender_answer

    if rng.random() < 0.1:
        return game_end_by_site(game_id=game_id, outcome=Game.Outcome.ABORT)
    game = Game.objects.select_related("player1", "player2").get(pk=game_id)
    loser = rng.randrange(2)
    game_surrender(game_id=game_id, player=game.player_at(loser))
    return game_surrender_answer(game_id=game_id, player=game.player_at(1 - loser),
                                 accept=True)


def bench_swiss(count, rounds, rng):
    from games.tournaments import rules, services
    from games.tournaments.models import Entry, Kind, Pairing

    print(f"Swiss, {count} players, {rounds} rounds")
    tournament = _event(Kind.SWISS, rounds=rounds)
    _join_all(tournament, _players(count, f"s{tournament.pk}x"))
    matching_times, service_times = [], []
    # Round 1 starts with the event: the service's time includes creating its games.
    service_times.append(_start(tournament))
    for round_number in range(1, rounds + 1):
        tournament.refresh_from_db()
        if round_number > 1:
            # the matching alone, on the same players and history the service pairs next
            entries = list(Entry.objects.filter(tournament=tournament,
                                                status=Entry.Status.ACTIVE))
            players = [rules.SwissPlayer(e.pk, e.score, e.rating, e.had_bye) for e in entries]
            met = services._met_pairs(tournament)
            started = time.perf_counter()
            paired = rules.swiss_pairs(players, met)
            matching_times.append(time.perf_counter() - started)
            rematches = sum(frozenset(p) in met for p in paired.pairs)
            print(f"  round {round_number}: matching {matching_times[-1] * 1000:.0f} ms, "
                  f"{len(paired.pairs)} pairs, {rematches} rematches, bye "
                  f"{'yes' if paired.bye else 'no'}", end="")
        games = _running_games(tournament)
        # every game but the last ends; the last one's end starts the next round
        for game_id, _p1, _p2 in games[:-1]:
            _end(game_id, rng)
        started = time.perf_counter()
        _end(games[-1][0], rng)
        elapsed = time.perf_counter() - started
        if round_number < rounds:
            service_times.append(elapsed)
            if round_number > 1:
                print(f"; the round's start (matching and {len(games)} games) "
                      f"{elapsed * 1000:.0f} ms")
            else:
                print(f"  round 1 started with the event in {service_times[0] * 1000:.0f} ms; "
                      f"round 2 in {elapsed * 1000:.0f} ms")
        else:
            print(f"; the event's end {elapsed * 1000:.0f} ms")
    tournament.refresh_from_db()
    assert tournament.status == "finished", tournament.status
    pairs = Pairing.objects.filter(tournament=tournament, black__isnull=False)
    met = {frozenset(p) for p in pairs.values_list("white_id", "black_id")}
    print(f"  matching alone: {_percentiles(matching_times)}")
    print(f"  starting a round (matching + creating its games): {_percentiles(service_times)}")
    print(f"  {pairs.count()} games, {pairs.count() - len(met)} rematches; finished")
    return max(matching_times)


def bench_arena(count, ends, rng):
    from games.tournaments import services
    from games.tournaments.models import Entry, Kind

    print(f"Arena, {count} players, {ends} game ends")
    tournament = _event(Kind.ARENA)
    players = _players(count, f"a{tournament.pk}x")
    _join_all(tournament, players)
    start_time = _start(tournament)
    print(f"  start: {len(_running_games(tournament))} games paired in {start_time * 1000:.0f} ms")
    pair_calls = []
    real_pair = services.arena_pair

    def timed_pair(**kwargs):
        started = time.perf_counter()
        try:
            return real_pair(**kwargs)
        finally:
            pair_calls.append(time.perf_counter() - started)
    services.arena_pair = timed_pair
    latencies, waited = [], 0
    waiting_since = {}  # entry player id -> the end number when he became free
    try:
        for number in range(ends):
            games = _running_games(tournament)
            game_id, p1, p2 = rng.choice(games)
            started = time.perf_counter()
            _end(game_id, rng)
            elapsed = time.perf_counter() - started
            busy = dict(Entry.objects.filter(tournament=tournament).values_list(
                "player_id", "current_pairing_id"))
            for pid in (p1, p2):
                if busy[pid] is not None:
                    latencies.append(elapsed)
                else:
                    waiting_since[pid] = number
            for pid, since in list(waiting_since.items()):
                if busy[pid] is not None and since < number:
                    waited += 1
                    del waiting_since[pid]
    finally:
        services.arena_pair = real_pair
    total = 2 * ends
    print(f"  a player's new game after the end of his own (end, scoring, rating, pairing, "
          f"game creation; eager): {_percentiles(latencies)}")
    print(f"  the pairing step alone (services.arena_pair): {_percentiles(pair_calls)}")
    print(f"  paired by their own game's end: {len(latencies)} of {total} players; "
          f"{waited} waited for another game to end; {len(waiting_since)} still waiting "
          f"at the end")
    within = sum(1 for value in latencies if value <= 2.0)
    print(f"  paired at once within 2 s: {within} of {len(latencies)}")
    return max(latencies) if latencies else None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--ends", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=["swiss", "arena"])
    args = parser.parse_args(argv)
    _setup_django()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True,
                                                  serialize=False)
    print(f"database: {connection.vendor} (a test database of the configured engine)")
    rng = random.Random(args.seed)
    try:
        if args.only in (None, "swiss"):
            worst = bench_swiss(args.players, args.rounds, rng)
            print(f"  worst matching {worst * 1000:.0f} ms (target < 1000 ms)")
        if args.only in (None, "arena"):
            worst = bench_arena(args.players, args.ends, rng)
            print(f"  worst pairing latency {worst * 1000:.0f} ms (target < 2000 ms)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    return 0


if __name__ == "__main__":
    sys.exit(main())
