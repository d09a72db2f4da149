"""Play games among the computer levels and rate the levels (``manage.py ai_ratings``).

A run plays ``deals`` paired deals for every pair of levels; deal ``i`` of every pair
forms one rating period, so each level plays each other once a period on both seats.
The ratings are worked out again from every recorded game of the mode (Glicko-2,
players.progression.glicko2), then shifted so that the standard AI, the original game's
computer opponent, stands at 1500: the scale players know from their own ratings.
"""
import itertools
import multiprocessing
from collections import defaultdict

from django.db import transaction
from django.db.models import Max

from games import engine
from games.models import AiLevelGame, AiLevelRating
from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update

from .matches import match_budget, match_deal

ANCHOR_LEVEL, ANCHOR_RATING = "standard", 1500.0


def _simulations(budget):
    return (budget or {}).get("simulations")


def _default_simulations(level):
    return _simulations(match_budget(level))


def ai_ratings_play(*, deals: int, hidden: bool = False, levels=engine.AI_LEVELS, seed: int = 1,
                    jobs: int = 1, simulations: int | None = None, progress=None) -> int:
    """Play ``deals`` paired deals for every pair of ``levels`` and record the games;
    returns the number of games recorded. ``simulations`` overrides the search levels'
    default count (games so played are kept but not rated: other budgets, other players).
    ``progress(done, total)`` is told after each deal."""
    levels = [level for level in engine.AI_LEVELS if level in set(levels)]
    if len(levels) < 2 or deals < 1:
        return 0
    first_period = (AiLevelGame.objects.aggregate(last=Max("period"))["last"] or 0) + 1
    budgets = {level: match_budget(level, simulations if level in ("hard", "expert") else None)
               for level in levels}
    pairs = list(itertools.combinations(levels, 2))
    # A seed of its own for each run's period, so a later run plays new deals.
    tasks = [(i, seed * 7919 + first_period, a, b, budgets[a], budgets[b], hidden)
             for i in range(deals) for a, b in pairs]
    recorded = 0
    for done, (task, pair) in enumerate(zip(tasks, _deals_played(tasks, jobs)), 1):
        i, _seed, a, b, budget_a, budget_b, _hidden = task
        AiLevelGame.objects.bulk_create([
            AiLevelGame(level_a=a, level_b=b, hidden=hidden, score_a=score, turns=turns,
                        period=first_period + i, simulations_a=_simulations(budget_a),
                        simulations_b=_simulations(budget_b))
            for score, turns, _times_a, _times_b in pair])
        recorded += len(pair)
        if progress is not None:
            progress(done, len(tasks))
    return recorded


def _deals_played(tasks, jobs):
    """Each task's deal, in order, played in ``jobs`` processes (or in this one)."""
    if jobs <= 1:
        yield from map(match_deal, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(match_deal, tasks)


def _rated(game: AiLevelGame) -> bool:
    return (game.simulations_a == _default_simulations(game.level_a)
            and game.simulations_b == _default_simulations(game.level_b))


def ai_ratings_compute(games) -> dict:
    """Every level's (Glicko2Rating, games) after ``games`` (AiLevelGame rows of one mode,
    at the default budgets), period by period, shifted so that the standard AI is at 1500
    when it played."""
    periods = defaultdict(list)
    for game in games:
        periods[game.period].append(game)
    ratings = defaultdict(Glicko2Rating)
    counts = defaultdict(int)
    for period in sorted(periods):
        results = defaultdict(list)  # level -> [(opponent level, score)]
        for game in periods[period]:
            results[game.level_a].append((game.level_b, game.score_a))
            results[game.level_b].append((game.level_a, 1 - game.score_a))
        before = {level: ratings[level] for level in set(ratings) | set(results)}
        for level, played in results.items():
            ratings[level] = glicko2_update(before[level], [
                Glicko2Game(before[opponent].rating, before[opponent].deviation, score)
                for opponent, score in played])
            counts[level] += len(played)
        for level in set(before) - set(results):  # a period without its games
            ratings[level] = glicko2_update(before[level], [])
    shift = ANCHOR_RATING - ratings[ANCHOR_LEVEL].rating if ANCHOR_LEVEL in counts else 0.0
    return {level: (Glicko2Rating(r.rating + shift, r.deviation, r.volatility), counts[level])
            for level, r in ratings.items() if counts[level]}


def _scores_vs_standard(games) -> dict:
    scores = defaultdict(list)
    for game in games:
        if game.level_b == ANCHOR_LEVEL:
            scores[game.level_a].append(game.score_a)
        elif game.level_a == ANCHOR_LEVEL:
            scores[game.level_b].append(1 - game.score_a)
    return scores


@transaction.atomic
def ai_ratings_refresh() -> list[AiLevelRating]:
    """Rate every level in both modes from all recorded games at the default budgets."""
    saved = []
    for hidden in (False, True):
        games = [game for game in AiLevelGame.objects.filter(hidden=hidden) if _rated(game)]
        computed = ai_ratings_compute(games)
        versus = _scores_vs_standard(games)
        AiLevelRating.objects.filter(hidden=hidden).exclude(level__in=computed).delete()
        for level, (rating, count) in computed.items():
            against = versus.get(level, [])
            row, _ = AiLevelRating.objects.update_or_create(level=level, hidden=hidden, defaults={
                "rating": rating.rating, "deviation": rating.deviation,
                "volatility": rating.volatility, "games": count,
                "score_vs_standard": sum(against) / len(against) if against else None,
                "games_vs_standard": len(against)})
            saved.append(row)
    return saved
