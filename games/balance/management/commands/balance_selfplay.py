"""Run the computer against itself for the balance dashboard and report what it cost.

    manage.py balance_selfplay --games N --level standard --seed S [--mode normal]
        [--cpu-seconds T]

plays the run in this process (no CPU bound unless --cpu-seconds), replaces the
dashboard's self-play figures when it ends and prints games, turns, CPU and wall time,
then the headline: how many cards have enough games for both win rates, and the five
largest and smallest differences with their intervals.
``--run ID`` plays a run queued from the dashboard (what the server's background thread
starts as a child process when there is no Celery worker).
"""
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from games import engine
from games.balance import selectors, services
from games.balance.counting import MIN_GAMES
from games.balance.models import CardBalance
from games.balance.selfplay import SELFPLAY_MODES


class Command(BaseCommand):
    help = "Self-play games of the computer for the card balance dashboard."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--level", default="standard", choices=engine.AI_LEVELS)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--mode", default="normal", choices=list(SELFPLAY_MODES))
        parser.add_argument("--cpu-seconds", type=float, default=None,
                            help="stop after this much CPU time, keeping the games played")
        parser.add_argument("--run", type=int, default=None,
                            help="play this queued run (bounded as a queued run is)")
        parser.add_argument("--database-name", default="",
                            help="the database the parent process uses, when its name is "
                                 "not the settings' one (a test database)")

    def handle(self, *args, games, level, seed, mode, cpu_seconds, run, database_name,
               **options):
        if database_name:
            connection = connections["default"]
            connection.close()
            connection.settings_dict["NAME"] = database_name
        if run is not None:
            done = services.selfplay_run(run_id=run)
            self.stdout.write(f"self-play run {run}: {'done' if done else 'left alone'}")
            return
        try:
            run_row = services.selfplay_create(games=games, level=level, mode=mode, seed=seed)
        except services.BalanceError as error:
            raise CommandError(str(error)) from None
        began = time.perf_counter()

        def progress(done, tally):
            if done % 1000 == 0:
                self.stdout.write(f"  {done} games, {time.perf_counter() - began:.0f} s")

        services.selfplay_run(run_id=run_row.pk, cpu_seconds=cpu_seconds, progress=progress)
        run_row.refresh_from_db()
        self.stdout.write(
            f"self-play run {run_row.pk}: {run_row.games_played} of {run_row.games} games "
            f"at {level} ({mode}, seed {seed}), {run_row.turns} turns; "
            f"CPU {run_row.cpu_seconds:.1f} s, wall {run_row.wall_seconds:.1f} s, "
            f"{run_row.games_per_second or 0:.1f} games/s of CPU "
            f"({run_row.get_status_display().lower()})")
        self._report(selectors.headline(CardBalance.Source.SELFPLAY))

    def _report(self, figures):
        self.stdout.write(f"{figures['enough']} of the {figures['cards']} cards have enough "
                          f"games for both win rates ({MIN_GAMES} at least)")
        for title, entries in (("largest", figures["top"]), ("smallest", figures["bottom"])):
            if entries:
                self.stdout.write(f"{title} difference, played minus not played:")
            for e in entries:
                r = e.row
                self.stdout.write(
                    f"  {e.card.id:4d} {e.card.name} ({e.card.rarity}): "
                    f"{100 * r.difference:+.1f} points [{100 * r.difference_low:+.1f}, "
                    f"{100 * r.difference_high:+.1f}]; played {100 * r.played_rate:.1f} % "
                    f"of {r.played_games}, not played {100 * r.unplayed_rate:.1f} % "
                    f"of {r.unplayed_games}")
