"""What the games tell the events.

- The end of any game: one indexed look-up (is it a game of an event, not yet scored?) and,
  if so, the scoring task queued. It runs after the game's commit
  (games.services.events.game_finished) and never fails the game's end: the signal is sent
  robustly, and a result whose task is lost is found by the periodic tick.
- A player's socket opened or closed on the page of an event's game
  (games.services.events.arranged_socket_opened/closed): counted as one of his pages of the
  event (presence), and on opening answered with his next game of it, if the page has not
  heard of one.
"""
from django.db.models import Q

from games.services.queue import task_send

from . import presence, selectors
from .models import Pairing
from .queue import RESULT_TASK


def game_finished_received(sender, *, game_id, **kwargs) -> None:
    if Pairing.objects.filter(game_id=game_id, result=Pairing.Result.PENDING).exists():
        task_send(RESULT_TASK, game_id)


def _entrant_of_game(game_id, player_id, event_id) -> bool:
    """Is ``game_id`` a game of event ``event_id`` that ``player_id`` plays (the page's word,
    checked)?"""
    return Pairing.objects.filter(Q(white__player_id=player_id) | Q(black__player_id=player_id),
                                  game_id=game_id, tournament_id=event_id).exists()


def arranged_socket_opened_received(sender, *, game_id, player_id, event_id, **kwargs):
    """His page of the event's game is open: counted; his next game of the event (None:
    none, or this one)."""
    if not _entrant_of_game(game_id, player_id, event_id):
        return None
    presence.page_opened(event_id, player_id)
    current = selectors.current_game_of(event_id, player_id)
    return current if current and current != game_id else None


def arranged_socket_closed_received(sender, *, game_id, player_id, event_id, **kwargs):
    if _entrant_of_game(game_id, player_id, event_id):
        presence.page_closed(event_id, player_id)
