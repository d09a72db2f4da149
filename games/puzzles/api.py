"""Puzzles in the public API (mounted by the site's NinjaAPI, marcomage/api/api.py): the day's puzzle, a puzzle, and answering one with a token.

A puzzle is served as the mover sees it (``engine.view_for``) with what anybody may know of
it (what it asks, its rating, how often it was solved). The solution, the lines and the
source game (whose replay would tell the answer) are in the answer only: the token's player
gets them once he has answered, in the POST's reply and in ``answer`` of later reads.
Answering needs a token of any scope and is flood-limited like the page; the first answer
of a player to a puzzle is the rated one, a later POST returns it unchanged.
"""
from datetime import date
from typing import Any, Literal

from django.utils import timezone
from ninja import Router, Schema

from games.services.access import API, access_game
from games.services.errors import GameError
from marcomage.plumbing.api_base.errors import ApiError
from marcomage.plumbing.flood import flood_refusal
from players.tokens.auth import token_required

from . import selectors, services
from .models import Puzzle

router = Router(tags=["puzzles"])


class PuzzleMoveOut(Schema):
    kind: str
    position: int
    mode: int
    card: int
    name: str


class PuzzleStepOut(Schema):
    """One move of a line: by the solver (``by_mover``) or his opponent, the card, and what
    changed (in words); ``ended``: "won"/"lost"/"draw" when the game ended there."""

    by_mover: bool
    kind: str
    card: int
    name: str
    mode: int
    changes: list[str]
    ended: str | None = None


class PuzzleSourceOut(Schema):
    origin: str
    game: int | None = None
    turn: int


class PuzzleAnswerOut(Schema):
    puzzle: int
    correct: bool
    answer: PuzzleMoveOut
    answer_line: list[PuzzleStepOut]
    solution: list[PuzzleMoveOut]
    solution_line: list[PuzzleStepOut]
    rating_before: float
    rating_after: float
    streak: int
    daily_streak: int
    source: PuzzleSourceOut


class PuzzleOut(Schema):
    """A puzzle as the solver sees it: ``seat`` is his seat in ``view`` (the engine's
    view, hands of the opponent hidden in hidden-cards mode); ``answer`` once the token's
    player has answered."""

    id: int
    kind: str
    title: str
    turns: int
    rating: float
    attempts: int
    solved: int
    day: date | None = None
    seat: int
    view: dict[str, Any]
    answer: PuzzleAnswerOut | None = None


class PuzzleAnswerIn(Schema):
    action: Literal["play", "discard"]
    position: int
    mode: int = 0


def _answer_out(puzzle: Puzzle, attempt, player) -> dict:
    shown = selectors.answer_shown(puzzle, attempt, player)
    profile = selectors.profile_of(player)
    source = shown["source"]
    return {"puzzle": puzzle.pk, "correct": shown["correct"], "answer": shown["answer"],
            "answer_line": shown["answer_line"], "solution": shown["solution"],
            "solution_line": shown["solution_line"], "rating_before": shown["rating_before"],
            "rating_after": shown["rating_after"], "streak": profile.streak,
            "daily_streak": profile.daily_streak,
            "source": {"origin": source["origin"], "game": _api_game(source, player),
                       "turn": source["turn"]}}


def _api_game(source: dict, player) -> int | None:
    """The source game's id when the API shows that game to ``player`` (the API's access
    rule: a game against the computer only to its player)."""
    if source["game"] is None:
        return None
    try:
        return access_game(source["game"], player, as_=API).pk
    except GameError:
        return None


def _puzzle_out(puzzle: Puzzle, player, *, day=None) -> dict:
    attempt = selectors.attempt_of(player, puzzle)
    return {"id": puzzle.pk, "kind": puzzle.kind, "title": puzzle.title, "turns": puzzle.turns,
            "rating": puzzle.rating, "attempts": puzzle.attempts, "solved": puzzle.solved,
            "day": day, "seat": puzzle.seat, "view": selectors.puzzle_view(puzzle),
            "answer": _answer_out(puzzle, attempt, player) if attempt is not None else None}


@router.get("/puzzles/daily", response=PuzzleOut, url_name="puzzle_daily",
            summary="The day's puzzle, as the player to move sees it (the answer only after "
                    "the token's player has answered)")
def puzzle_daily(request):
    puzzle = services.daily_puzzle()
    if puzzle is None:
        raise ApiError(404, "not_found", "There are no puzzles yet.")
    return _puzzle_out(puzzle, request.auth.player, day=timezone.localdate())


@router.get("/puzzles/{puzzle_id}", response=PuzzleOut, url_name="puzzle",
            summary="A puzzle, as the player to move sees it")
def puzzle_detail(request, puzzle_id: int):
    puzzle = selectors.puzzle_get(puzzle_id)
    if puzzle is None:
        raise ApiError(404, "not_found", services.GONE)
    return _puzzle_out(puzzle, request.auth.player)


@router.post("/puzzles/{puzzle_id}/answer", response=PuzzleAnswerOut,
             url_name="puzzle_answer", auth=token_required,
             summary="Answer a puzzle (a token is needed): the verdict, the lines, the "
                     "solution and your new puzzle rating")
def puzzle_answer(request, puzzle_id: int, move: PuzzleAnswerIn):
    player = request.auth.player
    if selectors.puzzle_get(puzzle_id) is None:
        raise ApiError(404, "not_found", services.GONE)
    request.user = player.user  # the flood limit counts per account, as on the page
    refusal = flood_refusal(request, "puzzle")
    if refusal:
        raise ApiError(429, "rate_limited", refusal, headers={"Retry-After": "60"})
    attempt = services.puzzle_answer(puzzle_id=puzzle_id, player=player, kind=move.action,
                                     position=move.position, mode=move.mode)
    puzzle = selectors.puzzle_get(puzzle_id)
    return _answer_out(puzzle, attempt, player)
