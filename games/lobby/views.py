"""The lobby's pages: the Games list, challenges, hosted games, games against the computer
and the your-turn indicator. Parse, authorise, call one service, render."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import services as gs
from games.services.errors import GameError
from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.tutorial.sections import TUTORIAL_END_LEVEL

from . import selectors
from .forms import (
    AIChallengeForm,
    AIGameForm,
    ChallengeForm,
    DeckChoiceForm,
    HostForm,
    random_ready_deck,
)


def _player(request):
    return request.user.player


# ---------------------------------------------------------------- the Games page
# How often the Games list fetches its lists again when the player set no auto refresh.
LIST_REFRESH_SECONDS = 15


@login_required
@require_GET
def games_list(request):
    """The Games page; with ``?live=1`` only its lists (static/js/lobby.js refreshes them)."""
    player = _player(request)
    overview = selectors.games_overview(player)
    settings_row = player.settings
    context = {
        **overview,
        "advanced": settings_row.advanced_games_list,
        "preselected_deck": (random_ready_deck(overview["ready_decks"])
                             if settings_row.random_deck_selection else None),
    }
    if request.GET.get("live") == "1":
        return render(request, "games/lobby/_list_live.html", context)
    return render(request, "games/lobby/list.html", {
        **context,
        "slots_limit": gs.game_slots_limit(player),
        "live_seconds": settings_row.auto_refresh or LIST_REFRESH_SECONDS,
    })


@login_required
def challenge_new(request):
    player = _player(request)
    form = ChallengeForm(request.POST or None, player=player,
                         initial=ChallengeForm.initial_from(request.GET))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        opponent = selectors.player_named(data["opponent"])
        if opponent is None:
            form.add_error("opponent", "There is no player of that name.")
        elif refusal := flood_refusal(request, "challenge"):
            form.add_error(None, refusal)
            return render(request, "games/lobby/challenge_form.html", {
                "form": form, "has_decks": True}, status=FLOOD_STATUS)
        else:
            try:
                gs.challenge_create(
                    challenger=player, opponent=opponent, deck=data["deck"],
                    hidden=data["hidden"], friendly=data["friendly"],
                    long_mode=data["long_mode"], turn_timeout=data["turn_timeout"],
                    message=data["message"])
            except GameError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"Challenge sent to {opponent.name}.")
                return redirect("games:list")
    return render(request, "games/lobby/challenge_form.html", {
        "form": form, "has_decks": form.fields["deck"].queryset.exists()})


@login_required
@require_POST
def challenge_answer(request, game_id):
    player = _player(request)
    try:
        if request.POST.get("answer") == "reject":
            gs.challenge_reject(game_id=game_id, player=player)
            messages.info(request, "Challenge declined.")
            return redirect("games:list")
        form = DeckChoiceForm(request.POST, player=player)
        if not form.is_valid():
            raise GameError("Choose one of your complete decks to accept.")
        game = gs.challenge_accept(game_id=game_id, player=player, deck=form.cleaned_data["deck"])
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:list")
    messages.success(request, "Challenge accepted: the game has started.")
    return redirect("games:detail", game.pk)


@login_required
@require_POST
def challenge_cancel(request, game_id):
    try:
        gs.challenge_cancel(game_id=game_id, player=_player(request))
        messages.info(request, "Challenge withdrawn.")
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:list")


@login_required
def game_host(request):
    player = _player(request)
    form = HostForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            gs.game_host(host=player, deck=data["deck"], hidden=data["hidden"],
                         friendly=data["friendly"], long_mode=data["long_mode"],
                         turn_timeout=data["turn_timeout"])
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Your game is open: it starts when someone joins.")
            return redirect("games:list")
    return render(request, "games/lobby/host_form.html", {
        "form": form, "has_decks": form.fields["deck"].queryset.exists()})


@login_required
@require_POST
def game_join(request, game_id):
    player = _player(request)
    form = DeckChoiceForm(request.POST, player=player)
    try:
        if not form.is_valid():
            raise GameError("Choose one of your complete decks to join.")
        game = gs.game_join(game_id=game_id, player=player, deck=form.cleaned_data["deck"])
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:list")
    return redirect("games:detail", game.pk)


@login_required
@require_POST
def game_host_cancel(request, game_id):
    try:
        gs.game_host_cancel(game_id=game_id, player=_player(request))
        messages.info(request, "Hosted game cancelled.")
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:list")


@login_required
@require_POST
def ai_quick(request):
    try:
        game = gs.ai_quick_game(player=_player(request))
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:list")
    return redirect("games:detail", game.pk)


@login_required
@require_POST
def ai_again(request, game_id):
    """The end screen's "Play the computer again": the same level and modes (see
    games.services.ai_game_again)."""
    try:
        game = gs.ai_game_again(game_id=game_id, player=_player(request))
    except GameError as exc:
        if exc.code in ("gone", "forbidden"):  # not his game: as if there were none
            raise Http404(exc.message)
        messages.error(request, exc.message)
        return redirect("games:list")
    return redirect("games:detail", game.pk)


@login_required
def ai_new(request):
    player = _player(request)
    challenges_open = player.level >= TUTORIAL_END_LEVEL
    kind = request.POST.get("kind", "standard")
    data = request.POST if request.method == "POST" else None
    form = AIGameForm(data if kind == "standard" else None, player=player)
    challenge_form = (AIChallengeForm(data if kind == "challenge" else None, player=player,
                                      challenges=gs.ai_challenge_choices())
                      if challenges_open else None)
    if request.method == "POST":
        try:
            if kind == "challenge" and challenge_form is not None:
                if challenge_form.is_valid():
                    game = gs.ai_challenge_start(
                        player=player, deck=challenge_form.cleaned_data["deck"],
                        challenge=challenge_form.cleaned_data["challenge"])
                    return redirect("games:detail", game.pk)
            elif kind == "standard" and form.is_valid():
                game = gs.ai_game_start(
                    player=player, deck=form.cleaned_data["deck"],
                    ai_deck=form.cleaned_data["ai_deck"],
                    hidden=form.cleaned_data["hidden"], long_mode=form.cleaned_data["long_mode"],
                    level=form.cleaned_data["level"])
                return redirect("games:detail", game.pk)
        except GameError as exc:
            (challenge_form if kind == "challenge" else form).add_error(None, exc.message)
    return render(request, "games/lobby/ai_form.html", {
        "form": form, "challenge_form": challenge_form,
        "has_decks": form.fields["deck"].queryset.exists()})


# ---------------------------------------------------------------- navigation indicator
@login_required
@require_GET
def turn_indicator(request):
    return render(request, "games/lobby/_turn_indicator.html", {
        "games_on_turn": selectors.games_on_turn_count(_player(request))})
