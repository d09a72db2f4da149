"""The note panel of the game and history pages: the viewer's own note, nobody else's."""
from django import template

from games.notes.selectors import note_of

register = template.Library()


@register.inclusion_tag("games/notes/_note.html", takes_context=True)
def game_note_panel(context, game, back="game"):
    """``back``: the page the panel is on ("game" or "history"), to come back to after a
    save without JavaScript."""
    viewer = context.get("viewer")
    return {"game_id": game.pk, "note": note_of(game.pk, viewer), "note_back": back,
            "note_editable": viewer is not None and game.seat_of(viewer) is not None,
            "csrf_token": context.get("csrf_token"), "note_done": None, "note_error": None,
            "note_draft": None}
