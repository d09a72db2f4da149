"""The Replays section: the public list of finished games and the step-by-step viewer.

Only games that are over are public (games.services.access.PUBLIC_REPLAYS), games
against the computer included. A player of a game that is not public (still running, aborted) is sent
to the game's own history page; anybody else gets a 404, so outsiders cannot even tell such
a game exists.
"""
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games import engine
from games import services as gs
from games.services.access import is_public_replay
from games.services.errors import GameError
from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.tutorial.sections import section_required

from . import selectors
from .forms import ReplayFilterForm
from .graph import analysis_graph, note_for_step

REPLAYS_PER_PAGE = 25


def _own_game(request, game_id):
    """A player's own game: its replay and analysis are his at any level (the game's end
    screen links them), while the section's other replays wait for level 3."""
    return selectors.is_own_game(game_id, request.user.player)


@section_required("replays")
@require_GET
def replays_list(request):
    form = ReplayFilterForm(request.GET or None)
    filters = form.filters()
    paginator = Paginator(selectors.replays_list(**filters), REPLAYS_PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    for game in page.object_list:
        selectors.name_winner(game)
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "games/replays/list.html", {
        "form": form, "page": page, "filters": filters, "query": query.urlencode(),
        "section": "replays",
    })


def _turn_label(turn, names, card):
    """The turn in words; ``card``: the game's card lookup (a playtest's proposed card is in
    no catalogue, only in its game)."""
    actor = names[turn.actor_seat] if turn.actor_seat in (0, 1) else "—"
    if turn.action in ("play", "discard"):
        name = card(turn.card).name if turn.card else "an empty slot"
        verb = "played" if turn.action == "play" else "discarded"
        mode = f" (mode {turn.mode})" if turn.mode and turn.action == "play" else ""
        dictated = (f" (as {names[0]} dictated in the sandbox)"
                    if (turn.record or {}).get("dictated") else "")
        return f"{actor} {verb} {name}{mode}{dictated}"
    if turn.action == "sandbox":
        return f"{actor} used the sandbox: {_sandbox_change(turn.record or {}, names, card)}"
    return {"surrender": f"{actor} surrendered",
            "abort": f"{actor} called the game off",
            "finish": f"{actor} ended the abandoned game"}.get(turn.action, turn.action)


def _sandbox_change(record, names, card):
    """A sandbox change told for any reader (the log's own summary says "your" to the player
    who made it)."""
    tool, seat = record.get("tool"), record.get("seat")
    side = f"{names[seat]}'s" if seat in (0, 1) else "a"
    if tool == "card" and record.get("card"):
        return (f"put {card(record['card']).name} into slot {record.get('position')} "
                f"of {side} hand")
    if tool == "attribute" and record.get("attribute") in gs.ATTRIBUTE_LABELS:
        label = gs.ATTRIBUTE_LABELS[record["attribute"]].lower()
        return f"set {side} {label} to {record.get('value')}"
    if tool == "hidden":
        return "turned hidden cards " + ("on" if record.get("hidden") else "off")
    return "changed the board"


@section_required("replays", unless=_own_game)
@require_GET
def replay_detail(request, game_id):
    player = request.user.player
    game = selectors.replay_game(game_id, player)
    if not is_public_replay(game):  # so the viewer plays it
        messages.info(request, "This game is not in the public replays; "
                               "here is its history.")
        return redirect("games:history", game.pk)

    raw_turn = request.GET.get("turn", "").strip()
    step = 0
    if raw_turn:
        try:
            step = int(raw_turn)
        except ValueError:
            messages.error(request, "A turn is a whole number: showing the start of the game.")
    try:
        replay = selectors.replay_for(game, step)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:replays")
    if raw_turn and replay["step"] != step:
        messages.warning(request, f"This game has turns 0 to {replay['steps']}: "
                                  f"showing turn {replay['step']}.")
    if gs.replay_count_view(game_id=game.pk, session=request.session):
        game.replay_views += 1
    selectors.name_winner(game)
    names = game.side_names
    rounds = selectors.played_in_rounds(replay["turns"])
    def card(cid):
        return engine.game_card(game.state, cid)

    for turn, played_in in zip(replay["turns"], rounds, strict=True):
        turn.label = _turn_label(turn, names, card)
        turn.played_in_round = played_in
    board = replay["board"]
    analysis = selectors.analysis_of(game)
    return render(request, "games/replays/detail.html", {
        **replay, **_analysis_context(analysis, replay["step"]),
        "game": game, "names": names, "section": "replays",
        "is_last": replay["step"] == replay["steps"],
        "left_on_turn": board["running"] and board["current"] == 0,
        "right_on_turn": board["running"] and board["current"] == 1,
        "turn_label": replay["turn"].label if replay["turn"] else "",
    })


def _analysis_context(analysis, step) -> dict:
    done = analysis is not None and analysis.status == analysis.Status.DONE
    queued = analysis is not None and analysis.status == analysis.Status.QUEUED
    return {"analysis": analysis,
            "analyses_ahead": gs.analyses_ahead(analysis) if queued else 0,
            "graph": analysis_graph(analysis.result, step=step) if done else None,
            "analysis_note": note_for_step(analysis.result, step) if done else None}


def _step_of(request) -> int:
    raw = request.POST.get("turn") or request.GET.get("turn") or "0"
    try:
        return max(0, min(int(raw), 10**6))
    except ValueError:
        return 0


@section_required("replays", unless=_own_game)
@require_http_methods(["GET", "POST"])
def replay_analysis(request, game_id):
    """GET: the analysis panel (polled while the analysis runs). POST: ask for the analysis
    (once per game; a repeated request returns the same one)."""
    player = request.user.player
    error, status = None, 200
    try:
        analysis = gs.analysis_for(game_id=game_id, player=player)
        if request.method == "POST":
            refusal = flood_refusal(request, "analysis") if analysis is None else None
            if refusal:
                error, status = refusal, FLOOD_STATUS
            else:
                # Queued (on a worker, or this process's background threads): the
                # panel answers at once and polls the progress.
                analysis, _queued = gs.analysis_request(game_id=game_id, player=player)
                analysis.refresh_from_db()  # a thread may have taken it already
    except GameError as exc:
        if exc.code == "gone":
            raise Http404(exc.message)
        messages.error(request, exc.message)
        return redirect("games:history", game_id)
    step = _step_of(request)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(reverse("games:replay", args=[game_id]) + f"?turn={step}#analysis")
    game = selectors.replay_game(game_id, player)
    selectors.name_winner(game)
    return render(request, "games/replays/_analysis.html", {
        **_analysis_context(analysis, step), "game": game, "names": game.side_names,
        "step": step, "analysis_error": error}, status=status)
