"""Live events, sent after commit: "game N changed" to the game's group and "your games
changed" to the players' groups. They carry ids and the version, never game content:
each socket's consumer renders its own seat's board (games.consumers).

Sending never fails the change that caused it: the move is committed before anything is
sent, and a channel layer that is down only costs the live update (logged; the pages
poll when their socket is down).
"""
import logging
import time

from django.db import transaction
from django.dispatch import Signal

from games.models import Game
from marcomage.plumbing import live_send
from players.notifications import live as notification_live
from players.notifications import triggers as notices

log = logging.getLogger(__name__)

# Sent after the commit that finished a game, with ``game_id``: what other parts of the site
# do when a game ends (an event pairs its players again) listens here, so the games need
# not know them. A receiver that fails is logged and never fails the game's end.
game_finished = Signal()

# A player's socket opened (or closed) on the page of a game the page says an event
# arranged (``game_id``, ``player_id``, ``event_id``: the page's own word, checked by the
# receiver). The events keep count of who is still with them (a player who has left every
# page of an event is paused) and answer, on opening, the player's next game of that event
# when he has one the page has not heard of (a pairing made while the page was loading or
# its socket was down is told at once): each receiver answers a game id or None. Sent from
# the game pages' consumer (games.consumers), which need not know the events.
arranged_socket_opened = Signal()
arranged_socket_closed = Signal()


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


# Every socket of a player (his pages' navigation and game sockets): named where the
# players' notifications, below the games, publish to it too.
player_group = notification_live.player_group


def _send(*messages) -> None:
    """Send each (group, message) pair in one go, from wherever the change was made: how
    (the server's loop, a loop of its own) is the base layer's business
    (marcomage.plumbing.live_send); it never raises."""
    live_send.group_send_all(messages)


def publish_game_changed(game, *, what: str = "board", by_seat=None) -> None:
    """After commit: tell the game's sockets (and both players' navigation) that ``game``
    changed.

    ``what``: "board" (a new version), "chat", or a change of the board at the same
    version ("presence", "deadline", "timeout"). ``by_seat``: the seat whose own request
    made the change and got the new board in its answer (its sockets only hear of it).
    """
    game_id, version = game.pk, game.version
    players = [pid for pid in (game.player1_id, game.player2_id) if pid]

    def _publish():
        # "at": when it was committed, for the push latency (marcomage.plumbing.metrics.observe_push).
        _send((game_group(game_id), {"type": "game.changed", "game": game_id,
                                     "version": version, "what": what, "by_seat": by_seat,
                                     "at": time.time()}),
              *((player_group(pid), {"type": "turns.changed", "game": game_id})
                for pid in players))

    transaction.on_commit(_publish)


def notify_turn_passed(game, *, mover_seat: int) -> None:
    """A move of ``mover_seat`` handed the turn to the other player of ``game`` (between two
    accounts, both loaded): he is told (players.notifications: the bell, and by mail or
    push when he is away). Recorded with the move, sent after its commit; the game's version
    makes it once per turn."""
    seat = game.current_seat
    if game.is_ai or game.status != Game.Status.IN_PROGRESS or seat in (None, mover_seat):
        return
    notices.your_turn(player=game.player_at(seat), game_id=game.pk, version=game.version,
                      opponent_name=game.player_at(mover_seat).name)


def publish_players_changed(*player_ids: int) -> None:
    """After commit: refresh these players' your-turn indicators and game lists."""
    ids = [pid for pid in player_ids if pid]

    def _publish():
        _send(*((player_group(pid), {"type": "turns.changed"}) for pid in ids))

    transaction.on_commit(_publish)


def publish_game_finished(game) -> None:
    """After commit: tell the receivers of ``game_finished`` that ``game`` is over."""
    game_id = game.pk

    def _announce():
        for receiver, outcome in game_finished.send_robust(sender=None, game_id=game_id):
            if isinstance(outcome, Exception):
                log.warning("%r failed on game %s's end: %r", receiver, game_id, outcome,
                            exc_info=(type(outcome), outcome, outcome.__traceback__))

    transaction.on_commit(_announce)
