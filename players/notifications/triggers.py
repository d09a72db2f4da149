"""What each event tells whom: the notices' texts, written from names and numbers.

The callers (the games' services, the inbox, the events) call these inside the transaction
of their change; each records one notice per recipient with a key that makes it once only.

What a notice may say: who, which game, whose turn, how long is left. Never a card (a hand
in a hidden-cards game, a card played, a deck), a private note, or more of what a player
wrote than a short preview (PREVIEW characters of a message or a challenge's note). Bots
(played by programs through the API) get no notices.
"""
import html
import re

from django.urls import reverse
from django.utils.html import strip_tags

from players.models import Notification, Player

from .services import notice_settle, notify

Kind = Notification.Kind
PREVIEW = 100
_SPACES = re.compile(r"\s+")


def preview(text: str, limit: int = PREVIEW) -> str:
    """A short plain-text preview of what a player wrote (rendered HTML or plain text)."""
    plain = _SPACES.sub(" ", html.unescape(strip_tags(text or ""))).strip()
    return plain if len(plain) <= limit else plain[:limit - 1].rstrip() + "…"


def _game_url(game_id: int) -> str:
    return reverse("games:detail", args=[game_id])


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    return f"{hours} hours"


def your_turn(*, player, game_id: int, version: int, opponent_name: str) -> None:
    """``opponent_name`` moved in game ``game_id`` (now at ``version``) and handed the turn
    to ``player``."""
    if player.is_bot:
        return
    notify(player_id=player.pk, kind=Kind.YOUR_TURN, key=f"your_turn:{game_id}:{version}",
           title=f"Your turn against {opponent_name}",
           body=f"{opponent_name} has moved in game {game_id}: it is your turn.",
           url=_game_url(game_id), game_id=game_id, game_turn=version)


def challenge_received(*, player, game_id: int, challenger_name: str, note: str = "") -> None:
    if player.is_bot:
        return
    body = (f"“{preview(note)}” — answer it in your games list." if note
            else "Answer it in your games list.")
    notify(player_id=player.pk, kind=Kind.CHALLENGE, key=f"challenge:{game_id}",
           title=f"{challenger_name} challenges you", body=body,
           url=reverse("games:list") + "#incoming")


def challenge_answered(*, player, game_id: int) -> None:
    """The challenge ``game_id`` to ``player`` was answered or withdrawn: its notice is
    read, and a mail or push still waiting for it is not sent."""
    notice_settle(player_id=player.pk, key=f"challenge:{game_id}", reason="answered")


def challenge_accepted(*, player, game_id: int, version: int, opponent_name: str,
                       your_turn: bool) -> None:
    """``opponent_name`` accepted ``player``'s challenge (or joined his hosted game): the
    game runs."""
    if player.is_bot:
        return
    turn = "it is your turn." if your_turn else f"{opponent_name} moves first."
    notify(player_id=player.pk, kind=Kind.CHALLENGE, key=f"challenge-accepted:{game_id}",
           title=f"{opponent_name} accepted your challenge",
           body=f"Game {game_id} has started: {turn}", url=_game_url(game_id),
           game_id=game_id, game_turn=version)


def hosted_game_joined(*, player, game_id: int, version: int, opponent_name: str,
                       your_turn: bool) -> None:
    if player.is_bot:
        return
    turn = "it is your turn." if your_turn else f"{opponent_name} moves first."
    notify(player_id=player.pk, kind=Kind.CHALLENGE, key=f"hosted-joined:{game_id}",
           title=f"{opponent_name} joined your game",
           body=f"Game {game_id} has started: {turn}", url=_game_url(game_id),
           game_id=game_id, game_turn=version)


def challenge_declined(*, player, game_id: int, opponent_name: str) -> None:
    if player.is_bot:
        return
    notify(player_id=player.pk, kind=Kind.CHALLENGE, key=f"challenge-declined:{game_id}",
           title=f"{opponent_name} declined your challenge",
           body="You may challenge someone else from the players list.",
           url=reverse("games:list"))


def message_received(*, message) -> None:
    """A personal message arrived (``message``: players.models.Message, its author and
    recipient loaded)."""
    recipient = message.recipient
    if recipient.is_bot:
        return
    notify(player_id=recipient.pk, kind=Kind.MESSAGE, key=f"message:{message.pk}",
           title=f"Message from {message.author_name}: {message.subject}",
           body=preview(message.body_html or message.body),
           url=reverse("players:message_detail", args=[message.pk]))


def message_read(*, message) -> None:
    """The recipient read the message in his inbox: its notice is read, and a mail of it
    still waiting (for the digest) is not sent."""
    notice_settle(player_id=message.recipient_id, key=f"message:{message.pk}",
                  reason="read on the site")


def event_games_paired(*, tournament_id: int, tournament_name: str, games) -> None:
    """Each player of ``games`` ((game id, white's player id, black's player id)) has a new
    game in the event (one query for the players' names)."""
    ids = {player_id for _game, *pair in games for player_id in pair}
    if not ids:
        return
    rows = list(Player.objects.filter(pk__in=ids).values_list("pk", "user__username", "is_bot"))
    names = {pk: name for pk, name, _bot in rows}
    bots = {pk for pk, _name, bot in rows if bot}
    for game_id, white, black in games:
        for player_id, opponent_id in ((white, black), (black, white)):
            if player_id in bots:
                continue
            opponent = names.get(opponent_id, "your opponent")
            notify(player_id=player_id, kind=Kind.TOURNAMENT,
                   key=f"event-game:{tournament_id}:{game_id}",
                   title=f"Your game in {tournament_name} has started",
                   body=f"Against {opponent}, game {game_id}.", url=_game_url(game_id),
                   game_id=game_id)


def turn_time_running_out(*, player, game_id: int, version: int, opponent_name: str,
                          seconds_left: float) -> None:
    """``player`` is on turn in game ``game_id`` and its time limit runs out soon."""
    if player.is_bot:
        return
    notify(player_id=player.pk, kind=Kind.TIME_LIMIT, key=f"time_limit:{game_id}:{version}",
           title=f"Your time against {opponent_name} runs out in {_minutes(seconds_left)}",
           body=(f"Move in game {game_id} before then: after it, {opponent_name} may have the "
                 "computer play your turn (in an event's game, the game is lost)."),
           url=_game_url(game_id), game_id=game_id, game_turn=version)


def opponent_away(*, player, game_id: int, opponent_name: str, since) -> None:
    """``opponent_name`` has been away for three weeks: ``player`` may abort the game."""
    if player.is_bot:
        return
    notify(player_id=player.pk, kind=Kind.ABORTABLE,
           key=f"abortable:{game_id}:{int(since.timestamp())}",
           title=f"{opponent_name} has been away for three weeks",
           body=f"You may abort game {game_id} (it ends without a result), or keep waiting.",
           url=_game_url(game_id), game_id=game_id)
