"""The one read of a game note: always the viewer's own (there is no other way to ask)."""
from games.models import GameNote


def note_of(game_id, player) -> GameNote | None:
    """``player``'s own note on the game, or None (1 query)."""
    if player is None:
        return None
    return GameNote.objects.filter(game_id=game_id, player=player).only(
        "pk", "text", "updated_at").first()
