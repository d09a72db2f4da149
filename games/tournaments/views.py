"""The events' pages: the list, a new event, an event's page (its live panel comes over the
websocket, or from ``live/`` when the socket is down), and the forms posted from it. Parse,
authorise, call one service, render."""
from datetime import timedelta

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.tutorial.sections import section_required

from . import selectors, services
from .forms import JoinForm, TournamentForm
from .models import Entry, Tournament
from .services import TournamentError


def _tournament(tournament_id) -> Tournament:
    tournament = selectors.tournament_get(tournament_id)
    if tournament is None:
        raise Http404("No such event")
    return tournament


@require_GET
@section_required("games")
def tournament_list(request):
    lists = selectors.tournament_lists()
    for rows in lists.values():
        selectors.with_player_counts(rows)
    player = request.user.player
    return render(request, "tournaments/list.html", {
        **lists, "section": "tournaments",
        "creation_refusal": services.creation_refusal(player),
        "mine": set(selectors.open_entries(player.pk).values_list("tournament_id", flat=True)),
    })


@section_required("games")
def tournament_new(request):
    player = request.user.player
    refusal = services.creation_refusal(player)
    form = TournamentForm(request.POST or None)
    status = 200
    if request.method == "POST" and refusal is None and form.is_valid():
        flooded = flood_refusal(request, "tournament")
        if flooded:
            form.add_error(None, flooded)
            status = FLOOD_STATUS
        else:
            starts_at = timezone.now() + timedelta(minutes=form.cleaned_data["starts_in"])
            try:
                tournament = services.tournament_create(creator=player, options=form.options(),
                                                        starts_at=starts_at)
            except TournamentError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"{tournament.name} is announced: players may join "
                                          "until it starts.")
                return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/new.html", {
        "form": form, "refusal": refusal, "section": "tournaments"}, status=status)


def _controls_context(request, tournament):
    player = request.user.player
    entry = selectors.entry_of(tournament, player)
    joined = entry is not None and entry.status != Entry.Status.WITHDRAWN
    join_form = None
    if not joined and services.join_refusal(tournament, player) is None:
        join_form = JoinForm(tournament=tournament, player=player)
    return {
        "tournament": tournament, "entry": entry, "joined": joined, "join_form": join_form,
        "join_refusal": None if joined else services.join_refusal(tournament, player),
        "my_game": selectors.current_pairing_game(entry),
        "my_place": (selectors.place_of(tournament, entry)
                     if joined and tournament.status != Tournament.Status.UPCOMING else None),
        "may_cancel": (tournament.created_by_id == player.pk
                       and tournament.status == Tournament.Status.UPCOMING),
    }


@require_GET
@section_required("games")
def tournament_detail(request, tournament_id):
    """An event's page; ``?part=controls`` only the viewer's own buttons (the page's script
    asks for them when the event's state changes)."""
    tournament = _tournament(tournament_id)
    controls = _controls_context(request, tournament)
    if request.GET.get("part") == "controls":
        return render(request, "tournaments/_controls.html", controls)
    return render(request, "tournaments/detail.html", {
        **controls, **selectors.live_panel(tournament), "section": "tournaments",
        "players_count": selectors.players_count(tournament),
    })


@require_GET
@section_required("games")
def tournament_live(request, tournament_id):
    """The event's live panel (standings, games, podium): what the socket pushes."""
    tournament = _tournament(tournament_id)
    return render(request, "tournaments/_live.html", selectors.live_panel(tournament))


@require_GET
@section_required("games")
def tournament_standings(request, tournament_id):
    """Every entry of the event in order (the live panel shows the leaders only)."""
    tournament = _tournament(tournament_id)
    player = request.user.player
    return render(request, "tournaments/standings.html", {
        "tournament": tournament, "standings": selectors.standings(tournament),
        "section": "tournaments", "highlight": player})


def _act(request, tournament, action, done_message):
    try:
        action()
    except TournamentError as exc:
        if exc.code == "forbidden":
            raise PermissionDenied(exc.message)
        messages.error(request, exc.message)
    else:
        messages.success(request, done_message)
    return redirect("tournaments:detail", tournament.pk)


@require_POST
@section_required("games")
def tournament_join(request, tournament_id):
    tournament = _tournament(tournament_id)
    player = request.user.player
    form = JoinForm(request.POST, tournament=tournament, player=player)
    if not form.is_valid():
        messages.error(request, form.errors["deck"][0] if "deck" in form.errors
                       else "Choose a deck to join with.")
        return redirect("tournaments:detail", tournament.pk)
    return _act(request, tournament, lambda: services.tournament_join(
        tournament_id=tournament.pk, player=player, deck=form.cleaned_data["deck"]),
        f"You are in {tournament.name}.")


@require_POST
@section_required("games")
def tournament_leave(request, tournament_id):
    tournament = _tournament(tournament_id)
    return _act(request, tournament, lambda: services.tournament_leave(
        tournament_id=tournament.pk, player=request.user.player),
        f"You have left {tournament.name}.")


@require_POST
@section_required("games")
def tournament_pause(request, tournament_id):
    tournament = _tournament(tournament_id)
    paused = request.POST.get("paused") != "0"
    return _act(request, tournament, lambda: services.tournament_pause(
        tournament_id=tournament.pk, player=request.user.player, paused=paused),
        "Paused: you get no new game until you come back." if paused
        else "Welcome back: you will be paired as soon as someone is free.")


@require_POST
@section_required("games")
def tournament_cancel(request, tournament_id):
    tournament = _tournament(tournament_id)
    return _act(request, tournament, lambda: services.tournament_cancel(
        tournament_id=tournament.pk, player=request.user.player),
        f"{tournament.name} is cancelled.")
