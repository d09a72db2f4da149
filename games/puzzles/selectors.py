"""What the puzzle pages, the home page's panel and the API read (reads only).

Before a player has answered, a puzzle shows only its board, built from
``engine.view_for(state, seat)`` with the game board's pieces (games.services.board), and
what anybody may know about it (what it asks, its rating, how often it was solved). The
solution, the lines and the source game (whose replay would tell the answer) are read only
through ``answer_shown``, for a player who has answered, and ``try_shown``, for a move tried
without a rating (a visitor's, or a player's again after his rated answer); after a miss the
solution itself only when he asks for it, so that he may try again first.
"""
from django.db.models import Count, Exists, F, OuterRef, Value
from django.db.models.functions import Abs, Floor

from games import engine
from games.services.access import is_public_replay
from games.services.board import ATTRIBUTES, limits_of, side_for

from . import solver
from .models import Puzzle, PuzzleAttempt, PuzzlePlayer

# Ratings are browsed in bands this wide.
BAND = 200
HISTORY_PAGE = 25
BROWSE_PAGE = 25


def puzzle_get(puzzle_id) -> Puzzle | None:
    try:
        return Puzzle.objects.select_related("source_game").get(pk=int(puzzle_id))
    except (Puzzle.DoesNotExist, TypeError, ValueError, OverflowError):
        return None


def puzzle_state(puzzle: Puzzle):
    return engine.state_from_json(puzzle.state)


def puzzle_view(puzzle: Puzzle) -> dict:
    """The engine's view of the position for the mover: all that may leave the server
    before an answer."""
    return engine.view_for(puzzle_state(puzzle), puzzle.seat)


def board_of(puzzle: Puzzle) -> dict:
    """The board as the mover sees it, in the shape of the game page's board (the sides
    of games/_side.html, each hand slot with its modes and whether it may be played)."""
    state = puzzle_state(puzzle)
    seat = puzzle.seat
    view = engine.view_for(state, seat)
    limits = limits_of(state)
    playable = frozenset(a.position for a in engine.legal_actions(state, seat)
                         if a.kind == "play")
    return {
        "seat": seat,
        "me": side_for(view["players"][seat], card=state.card, limits=limits, mine=True,
                       playable=playable),
        "opponent": side_for(view["players"][1 - seat], card=state.card, limits=limits,
                             mine=False),
        "round": view["round"],
        "modes": view["modes"],
        "limits": limits,
        "my_turn": True,
        "running": True,
    }


def profile_of(player) -> PuzzlePlayer:
    """The player's puzzle rating and streaks (a fresh, unsaved one before any answer)."""
    found = PuzzlePlayer.objects.filter(player=player).first()
    return found if found is not None else PuzzlePlayer(player=player)


def attempt_of(player, puzzle: Puzzle) -> PuzzleAttempt | None:
    if player is None:
        return None
    return PuzzleAttempt.objects.filter(player=player, puzzle=puzzle).first()


def move_named(state, seat, key: str) -> dict:
    """A move in words: {"kind", "position", "mode", "card", "name"}."""
    action = solver.parse_key(key)
    card = state.p[seat].hand[action.position - 1]
    return {"kind": action.kind, "position": action.position, "mode": action.mode,
            "card": card, "name": state.card(card).name}


def _changes(before: list, after: list, owner: str) -> list:
    return [f"{owner} {label.lower()} {before[i]} → {after[i]}"
            for i, (_key, label) in enumerate(ATTRIBUTES) if before[i] != after[i]]


def line_shown(puzzle: Puzzle, steps: list) -> list:
    """The stored line in words: who moved, the card, what changed for each side."""
    state = puzzle_state(puzzle)
    before = [list(state.p[puzzle.seat].a), list(state.p[1 - puzzle.seat].a)]
    out = []
    for step in steps:
        after = step["attributes"]
        out.append({
            "by_mover": step["by_mover"], "kind": step["kind"], "card": step["card"],
            "name": state.card(step["card"]).name if step["card"] else "a hidden card",
            "mode": step["mode"], "ended": step["ended"],
            "changes": _changes(before[0], after[0], "your") + _changes(before[1], after[1],
                                                                       "their"),
        })
        before = after
    return out


def source_of(puzzle: Puzzle, viewer) -> dict:
    """Where the puzzle comes from; the source game's replay only when it is a public
    replay the viewer may open (the Replays section)."""
    game = puzzle.source_game
    replay = game is not None and is_public_replay(game)
    return {"origin": puzzle.origin, "origin_label": puzzle.get_origin_display(),
            "game": game.pk if replay else None, "turn": puzzle.source_turn,
            "self_play": puzzle.source if puzzle.origin == Puzzle.Origin.SELF_PLAY else None}


def _verdict(puzzle: Puzzle, key: str, correct: bool, viewer, with_solution: bool) -> dict:
    state = puzzle_state(puzzle)
    seat = puzzle.seat
    shown = {
        "correct": correct,
        "answer": move_named(state, seat, key),
        "answer_line": line_shown(puzzle, puzzle.lines[key]["steps"]),
        "with_solution": with_solution or correct,
        "source": source_of(puzzle, viewer),
    }
    if shown["with_solution"]:
        right_key = puzzle.solution[0]
        shown["solution"] = [move_named(state, seat, right) for right in puzzle.solution]
        shown["solution_line"] = line_shown(puzzle, puzzle.lines[right_key]["steps"])
    return shown


def answer_shown(puzzle: Puzzle, attempt: PuzzleAttempt, viewer, *,
                 with_solution: bool = True) -> dict:
    """Everything a player may see once he has answered: the verdict, his move and what
    follows it, the rating change, the source; and the solution and what follows it
    (after a miss, only when he asks for it: until then he may try again)."""
    return {**_verdict(puzzle, attempt.answer, attempt.correct, viewer, with_solution),
            "rating_before": attempt.rating_before, "rating_after": attempt.rating_after,
            "rating_change": attempt.rating_change, "practice": False}


def try_shown(puzzle: Puzzle, key: str, viewer, *, with_solution: bool = False) -> dict:
    """The verdict of a move tried without a rating (services.puzzle_try): a visitor's, or a
    player's after his rated answer. No rating change; the solution as ``answer_shown``."""
    return {**_verdict(puzzle, key, key in puzzle.solution, viewer, with_solution),
            "rating_before": None, "rating_after": None, "rating_change": None,
            "practice": True}


def next_puzzle_for(player) -> Puzzle | None:
    """A puzzle the player has not answered, the nearest to his puzzle rating."""
    rating = profile_of(player).rating
    answered = PuzzleAttempt.objects.filter(player=player, puzzle=OuterRef("pk"))
    return (Puzzle.objects.filter(~Exists(answered))
            .annotate(distance=Abs(F("rating") - Value(rating)))
            .order_by("distance", "pk").first())


def rating_bands() -> list:
    """[{"low", "high", "count"}] for every band that holds a puzzle, lowest first."""
    rows = (Puzzle.objects.annotate(band=Floor(F("rating") / BAND)).values("band")
            .annotate(count=Count("pk")).order_by("band"))
    bands = {}
    for row in rows:
        low = int(row["band"]) * BAND
        bands[low] = bands.get(low, 0) + row["count"]
    return [{"low": low, "high": low + BAND, "count": count} for low, count in
            sorted(bands.items())]


def puzzles_in_band(low: int, player):
    """The puzzles rated in [low, low + BAND), lowest first, each marked with the
    player's answer (``answered``: None, True or False)."""
    answered = PuzzleAttempt.objects.filter(player=player, puzzle=OuterRef("pk"))
    return (Puzzle.objects.filter(rating__gte=low, rating__lt=low + BAND)
            .annotate(answered=Exists(answered),
                      answered_right=Exists(answered.filter(correct=True)))
            .order_by("rating", "pk"))


def history_of(player):
    """The player's answers, newest first, with their puzzles."""
    return PuzzleAttempt.objects.filter(player=player).select_related("puzzle")


def daily_panel(puzzle: Puzzle | None, player) -> dict:
    """The home page's daily puzzle panel: the puzzle's public facts and the viewer's
    answer's verdict, if any (never its solution)."""
    if puzzle is None:
        return {"puzzle": None}
    attempt = attempt_of(player, puzzle)
    profile = profile_of(player) if player is not None else None
    return {"puzzle": puzzle, "answered": attempt is not None,
            "correct": attempt.correct if attempt else None,
            "daily_streak": profile.daily_streak if profile else 0}
