"""Live events: "something changed" notices sent after commit, never the hidden content.

Each browser re-fetches its own view over HTTP when told that the game changed, so an
event carries only ids and the new version.
"""
import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def player_group(player_id: int) -> str:
    return f"games-player-{player_id}"


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is not None:
            # Called from code running inside an event loop: hand the send to that loop.
            loop.create_task(layer.group_send(group, message))
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception:  # a down channel layer must never undo or fail a committed move
        log.exception("could not publish %s to %s", message.get("type"), group)


def publish_game_changed(game, *, what: str = "board") -> None:
    """After commit: tell both players' browsers (game page and navigation) to refresh."""
    game_id, version = game.pk, game.version
    players = [pid for pid in (game.player1_id, game.player2_id) if pid]

    def _publish():
        _send(game_group(game_id), {"type": "game.changed", "game": game_id,
                                    "version": version, "what": what})
        for pid in players:
            _send(player_group(pid), {"type": "turns.changed"})

    transaction.on_commit(_publish)


def publish_players_changed(*player_ids: int) -> None:
    """After commit: refresh these players' your-turn indicators and game lists."""
    ids = [pid for pid in player_ids if pid]

    def _publish():
        for pid in ids:
            _send(player_group(pid), {"type": "turns.changed"})

    transaction.on_commit(_publish)
