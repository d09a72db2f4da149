"""The game screen: the board, moves, the commands around the board, the sandbox, the
history and the chat. Parse, authorise, call one service, render.

Every action works as a plain form post (redirect back with a message) and, with htmx,
as a swap of the board or the chat.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import services as gs
from games.models import Game
from games.services.errors import GameError
from marcomage.plumbing.flood import flood_refusal
from players.notifications.services import game_notices_read

from . import selectors
from .board import history_for
from .forms import ChatForm, CommandForm, MoveForm, NextGameForm, StepForm, sandbox_form


def _player(request):
    return request.user.player


@login_required
@require_GET
def game_detail(request, game_id):
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.status == Game.Status.WAITING:
        messages.info(request, "That game has not started yet.")
        return redirect("games:list")
    context = selectors.game_page(game, player, with_chat=True,
                                  sandbox_open=request.GET.get("sandbox") == "open")
    if "chat" in context:
        gs.chat_mark_seen(game=game, player=player)
    # The game is in front of him: what the bell said about it is read.
    game_notices_read(player_id=player.pk, game_id=game.pk)
    return render(request, "games/game/game.html", context)


@login_required
@require_GET
def game_board(request, game_id):
    """The board partial, fetched by the page when told the game changed."""
    player = _player(request)
    game = selectors.started_game_for_player(game_id, player)
    context = selectors.game_page(game, player, indicator=bool(request.htmx),
                                  sandbox_open=request.GET.get("sandbox") == "open")
    return render(request, "games/game/_board.html", context, using="jinja2")


def _board_response(request, game_id, *, game=None, error=None, preview=None, notice=None,
                    sandbox=False, ai_asked=False):
    """The answer to an action on the board: the new board for htmx; else a message and
    the game page (with the preview, if asked for one).

    ``game``: the game as the action left it, when the caller has it (no second load).
    """
    player = _player(request)
    if request.htmx:
        game = game or selectors.game_for_player(game_id, player)
        context = selectors.game_page(game, player, error=error, preview=preview,
                                      notice=notice, sandbox_open=sandbox, indicator=True,
                                      ai_asked=ai_asked)
        return render(request, "games/game/_board.html", context, using="jinja2")
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    if preview is not None:
        game = game or selectors.game_for_player(game_id, player)
        context = selectors.game_page(game, player, preview=preview, with_chat=True)
        return render(request, "games/game/game.html", context)
    if sandbox:
        return redirect(reverse("games:detail", args=[game_id]) + "?sandbox=open#sandbox")
    return redirect("games:detail", game_id)


def _not_for_outsiders(exc: GameError) -> None:
    """A refusal that would tell an outsider the game exists is a 404, as on every page."""
    if exc.code in ("gone", "forbidden"):
        raise Http404("No such game.")


def _after_move(game: Game) -> Game | None:
    """The game to show after a move: the one the service saved, unless the computer has
    answered meanwhile (tasks run in-process without Redis): then it is read again."""
    if game.is_ai and game.status == Game.Status.IN_PROGRESS and game.current_seat == 1:
        return None
    return game


@login_required
@require_POST
def game_move(request, game_id):
    """Play, discard or preview the chosen card (one form, three buttons).

    A move loads the game once, in the service (locked), and the answer shows the state the
    service has just saved.
    """
    player = _player(request)
    form = MoveForm(request.POST)
    if not form.is_valid():
        selectors.game_for_player(game_id, player)  # outsiders: 404, not a message
        return _board_response(request, game_id, error=form.first_error())
    move = form.cleaned_data
    try:
        if move["action"] == "preview":
            game = selectors.game_for_player(game_id, player)
            preview = gs.game_preview(game=game, player=player, position=move["position"],
                                      mode=move["mode"])
            return _board_response(request, game_id, game=game, preview=preview)
        if move["action"] == "discard":
            game = gs.game_discard_card(game_id=game_id, player=player,
                                        version=move["version"], position=move["position"])
        else:
            game = gs.game_play_card(game_id=game_id, player=player, version=move["version"],
                                     position=move["position"], mode=move["mode"])
    except GameError as exc:
        _not_for_outsiders(exc)
        return _board_response(request, game_id, error=exc.message)
    return _board_response(request, game_id, game=_after_move(game))


# The buttons around the board: command -> (service, whether it changes the board and so
# needs the version the page showed, its other arguments, the notice shown after it).
COMMANDS = {
    "ai-move": (gs.game_ai_move_request, True, {}, None),
    "substitute": (gs.game_substitute_move, True, {},
                   "The computer played your opponent's overdue turn."),
    "surrender": (gs.game_surrender, False, {}, None),
    "surrender-cancel": (gs.game_surrender_cancel, False, {}, None),
    "surrender-accept": (gs.game_surrender_answer, False, {"accept": True}, None),
    "surrender-reject": (gs.game_surrender_answer, False, {"accept": False}, None),
    "abort": (gs.game_abort, False, {}, None),
    "finish": (gs.game_finish, False, {}, None),
}


@login_required
@require_POST
def game_command(request, game_id, command):
    """The buttons around the board: AI move, substitute move, surrender, abort, finish."""
    player = _player(request)
    selectors.game_for_player(game_id, player)
    if command not in COMMANDS:
        raise Http404("Unknown command.")
    service, moves, arguments, notice = COMMANDS[command]
    if moves:
        form = CommandForm(request.POST)
        if not form.is_valid():
            return _board_response(request, game_id, error=form.first_error())
        arguments = {**arguments, "version": form.cleaned_data["version"]}
    try:
        service(game_id=game_id, player=player, **arguments)
    except GameError as exc:
        return _board_response(request, game_id, error=exc.message)
    return _board_response(request, game_id, notice=notice, ai_asked=command == "ai-move")


@login_required
@require_POST
def game_sandbox(request, game_id):
    """The sandbox tools of a game against the standard AI (one form per tool)."""
    player = _player(request)
    selectors.game_for_player(game_id, player)  # outsiders: 404
    form = sandbox_form(request.POST)
    if not form.is_valid():
        return _board_response(request, game_id, error=form.first_error(), sandbox=True)
    data = form.cleaned_data
    common = {"game_id": game_id, "player": player, "version": data["version"]}
    try:
        if data["tool"] == "card":
            notice = gs.sandbox_put_card(**common, seat=data["seat"], position=data["position"],
                                         card=data["card"])
        elif data["tool"] == "attribute":
            notice = gs.sandbox_set_attribute(**common, seat=data["seat"],
                                              attribute=data["attribute"], value=data["value"])
        elif data["tool"] == "hidden":
            notice = gs.sandbox_toggle_hidden(**common)
        else:
            notice = gs.sandbox_dictate(**common, position=data["position"],
                                        kind=data["action"], mode=data["mode"] or 0)
    except GameError as exc:
        return _board_response(request, game_id, error=exc.message, sandbox=True)
    return _board_response(request, game_id, notice=notice, sandbox=True)


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
    after = NextGameForm(request.GET).game_to_skip()
    game_id = selectors.next_game_on_turn(player, after_id=after)
    if game_id is None:
        messages.info(request, "No other game is waiting for your move.")
        return redirect("games:list")
    return redirect("games:detail", game_id)


@login_required
@require_GET
def game_history(request, game_id):
    player = _player(request)
    game = selectors.started_game_for_player(game_id, player, with_initial_state=True)
    seat = game.seat_of(player)
    try:
        history = history_for(game, seat, StepForm(request.GET).step_or(10**9))
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:detail", game_id)
    return render(request, "games/game/history.html", {
        "game": game, "seat": seat, **history,
        "opponent_name": game.player2_name if seat == 0 else game.player1_name,
    })


# ---------------------------------------------------------------- chat
@login_required
def game_chat(request, game_id):
    """GET: the chat (partial for htmx, a page when the chat is not on the game screen);
    with ``?unread``: only how many of its lines are new, leaving them unread (the mark of
    the game screen's Chat button, which opens the chat as a pop-up). POST: write a line."""
    player = _player(request)
    game = selectors.game_for_player(game_id, player)
    if game.is_ai or game.status == Game.Status.WAITING:
        raise Http404("This game has no chat.")
    if request.method == "GET" and "unread" in request.GET:
        return render(request, "games/game/_chat_unread.html",
                      {"chat_unread": selectors.chat_unread_count(game, player)})
    error = draft = None
    if request.method == "POST":
        form = ChatForm(request.POST)
        if form.is_valid() and (refusal := flood_refusal(request, "chat")):
            error = refusal  # shown like any chat error, with the line given back
        elif form.is_valid():
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
    context = selectors.chat_page(game, player)
    context["chat_error"] = error
    context["chat_draft"] = draft
    gs.chat_mark_seen(game=game, player=player)
    if request.htmx:
        return render(request, "games/game/_chat.html", context)
    context["opponent_name"] = (game.player2_name if game.seat_of(player) == 0
                                else game.player1_name)
    return render(request, "games/game/chat_page.html", context)
