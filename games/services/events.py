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


async def _group_send_all(layer, messages) -> None:
    """Send each (group, message), logging (not raising) a send that fails."""
    for group, message in messages:
        try:
            await layer.group_send(group, message)
        except Exception:  # a down channel layer must never undo or fail a committed move
            log.exception("could not publish %s to %s", message.get("type"), group)


def _send(*messages) -> None:
    """Send each (group, message) pair from wherever the change was made, in one go.

    Under the ASGI server, HTTP runs on a pool of threads (marcomage.httppool): the sends
    are handed to the server's own event loop, where the channel layer's connections
    live, and not waited for. Code already running in an event loop hands them to that
    loop. Elsewhere (Celery workers, commands, tests) they are sent before returning,
    over one event loop for all of them.
    """
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            running.create_task(_group_send_all(layer, messages))
            return
        loop = server_loop()
        if loop is not None:
            asyncio.run_coroutine_threadsafe(_group_send_all(layer, messages), loop)
            return
        async_to_sync(_group_send_all)(layer, messages)
    except Exception:  # no loop to hand it to, a layer that cannot be reached...
        log.exception("could not publish %s", [m.get("type") for _, m in messages])


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
        _send((game_group(game_id), {"type": "game.changed", "game": game_id,
                                     "version": version, "what": what, "by_seat": by_seat}),
              *((player_group(pid), {"type": "turns.changed", "game": game_id})
                for pid in players))

    transaction.on_commit(_publish)


def publish_players_changed(*player_ids: int) -> None:
    """After commit: refresh these players' your-turn indicators and game lists."""
    ids = [pid for pid in player_ids if pid]

    def _publish():
        _send(*((player_group(pid), {"type": "turns.changed"}) for pid in ids))

    transaction.on_commit(_publish)
