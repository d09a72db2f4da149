"""The puzzles' state changes: saving a mined puzzle, answering one (ratings and streaks),
choosing the day's puzzle.

An answer is taken in one transaction: the player's puzzle rating row and the puzzle row are
locked, the first answer of a player to a puzzle is recorded and rated (Glicko-2 for both,
each from the other's rating before: one answer is one rating period, as a game is for the
game ratings), later ones change nothing. A move the engine does not allow in the position
is refused before anything is recorded.
"""
import hashlib
import json

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games import engine
from games.services.errors import GameError
from players.progression.glicko2 import Glicko2Game, Glicko2Rating, glicko2_update

from . import solver
from .models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzlePlayer

GONE = "There is no such puzzle."
BAD_MOVE = "That move cannot be made in this position: pick a card you can play (or discard one)."

# The rating a puzzle starts with: by what it asks, more for each of the computer's levels
# that misses it (the standard AI, then the Hard search); Glicko-2 then moves it with every
# answer.
START_RATINGS = {(Puzzle.Kind.WIN, 1): 1200.0, (Puzzle.Kind.WIN, 2): 1600.0,
                 (Puzzle.Kind.DEFEND, 1): 1450.0}
COMPUTER_MISSES_BONUS = 150.0
COMPUTER_LEVELS = ("standard", "hard")


def puzzle_fingerprint(state, seat) -> str:
    """The position as the mover sees it (two positions he cannot tell apart are one)."""
    view = engine.view_for(state, seat)
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def puzzle_save(found, state, *, origin, line_seed, source_game=None, source_turn=0,
                source=None) -> Puzzle | None:
    """Save a proven puzzle (``found``: solver.Found) with the line after each legal move;
    None when the same position is already a puzzle."""
    seat = state.current
    fingerprint = puzzle_fingerprint(state, seat)
    if Puzzle.objects.filter(fingerprint=fingerprint).exists():
        return None
    lines = {key: {"right": key in found.solution,
                   "steps": solver.line_after(state, found, key, seed=line_seed)}
             for key in found.verdicts}
    rating = START_RATINGS.get((found.kind, found.turns), 1500.0)
    for level in COMPUTER_LEVELS:
        if solver.computer_finds(state, found, seed=line_seed, level=level):
            break
        rating += COMPUTER_MISSES_BONUS
    try:
        with transaction.atomic():
            return Puzzle.objects.create(
                kind=found.kind, turns=found.turns, seat=seat,
                state=engine.state_to_json(state), solution=found.solution, lines=lines,
                worlds=found.worlds, origin=origin, source_game=source_game,
                source_turn=source_turn, source=source or {}, fingerprint=fingerprint,
                rating=rating)
    except IntegrityError:  # the same position saved meanwhile
        return None


def _puzzle_state(puzzle: Puzzle):
    return engine.state_from_json(puzzle.state)


def answer_key(puzzle: Puzzle, *, kind: str, position, mode=0) -> str:
    """The key of a move the player sends (kind "play"/"discard", hand position 1-8, the
    card's mode); a GameError for anything the engine does not allow in the position."""
    try:
        position, mode = int(position), int(mode or 0)
    except (TypeError, ValueError):
        raise GameError(BAD_MOVE, code="bad_move")
    if kind == "discard":
        mode = 0
    action = engine.Action(kind, position, mode)
    state = _puzzle_state(puzzle)
    if action not in engine.legal_actions(state, puzzle.seat):
        raise GameError(BAD_MOVE, code="bad_move")
    return solver.action_key(action)


def puzzle_try(*, puzzle_id, kind: str, position, mode=0) -> tuple[str, bool]:
    """A move tried without a rating (a visitor's answer, or a player's after his first):
    (its key, right or not); recorded nowhere. GameError "gone" or "bad_move" as
    ``puzzle_answer``."""
    try:
        puzzle = Puzzle.objects.get(pk=int(puzzle_id))
    except (Puzzle.DoesNotExist, TypeError, ValueError, OverflowError):
        raise GameError(GONE, code="gone")
    key = answer_key(puzzle, kind=kind, position=position, mode=mode)
    return key, key in puzzle.solution


def _rated(rating, deviation, volatility, opponent: Glicko2Rating, score: float):
    return glicko2_update(Glicko2Rating(rating, deviation, volatility),
                          [Glicko2Game(opponent.rating, opponent.deviation, score)])


def puzzle_answer(*, puzzle_id, player, kind: str, position, mode=0) -> PuzzleAttempt:
    """Answer a puzzle: the player's first answer is recorded and rated (his puzzle rating
    and the puzzle's, his streaks); a later answer changes nothing and returns the first.
    GameError "gone" for no such puzzle, "bad_move" for a move the position does not
    allow (nothing recorded)."""
    today = timezone.localdate()
    PuzzlePlayer.objects.get_or_create(player=player)
    with transaction.atomic():
        me = PuzzlePlayer.objects.select_for_update().get(player=player)
        try:
            puzzle = Puzzle.objects.select_for_update().get(pk=int(puzzle_id))
        except (Puzzle.DoesNotExist, TypeError, ValueError, OverflowError):
            raise GameError(GONE, code="gone")
        earlier = PuzzleAttempt.objects.filter(player=player, puzzle=puzzle).first()
        if earlier is not None:
            return earlier
        key = answer_key(puzzle, kind=kind, position=position, mode=mode)
        correct = key in puzzle.solution
        mine = Glicko2Rating(me.rating, me.deviation, me.volatility)
        theirs = Glicko2Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
        my_after = _rated(me.rating, me.deviation, me.volatility, theirs, 1.0 if correct else 0.0)
        puzzle_after = _rated(puzzle.rating, puzzle.deviation, puzzle.volatility, mine,
                              0.0 if correct else 1.0)
        daily = DailyPuzzle.objects.filter(day=today, puzzle=puzzle).exists()
        attempt = PuzzleAttempt.objects.create(
            player=player, puzzle=puzzle, answer=key, correct=correct, daily=daily,
            rating_before=me.rating, rating_after=my_after.rating,
            puzzle_rating_before=puzzle.rating)
        me.rating, me.deviation, me.volatility = (my_after.rating, my_after.deviation,
                                                  my_after.volatility)
        if correct:
            me.solved += 1
            me.streak += 1
            me.best_streak = max(me.best_streak, me.streak)
        else:
            me.failed += 1
            me.streak = 0
        if daily:
            _daily_streak(me, today, correct)
        me.save()
        puzzle.rating, puzzle.deviation, puzzle.volatility = (
            puzzle_after.rating, puzzle_after.deviation, puzzle_after.volatility)
        puzzle.attempts += 1
        puzzle.solved += 1 if correct else 0
        puzzle.save(update_fields=["rating", "deviation", "volatility", "attempts", "solved"])
    return attempt


def _daily_streak(me: PuzzlePlayer, today, correct: bool) -> None:
    """Days in a row with the daily puzzle solved: yesterday's solved carries on, a miss
    ends it."""
    if not correct:
        me.daily_streak = 0
        return
    if me.last_daily is not None and (today - me.last_daily).days == 1:
        me.daily_streak += 1
    elif me.last_daily != today:
        me.daily_streak = 1
    me.last_daily = today


def daily_puzzle(day=None) -> Puzzle | None:
    """The puzzle of ``day`` (today by default), chosen the first time it is asked for:
    the oldest puzzle that has never been a daily one, else the one that was so longest
    ago. None while there are no puzzles."""
    day = day or timezone.localdate()
    chosen = DailyPuzzle.objects.select_related("puzzle").filter(day=day).first()
    if chosen is not None:
        return chosen.puzzle
    fresh = Puzzle.objects.filter(days__isnull=True).order_by("pk").first()
    if fresh is None:
        fresh = (Puzzle.objects.annotate(last_day=Max("days__day")).filter(last_day__lt=day)
                 .order_by("last_day", "pk").first())
    if fresh is None:
        return None
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(day=day, puzzle=fresh)
    except IntegrityError:  # another request chose it first: that one stands
        pass
    return DailyPuzzle.objects.select_related("puzzle").get(day=day).puzzle
