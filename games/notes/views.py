"""Saving and clearing a game note: htmx swaps the note panel; without JavaScript the form
posts and the page comes back with a message."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import services as gs
from games.services.errors import GameError

from . import selectors

# The page the form was sent from, to go back to without JavaScript.
BACK_TARGETS = {"game": "games:detail", "history": "games:history"}
# Refusals that mean "not your game": answered like a missing page.
NOT_YOURS = ("gone", "forbidden", "not_started")


@login_required
@require_POST
def game_note(request, game_id):
    """Save the note as typed (the service trims and checks it), or clear it."""
    player = request.user.player
    text = "" if request.POST.get("action") == "clear" else request.POST.get("text", "")
    back = request.POST.get("back") if request.POST.get("back") in BACK_TARGETS else "game"
    error = note = None
    try:
        note = gs.game_note_save(game_id=game_id, player=player, text=text)
    except GameError as exc:
        if exc.code in NOT_YOURS:
            raise Http404("No such game.")
        error = exc.message
    if request.htmx:
        return render(request, "games/notes/_note.html", {
            "game_id": game_id, "note_back": back, "note_error": error,
            # After a refusal the typed text comes back, so nothing is lost.
            "note": selectors.note_of(game_id, player) if error else note,
            "note_draft": text if error else None,
            "note_done": None if error else ("saved" if note else "cleared"),
            "note_editable": True,
        })
    if error:
        messages.error(request, error)
    else:
        messages.success(request, "Your note is saved." if note else "Your note is cleared.")
    return redirect(reverse(BACK_TARGETS[back], args=[game_id]) + "#game-note")
