"""Games section pages: parse, authorise, call one service, render.

Every action works as a plain form post (redirect back with a message) and, with
htmx, as a partial swap of the board or the chat.
"""
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from players import activity
from players.sections import TUTORIAL_END_LEVEL

from . import selectors
from . import services as gs
from .forms import AIChallengeForm, AIGameForm, ChallengeForm, ChatForm, DeckChoiceForm, HostForm
from .models import Game
from .services.errors import GameError

DEFAULT_REFRESH_SECONDS = 20


def _player(request):
    return request.user.player


def _int(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


# ---------------------------------------------------------------- the Games page
@login_required
@require_GET
def games_list(request):
    player = _player(request)
    overview = selectors.games_overview(player)
    return render(request, "games/list.html", {
        **overview,
        "slots_limit": gs.game_slots_limit(player),
        "advanced": player.settings.advanced_games_list,
        "accept_form": DeckChoiceForm(player=player) if overview["ready_decks"] else None,
    })


@login_required
def challenge_new(request):
    player = _player(request)
    form = ChallengeForm(request.POST or None, player=player,
                         initial={"opponent": request.GET.get("to", "")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        opponent = (get_user_model().objects.filter(username__iexact=data["opponent"].strip())
                    .select_related("player").first())
        if opponent is None or not hasattr(opponent, "player"):
            form.add_error("opponent", "There is no player of that name.")
        else:
            try:
                gs.challenge_create(
                    challenger=player, opponent=opponent.player, deck=data["deck"],
                    hidden=data["hidden"], friendly=data["friendly"],
                    long_mode=data["long_mode"], turn_timeout=data["turn_timeout"],
                    message=data["message"])
            except GameError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"Challenge sent to {opponent.username}.")
                return redirect("games:list")
    return render(request, "games/challenge_form.html", {
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
    return render(request, "games/host_form.html", {
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
                ai_deck = form.cleaned_data["ai_deck"]
                game = gs.ai_game_start(
                    player=player, deck=form.cleaned_data["deck"],
                    ai_deck=None if ai_deck == "starter" else _int(ai_deck),
                    hidden=form.cleaned_data["hidden"], long_mode=form.cleaned_data["long_mode"])
                return redirect("games:detail", game.pk)
        except GameError as exc:
            (challenge_form if kind == "challenge" else form).add_error(None, exc.message)
    return render(request, "games/ai_form.html", {
        "form": form, "challenge_form": challenge_form,
        "has_decks": form.fields["deck"].queryset.exists()})


# ---------------------------------------------------------------- the game screen
def _game_context(request, game, player, *, error=None, preview=None):
    seat = game.seat_of(player)
    settings = player.settings
    now = timezone.now()
    board = gs.board_for(game, seat) if game.status != Game.Status.WAITING else None
    opponent = game.player_at(1 - seat)
    opponent_activity = (activity.activity_of(opponent.last_activity, now)
                         if opponent is not None else None)
    surrender_by = game.surrender_requested_by_id
    running = game.status == Game.Status.IN_PROGRESS
    chat_open = not game.is_ai and game.status != Game.Status.WAITING
    sandbox = gs.sandbox_allowed(game, player)
    return {
        "game": game,
        "seat": seat,
        "board": board,
        "me_player": player,
        "opponent": opponent,
        "opponent_name": game.player2_name if seat == 0 else game.player1_name,
        "opponent_activity": opponent_activity,
        "opponent_activity_label": activity.LABELS.get(opponent_activity, ""),
        "settings": settings,
        "error": error,
        "preview": preview,
        "sandbox": gs.sandbox_panel(game) if sandbox else None,
        "sandbox_open": bool(sandbox and request.GET.get("sandbox") == "open"),
        # The tutorial's play suggestion (None past the tutorial or off turn).
        "suggestion": gs.play_suggestion(game, seat, player.level) if board else None,
        "can": {
            "surrender": running and surrender_by is None,
            "surrender_cancel": running and surrender_by == player.pk,
            "surrender_answer": running and surrender_by is not None and surrender_by != player.pk,
            "abort": gs.abort_allowed(game, seat, now),
            "finish": gs.finish_allowed(game, seat, now),
            "substitute": gs.substitute_move_allowed(game, seat, now),
            "ai_move": (running and game.is_ai and game.current_seat == 1
                        and surrender_by is None),
            "leave": game.status == Game.Status.FINISHED and not game.has_left(seat),
            "preview": running and not game.is_hidden,
        },
        "chat_open": chat_open,
        "my_avatar": _avatar(player) if settings.avatars_in_game else None,
        "opponent_avatar": (_avatar(opponent) if settings.avatars_in_game and opponent
                            else None),
        "winner_is_me": game.winner_id == player.pk,
        "refresh_seconds": settings.auto_refresh or DEFAULT_REFRESH_SECONDS,
    }


def _avatar(player):
    """The avatar's file name for the players:avatar URL, or None."""
    return player.settings.avatar_filename or None


def _chat_context(game, player):
    settings = player.settings
    seat = game.seat_of(player)
    seen = game.player1_chat_seen_at if seat == 0 else game.player2_chat_seen_at
    chat = selectors.chat_for(game, newest_first=settings.reverse_chat_order)
    for line in chat:
        line.is_new = (line.author_id is not None and line.author_id != player.pk
                       and (seen is None or line.created_at > seen))
    return {"chat": chat, "chat_form": ChatForm(), "game": game}


@login_required
@require_GET
def game_detail(request, game_id):
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.status == Game.Status.WAITING:
        messages.info(request, "That game has not started yet.")
        return redirect("games:list")
    context = _game_context(request, game, player)
    context["next_game"] = selectors.next_game_on_turn(player, after_id=game.pk)
    if context["chat_open"] and player.settings.integrated_chat:
        context.update(_chat_context(game, player))
        gs.chat_mark_seen(game=game, player=player)
    return render(request, "games/game.html", context)


@login_required
@require_GET
def game_board(request, game_id):
    """The board partial, fetched by the page when told the game changed."""
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.status == Game.Status.WAITING:
        raise Http404("The game has not started.")
    context = _game_context(request, game, player)
    context["next_game"] = selectors.next_game_on_turn(player, after_id=game.pk)
    return render(request, "games/_board.html", context)


def _board_response(request, game_id, *, error=None, preview=None, notice=None):
    player = _player(request)
    if request.htmx:
        game = selectors.game_for_player(game_id, player)
        context = _game_context(request, game, player, error=error, preview=preview)
        context["notice"] = notice
        context["next_game"] = selectors.next_game_on_turn(player, after_id=game.pk)
        return render(request, "games/_board.html", context)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    if preview is not None:
        game = selectors.game_for_player(game_id, player)
        context = _game_context(request, game, player, preview=preview)
        context["next_game"] = selectors.next_game_on_turn(player, after_id=game.pk)
        if context["chat_open"] and player.settings.integrated_chat:
            context.update(_chat_context(game, player))
        return render(request, "games/game.html", context)
    return redirect("games:detail", game_id)


@login_required
@require_POST
def game_move(request, game_id):
    """Play, discard or preview the chosen card (one form, three buttons)."""
    player = _player(request)
    post = request.POST
    selectors.game_for_player(game_id, player)  # outsiders: 404, not a message
    action = post.get("action", "play")
    position = _int(post.get("play_position")) or _int(post.get("position"))
    if post.get("play_position"):
        action = "play"
    if position is None:
        return _board_response(request, game_id, error="Choose a card from your hand first.")
    mode = _int(post.get(f"mode_{position}"), None)
    if mode is None:
        mode = _int(post.get("mode"), 0)
    try:
        if action == "discard":
            gs.game_discard_card(game_id=game_id, player=player, version=post.get("version"),
                                 position=position)
        elif action == "preview":
            game = selectors.game_for_player(game_id, player)
            preview = gs.game_preview(game=game, player=player, position=position, mode=mode)
            return _board_response(request, game_id, preview=preview)
        else:
            gs.game_play_card(game_id=game_id, player=player, version=post.get("version"),
                              position=position, mode=mode)
    except GameError as exc:
        return _board_response(request, game_id, error=exc.message)
    return _board_response(request, game_id)


@login_required
@require_POST
def game_command(request, game_id, command):
    """The buttons around the board: AI move, substitute move, surrender, abort, finish."""
    player = _player(request)
    selectors.game_for_player(game_id, player)
    version = request.POST.get("version")
    notice = None
    try:
        if command == "ai-move":
            gs.game_ai_move_request(game_id=game_id, player=player, version=version)
        elif command == "substitute":
            gs.game_substitute_move(game_id=game_id, player=player, version=version)
            notice = "The computer played your opponent's overdue turn."
        elif command == "surrender":
            gs.game_surrender(game_id=game_id, player=player)
        elif command == "surrender-cancel":
            gs.game_surrender_cancel(game_id=game_id, player=player)
        elif command == "surrender-accept":
            gs.game_surrender_answer(game_id=game_id, player=player, accept=True)
        elif command == "surrender-reject":
            gs.game_surrender_answer(game_id=game_id, player=player, accept=False)
        elif command == "abort":
            gs.game_abort(game_id=game_id, player=player)
        elif command == "finish":
            gs.game_finish(game_id=game_id, player=player)
        else:
            raise Http404("Unknown command.")
    except GameError as exc:
        return _board_response(request, game_id, error=exc.message)
    return _board_response(request, game_id, notice=notice)


@login_required
@require_POST
def game_sandbox(request, game_id):
    """The sandbox tools of a game against the standard AI (one form per tool)."""
    player = _player(request)
    selectors.game_for_player(game_id, player)  # outsiders: 404
    post = request.POST
    tool = post.get("tool", "")
    common = {"game_id": game_id, "player": player, "version": post.get("version")}
    try:
        if tool == "card":
            notice = gs.sandbox_put_card(**common, seat=_int(post.get("seat")),
                                         position=_int(post.get("position")),
                                         card=post.get("card", ""))
        elif tool == "attribute":
            notice = gs.sandbox_set_attribute(**common, seat=_int(post.get("seat")),
                                              attribute=post.get("attribute", ""),
                                              value=_int(post.get("value")))
        elif tool == "hidden":
            notice = gs.sandbox_toggle_hidden(**common)
        elif tool == "dictate":
            notice = gs.sandbox_dictate(**common, position=_int(post.get("position")),
                                        kind=post.get("action", ""),
                                        mode=_int(post.get("mode"), 0))
        else:
            raise GameError("Choose one of the sandbox tools.", code="bad_tool")
    except GameError as exc:
        error, notice = exc.message, None
    else:
        error = None
    if request.htmx:
        game = selectors.game_for_player(game_id, player)
        context = _game_context(request, game, player, error=error)
        context.update(notice=notice, sandbox_open=context["sandbox"] is not None,
                       next_game=selectors.next_game_on_turn(player, after_id=game.pk))
        return render(request, "games/_board.html", context)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    return redirect(reverse("games:detail", args=[game_id]) + "?sandbox=open#sandbox")


@login_required
@require_POST
def game_leave(request, game_id):
    player = _player(request)
    selectors.game_for_player(game_id, player)
    try:
        gs.game_leave(game_id=game_id, player=player)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:detail", game_id)
    messages.info(request, "You left the game.")
    return redirect("games:list")


@login_required
@require_GET
def game_next(request):
    """To the next game waiting for my move (or the list when there is none)."""
    player = _player(request)
    game_id = selectors.next_game_on_turn(player, after_id=_int(request.GET.get("after")))
    if game_id is None:
        messages.info(request, "No other game is waiting for your move.")
        return redirect("games:list")
    return redirect("games:detail", game_id)


@login_required
@require_GET
def game_history(request, game_id):
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.status == Game.Status.WAITING:
        raise Http404("The game has not started.")
    step = _int(request.GET.get("step"))
    try:
        history = gs.history_for(game, game.seat_of(player),
                                 step if step is not None else 10**9)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:detail", game_id)
    return render(request, "games/history.html", {
        "game": game, "seat": game.seat_of(player), **history,
        "opponent_name": game.player2_name if game.seat_of(player) == 0 else game.player1_name,
    })


# ---------------------------------------------------------------- chat
@login_required
def game_chat(request, game_id):
    """GET: the chat (partial for htmx, a page when the chat is not on the game screen).
    POST: write a line."""
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.is_ai or game.status == Game.Status.WAITING:
        raise Http404("This game has no chat.")
    error = draft = None
    if request.method == "POST":
        form = ChatForm(request.POST)
        if form.is_valid():
            try:
                gs.chat_post(game_id=game.pk, player=player, body=form.cleaned_data["body"])
            except GameError as exc:
                error = exc.message
        else:
            error = "Write a message of at most 1000 characters."
        if error:  # give the text back so nothing typed is lost
            draft = request.POST.get("body", "")[:1000]
        if not request.htmx and not error:
            target = ("games:detail" if player.settings.integrated_chat else "games:chat")
            return redirect(reverse(target, args=[game.pk]) + "#chat")
        game.refresh_from_db()
    elif request.method != "GET":
        return HttpResponse(status=405)
    context = _chat_context(game, player)
    context["chat_error"] = error
    context["chat_draft"] = draft
    gs.chat_mark_seen(game=game, player=player)
    if request.htmx:
        return render(request, "games/_chat.html", context)
    context["opponent_name"] = (game.player2_name if game.seat_of(player) == 0
                                else game.player1_name)
    return render(request, "games/chat_page.html", context)


# ---------------------------------------------------------------- navigation indicator
@login_required
@require_GET
def turn_indicator(request):
    return render(request, "games/_turn_indicator.html", {
        "games_on_turn": selectors.games_on_turn_count(_player(request))})
