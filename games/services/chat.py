"""Per-game chat between the two players."""
from django.db import transaction
from django.utils import timezone

from games.models import ChatMessage, Game
from marcomage.plumbing.bbcode import bbcode_to_html
from players.models import Player
from players.moderation.selectors import mute_refusal

from .access import access_game
from .errors import GameError
from .events import publish_game_changed

CHAT_MAX_LENGTH = 1000


@transaction.atomic
def chat_post(*, game_id, player: Player, body: str) -> ChatMessage:
    game = access_game(game_id, player, lock=True,
                       not_playing="Only the two players can write in this game's chat.")
    seat = game.seat_of(player)
    if game.is_ai:
        raise GameError("There is no chat in games against the AI.", code="no_chat")
    if game.status == Game.Status.WAITING:
        raise GameError("The chat opens when the game starts.", code="no_chat")
    if refusal := mute_refusal(player):
        raise GameError(refusal, code="muted")
    body = (body or "").strip()
    if not body:
        raise GameError("Write something first.", code="empty")
    if len(body) > CHAT_MAX_LENGTH:
        raise GameError(f"A chat message can be at most {CHAT_MAX_LENGTH} characters long.",
                        code="too_long")
    message = ChatMessage.objects.create(game=game, author=player, body=body,
                                         body_html=bbcode_to_html(body))
    # Writing counts as reading: the author's own line is never "new" for him.
    field = "player1_chat_seen_at" if seat == 0 else "player2_chat_seen_at"
    setattr(game, field, message.created_at)
    game.last_chat_at = message.created_at
    game.save(update_fields=[field, "last_chat_at"])
    # Chat does not bump the game version: a line from the opponent must not make the
    # mover's board stale.
    publish_game_changed(game, what="chat")
    return message


def chat_mark_seen(*, game: Game, player: Player) -> None:
    seat = game.seat_of(player)
    if seat is None or game.last_chat_at is None:
        return
    field = "player1_chat_seen_at" if seat == 0 else "player2_chat_seen_at"
    seen = getattr(game, field)
    if seen is None or seen < game.last_chat_at:
        now = timezone.now()
        Game.objects.filter(pk=game.pk).update(**{field: now})
        setattr(game, field, now)
