"""Mine puzzles: ``manage.py mine_puzzles N [--from-games] [--self-play] [--seed S]``.

Looks through the site's finished games not looked through yet, then games the computer
plays against itself, for positions where one move wins (or saves the game) within a few
turns, proves each in sampled worlds as the mover sees it and saves it
(games/puzzles/mining.py). Without --from-games or --self-play it does both. It prints
the figures of the run: puzzles, positions examined, candidates, refuted candidates, games,
time and puzzles per minute.
"""
from django.core.management.base import BaseCommand, CommandError

from games.puzzles import mining


class Command(BaseCommand):
    help = "Mine N new puzzles from finished games and/or self-play games."

    def add_arguments(self, parser):
        parser.add_argument("count", type=int, help="How many new puzzles to find.")
        parser.add_argument("--from-games", action="store_true",
                            help="Look through the site's finished games (public replays).")
        parser.add_argument("--self-play", action="store_true",
                            help="Play the computer against itself and look through those "
                                 "games.")
        parser.add_argument("--seed", type=int, default=0,
                            help="Seed of the self-play games and of the sampled worlds "
                                 "(the same seed mines the same puzzles).")
        parser.add_argument("--worlds", type=int, default=mining.WORLDS,
                            help="Sampled worlds each puzzle must hold in (default "
                                 f"{mining.WORLDS}).")

    def handle(self, *args, count, from_games, self_play, seed, worlds, verbosity=1,
               **options):
        if count < 1:
            raise CommandError("Ask for at least one puzzle.")
        if worlds < 1:
            raise CommandError("--worlds must be at least 1.")
        if not from_games and not self_play:
            from_games = self_play = True

        def progress(report):
            if verbosity > 1:
                self.stdout.write(f"  {len(report.puzzles)} puzzles, {report.positions} "
                                  f"positions, {report.games + report.self_play_games} games")

        report = mining.mine(count, from_games=from_games, self_play=self_play, seed=seed,
                             worlds=worlds, log=progress)
        for puzzle in report.puzzles if verbosity >= 1 else ():
            where = (f"game {puzzle.source_game_id}, turn {puzzle.source_turn}"
                     if puzzle.source_game_id else
                     f"self-play seed {puzzle.source.get('seed')}, move {puzzle.source_turn}")
            self.stdout.write(f"puzzle {puzzle.pk}: {puzzle.title} ({where}; "
                              f"rating {round(puzzle.rating)}, {puzzle.worlds} worlds)")
        self.stdout.write(
            f"{len(report.puzzles)} puzzles in {report.seconds:.1f} s "
            f"({report.per_minute:.1f} a minute); {report.positions} positions examined, "
            f"{report.candidates} candidates, {report.refuted} refuted by the sampled worlds, "
            f"{report.duplicates} already known; {report.games} finished games and "
            f"{report.self_play_games} self-play games looked through.")
