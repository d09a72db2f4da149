"""Live events, sent after commit: "game N changed" to the game's group and "your games
changed" to the players' groups. They carry ids and the version, never game content:
each socket's consumer renders its own seat's board (games.consumers).

Sending never fails the change that caused it: the move is committed before anything is
sent, and a channel layer that is down only costs the live update (logged; the pages
poll when their socket is down).
"""
import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from marcomage.httppool import server_loop

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def player_group(player_id: int) -> str:
    return f"games-player-{player_id}"


def _sent(group: str, kind: str):
    """A done-callback that logs a send that failed where nobody waits for it."""
    def _check(future):
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.error("could not publish %s to %s", kind, group, exc_info=error)
    return _check


def _send(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` from wherever the change was made.

    Under the ASGI server, HTTP runs on a pool of threads (marcomage.httppool): the send is
    handed to the server's own event loop, where the channel layer's connections live,
    and not waited for. Code already running in an event loop hands it to that loop.
    Elsewhere (Celery workers, commands, tests) it is sent before returning.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    kind = message.get("type")
    try:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            running.create_task(layer.group_send(group, message)).add_done_callback(
                _sent(group, kind))
            return
        loop = server_loop()
        if loop is not None:
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            future.add_done_callback(_sent(group, kind))
            return
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a down channel layer must never undo or fail a committed move
        log.exception("could not publish %s to %s", kind, group)


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
        _send(game_group(game_id), {"type": "game.changed", "game": game_id,
                                    "version": version, "what": what, "by_seat": by_seat})
        for pid in players:
            _send(player_group(pid), {"type": "turns.changed", "game": game_id})

    transaction.on_commit(_publish)


def publish_players_changed(*player_ids: int) -> None:
    """After commit: refresh these players' your-turn indicators and game lists."""
    ids = [pid for pid in player_ids if pid]

    def _publish():
        for pid in ids:
            _send(player_group(pid), {"type": "turns.changed"})

    transaction.on_commit(_publish)
