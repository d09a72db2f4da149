"""Rate the computer's levels from games among them (issue 47; games.ai_ratings).

    python manage.py ai_ratings --deals 20 [--hidden | --both-modes] [--jobs 2]
    python manage.py ai_ratings            # rate again from the games recorded so far

Each deal is played twice per pair of levels (seats swapped); the games are kept, so runs
add up. Expert's default budget takes about a second a move: 20 deals in both modes are
some hours of one core; run it off-peak or on another machine with the same database.
"""
from django.core.management.base import BaseCommand, CommandError

from games import engine
from games.ai_ratings.selectors import ai_level_ratings
from games.ai_ratings.services import ai_ratings_play, ai_ratings_refresh


class Command(BaseCommand):
    help = ("Play paired deals among the computer's levels, then rate every level "
            "(Glicko-2, the standard AI at 1500) for the computer-game form and the help.")

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=0,
                            help="paired deals per pair of levels to play first (default: "
                                 "none, only rate again)")
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument("--hidden", action="store_true", help="hidden-cards mode")
        mode.add_argument("--both-modes", action="store_true", help="normal, then hidden cards")
        parser.add_argument("--levels", nargs="+", default=list(engine.AI_LEVELS),
                            help="the levels to play (default: all)")
        parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--simulations", type=int, default=None,
                            help="another simulation count for the search levels (for trying "
                                 "the command out: such games are kept but not rated)")

    def handle(self, *args, deals, hidden, both_modes, levels, jobs, seed, simulations,
               **options):
        unknown = sorted(set(levels) - set(engine.AI_LEVELS))
        if unknown:
            raise CommandError(f"Unknown level {', '.join(unknown)}: choose among "
                               f"{', '.join(engine.AI_LEVELS)}.")
        if deals < 0 or jobs < 1:
            raise CommandError("--deals must be 0 or more and --jobs at least 1.")
        modes = (False, True) if both_modes else (hidden,)
        for mode in modes if deals else ():
            label = "hidden cards" if mode else "normal"

            def progress(done, total, label=label):
                if done == total or done % 10 == 0:
                    self.stdout.write(f"{label}: {done}/{total} deals played")

            played = ai_ratings_play(deals=deals, hidden=mode, levels=levels, seed=seed,
                                     jobs=jobs, simulations=simulations, progress=progress)
            self.stdout.write(f"{label}: {played} games recorded")
        ai_ratings_refresh()
        for mode in (False, True):
            ratings = ai_level_ratings(hidden=mode)
            self.stdout.write(("Hidden cards" if mode else "Normal") + ":"
                              + ("" if ratings else " no games yet"))
            for r in ratings:
                versus = ("" if r.percent_vs_standard is None
                          else f", scores {r.percent_vs_standard}% against Standard")
                self.stdout.write(f"  {r.label:<9} {r.rating:>5} ± {r.margin:<4} "
                                  f"({r.games} games{versus})")
