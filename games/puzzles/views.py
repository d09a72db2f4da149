"""The puzzle pages: the puzzles' home (your rating, streaks, the day's puzzle, the next
one), a puzzle (its board, the answer form, then the verdict with the lines), your history
and the puzzles by rating.

Answering is a POST (then a redirect back to the puzzle, which now shows the verdict); the
page before an answer holds the board and the form only: nothing of the solution, the
lines or the source game is in it. A player's first answer is rated; after it (and after a
miss before the solution is shown) he may try again, without a rating. A visitor without an
account may solve today's puzzle the same way (its page and answer are open to him; any
other puzzle sends him to the log-in page).
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from games.services.errors import GameError
from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal

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


def _is_daily(puzzle) -> bool:
    daily = services.daily_puzzle()
    return daily is not None and daily.pk == puzzle.pk


def _viewer(request):
    """The signed-in player, or None for a visitor (who may solve today's puzzle)."""
    return request.user.player if request.user.is_authenticated else None


@require_GET
def puzzle_daily(request):
    """Today's puzzle: anybody may solve it (the rating needs an account)."""
    daily = services.daily_puzzle()
    if daily is None:
        if not request.user.is_authenticated:
            messages.info(request, "There is no puzzle today yet.")
            return redirect("home")
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


# A move tried without a rating, kept in the session until the player tries again: a
# visitor's (today's puzzle), or a player's after his first, rated answer. {puzzle id: key}
TRIES = "puzzle-tries"


def _tried(request, puzzle) -> str | None:
    key = request.session.get(TRIES, {}).get(str(puzzle.pk))
    return key if isinstance(key, str) and key in puzzle.lines else None


def _remember_try(request, puzzle, key) -> None:
    tries = dict(request.session.get(TRIES, {}))
    tries[str(puzzle.pk)] = key
    # The latest few only: a session is not a history.
    request.session[TRIES] = dict(list(tries.items())[-20:])


def _forget_try(request, puzzle) -> None:
    tries = request.session.get(TRIES)
    if tries and str(puzzle.pk) in tries:
        request.session[TRIES] = {k: v for k, v in tries.items() if k != str(puzzle.pk)}


def _puzzle_page(request, puzzle, *, form=None, error="", status=200):
    player = _viewer(request)
    board = selectors.board_of(puzzle)
    modes = board["modes"]
    again = request.GET.get("again") == "1"
    with_solution = request.GET.get("solution") == "1"
    attempt = selectors.attempt_of(player, puzzle)
    context = {
        "puzzle": puzzle,
        "board": board,
        # What games/_modes.html reads of a game.
        "game": {"is_hidden": modes["hidden"], "is_long": modes["long"],
                 "is_friendly": False, "is_ai": False, "ai_challenge": "",
                 "turn_timeout": 0},
        "is_daily": DailyPuzzle.objects.filter(day=timezone.localdate(),
                                               puzzle=puzzle).exists(),
        "profile": selectors.profile_of(player) if player is not None else None,
        "form": form,
        "error": error,
        "attempt": attempt,
    }
    if again:
        # Once more, from the same position: the earlier try goes (the rated answer stays).
        _forget_try(request, puzzle)
    elif (tried := _tried(request, puzzle)) is not None:
        context["result"] = selectors.try_shown(puzzle, tried, player,
                                                with_solution=with_solution)
    elif attempt is not None:
        context["result"] = selectors.answer_shown(puzzle, attempt, player,
                                                   with_solution=with_solution)
    if player is not None and "result" in context:
        context["next_puzzle"] = selectors.next_puzzle_for(player)
    return render(request, "puzzles/puzzle.html", context, status=status)


@require_GET
def puzzle_detail(request, puzzle_id):
    puzzle = selectors.puzzle_get(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle.")
    if not request.user.is_authenticated and not _is_daily(puzzle):
        return redirect_to_login(request.get_full_path())
    return _puzzle_page(request, puzzle)


@require_POST
def puzzle_answer(request, puzzle_id):
    """A player's first answer is rated; a visitor's answer (today's puzzle) and a player's
    later ones are tried without a rating."""
    puzzle = selectors.puzzle_get(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle.")
    player = _viewer(request)
    if player is None and not _is_daily(puzzle):
        return redirect_to_login(reverse("puzzles:detail", args=[puzzle.pk]))
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _puzzle_page(request, puzzle, form=form, error=form.first_error(), status=400)
    refusal = flood_refusal(request, "puzzle")
    if refusal:
        return _puzzle_page(request, puzzle, form=form, error=refusal, status=FLOOD_STATUS)
    try:
        if player is not None and selectors.attempt_of(player, puzzle) is None:
            services.puzzle_answer(puzzle_id=puzzle.pk, player=player, **form.move())
            _forget_try(request, puzzle)
        else:
            key, _right = services.puzzle_try(puzzle_id=puzzle.pk, **form.move())
            _remember_try(request, puzzle, key)
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
