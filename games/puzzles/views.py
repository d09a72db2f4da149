"""The puzzle pages: the puzzles' home (your rating, streaks, the day's puzzle, the next
one), a puzzle (its board, the answer form, then the verdict with the lines), your history
and the puzzles by rating.

Answering is a POST (then a redirect back to the puzzle, which now shows the verdict); the
page before an answer holds the board and the form only: nothing of the solution, the
lines or the source game is in it.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from games.services.errors import GameError
from marcomage.flood import FLOOD_STATUS, flood_refusal

from . import selectors, services
from .forms import AnswerForm, BandForm
from .models import DailyPuzzle


@login_required
@require_GET
def puzzles_home(request):
    player = request.user.player
    daily = services.daily_puzzle()
    return render(request, "puzzles/home.html", {
        "profile": selectors.profile_of(player),
        "daily": selectors.daily_panel(daily, player),
        "next_puzzle": selectors.next_puzzle_for(player),
        "bands": selectors.rating_bands(),
        "recent": selectors.history_of(player)[:5],
    })


@login_required
@require_GET
def puzzle_daily(request):
    daily = services.daily_puzzle()
    if daily is None:
        messages.info(request, "There are no puzzles yet.")
        return redirect("puzzles:home")
    return redirect("puzzles:detail", daily.pk)


@login_required
@require_GET
def puzzle_next(request):
    puzzle = selectors.next_puzzle_for(request.user.player)
    if puzzle is None:
        messages.info(request, "You have answered every puzzle there is: well done. More "
                               "will come.")
        return redirect("puzzles:home")
    return redirect("puzzles:detail", puzzle.pk)


def _puzzle_page(request, puzzle, *, form=None, error="", status=200):
    player = request.user.player
    attempt = selectors.attempt_of(player, puzzle)
    board = selectors.board_of(puzzle)
    modes = board["modes"]
    context = {
        "puzzle": puzzle,
        "board": board,
        # What games/_modes.html reads of a game.
        "game": {"is_hidden": modes["hidden"], "is_long": modes["long"],
                 "is_friendly": False, "is_ai": False, "ai_challenge": "",
                 "turn_timeout": 0},
        "is_daily": DailyPuzzle.objects.filter(day=timezone.localdate(),
                                               puzzle=puzzle).exists(),
        "profile": selectors.profile_of(player),
        "form": form,
        "error": error,
    }
    if attempt is not None:
        context["result"] = selectors.answer_shown(puzzle, attempt, player)
        context["next_puzzle"] = selectors.next_puzzle_for(player)
    return render(request, "puzzles/puzzle.html", context, status=status)


@login_required
@require_GET
def puzzle_detail(request, puzzle_id):
    puzzle = selectors.puzzle_get(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle.")
    return _puzzle_page(request, puzzle)


@login_required
@require_POST
def puzzle_answer(request, puzzle_id):
    puzzle = selectors.puzzle_get(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle.")
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _puzzle_page(request, puzzle, form=form, error=form.first_error(), status=400)
    refusal = flood_refusal(request, "puzzle")
    if refusal:
        return _puzzle_page(request, puzzle, form=form, error=refusal, status=FLOOD_STATUS)
    try:
        services.puzzle_answer(puzzle_id=puzzle.pk, player=request.user.player,
                               **form.move())
    except GameError as exc:
        if exc.code == "gone":
            raise Http404(exc.message)
        return _puzzle_page(request, puzzle, form=form, error=exc.message, status=400)
    return redirect(reverse("puzzles:detail", args=[puzzle.pk]) + "#result")


@login_required
@require_GET
def puzzle_history(request):
    player = request.user.player
    page = Paginator(selectors.history_of(player), selectors.HISTORY_PAGE).get_page(
        request.GET.get("page"))
    return render(request, "puzzles/history.html", {
        "page": page, "profile": selectors.profile_of(player)})


@login_required
@require_GET
def puzzle_browse(request):
    form = BandForm(request.GET or None)
    low = form.low()
    context = {"form": form, "bands": selectors.rating_bands(), "low": low,
               "band": selectors.BAND}
    if low is not None:
        context["page"] = Paginator(selectors.puzzles_in_band(low, request.user.player),
                                    selectors.BROWSE_PAGE).get_page(request.GET.get("page"))
        context["high"] = low + selectors.BAND
        context["from_query"] = f"from={low}"  # the pages of this band keep it
    return render(request, "puzzles/browse.html", context)
