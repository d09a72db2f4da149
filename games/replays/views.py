"""The Replays section: the public list of finished games and the step-by-step viewer.

Only games that are over are public (see selectors.PUBLIC_REPLAYS), games against the
computer included. A player of a game that is not public (still running, aborted) is sent
to the game's own history page; anybody else gets a 404, so outsiders cannot even tell such
a game exists.
"""
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import engine
from games import services as gs
from games.services.errors import GameError
from games.services.sandbox import ATTRIBUTE_LABELS
from players.tutorial.sections import section_required

from . import selectors
from .forms import ReplayFilterForm

REPLAYS_PER_PAGE = 25


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


def _turn_label(turn, names):
    actor = names[turn.actor_seat] if turn.actor_seat in (0, 1) else "—"
    if turn.action in ("play", "discard"):
        card = engine.card(turn.card).name if turn.card else "an empty slot"
        verb = "played" if turn.action == "play" else "discarded"
        mode = f" (mode {turn.mode})" if turn.mode and turn.action == "play" else ""
        dictated = (f" (as {names[0]} dictated in the sandbox)"
                    if (turn.record or {}).get("dictated") else "")
        return f"{actor} {verb} {card}{mode}{dictated}"
    if turn.action == "sandbox":
        return f"{actor} used the sandbox: {_sandbox_change(turn.record or {}, names)}"
    return {"surrender": f"{actor} surrendered",
            "abort": f"{actor} called the game off",
            "finish": f"{actor} ended the abandoned game"}.get(turn.action, turn.action)


def _sandbox_change(record, names):
    """A sandbox change told for any reader (the log's own summary says "your" to the player
    who made it)."""
    tool, seat = record.get("tool"), record.get("seat")
    side = f"{names[seat]}'s" if seat in (0, 1) else "a"
    if tool == "card" and record.get("card"):
        return (f"put {engine.card(record['card']).name} into slot {record.get('position')} "
                f"of {side} hand")
    if tool == "attribute" and record.get("attribute") in ATTRIBUTE_LABELS:
        label = ATTRIBUTE_LABELS[record["attribute"]].lower()
        return f"set {side} {label} to {record.get('value')}"
    if tool == "hidden":
        return "turned hidden cards " + ("on" if record.get("hidden") else "off")
    return "changed the board"


@section_required("replays")
@require_GET
def replay_detail(request, game_id):
    player = request.user.player
    game = selectors.replay_game(game_id)
    if not selectors.is_public_replay(game):
        if game.seat_of(player) is not None:
            messages.info(request, "This game is not in the public replays; "
                                   "here is its history.")
            return redirect("games:history", game.pk)
        raise Http404("No such replay.")

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
    # Turn.round is the round counter after the turn; a reader wants the round it was played in.
    played_in = 1
    for turn in replay["turns"]:
        turn.label = _turn_label(turn, names)
        turn.played_in_round, played_in = played_in, turn.round
    board = replay["board"]
    return render(request, "games/replays/detail.html", {
        **replay, "game": game, "names": names, "section": "replays",
        "is_last": replay["step"] == replay["steps"],
        "left_on_turn": board["running"] and board["current"] == 0,
        "right_on_turn": board["running"] and board["current"] == 1,
        "turn_label": replay["turn"].label if replay["turn"] else "",
    })
