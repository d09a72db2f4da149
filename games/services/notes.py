"""A player's private note on a game: saved or cleared, never shown to anybody else.

The note belongs to its writer alone, so saving it changes nothing of the game: no version
bump, no live event (the opponent's browser must not even learn that a note changed).
"""
from django.db import transaction

from games.models import Game, GameNote
from players.models import Player

from .access import access_game
from .errors import GameError

NOTE_MAX_LENGTH = 2000


def _note_game(game_id, player: Player) -> Game:
    """The started game ``player`` sits at (not locked: a note does not touch the game)."""
    game = access_game(game_id, player, query=Game.objects.only(
        "pk", "player1_id", "player2_id", "status"))
    if game.status == Game.Status.WAITING:
        raise GameError("Notes open when the game starts.", code="not_started")
    return game


@transaction.atomic
def game_note_save(*, game_id, player: Player, text: str) -> GameNote | None:
    """Keep ``text`` as the player's note on the game; an empty text clears the note.

    Returns the note, or None once cleared. Allowed while the game runs and after it ended.
    """
    game = _note_game(game_id, player)
    text = (text or "").replace("\r\n", "\n").strip()
    if "\x00" in text:
        raise GameError("The note contains a character that is not allowed.", code="bad_text")
    if len(text) > NOTE_MAX_LENGTH:
        raise GameError(f"A note can be at most {NOTE_MAX_LENGTH} characters long.",
                        code="too_long")
    if not text:
        GameNote.objects.filter(game=game, player=player).delete()
        return None
    note, _ = GameNote.objects.update_or_create(game=game, player=player,
                                                defaults={"text": text})
    return note
