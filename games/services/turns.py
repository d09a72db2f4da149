"""Storing a turn the engine has played, whoever played it (a player, the computer, a
substitute, a dictated move).

The new state, a line of the Turn log, the award counters, the end of the game when the
engine says so, the version bump, the change notice and the computer's answer.
"""
from django.utils import timezone

from games import engine
from games.models import Game
from marcomage.prepared import PreparedUpdate
from players.progression.services import award_counters_add

from . import errors
from .endings import game_end
from .events import notify_turn_passed, publish_game_changed
from .queue import ai_move_queue
from .turn_log import turn_log_append

ENGINE_MESSAGES = {
    "not_your_turn": errors.NOT_YOUR_TURN,
    "bad_position": "Choose a card from your hand first.",
    "insufficient_resources": "You cannot afford that card.",
    "bad_mode": "Choose one of the card's modes.",
    "rare_in_challenge": "Rare cards cannot be played in an AI challenge.",
    "game_over": errors.GAME_NOT_RUNNING,
    "card_unimplemented": "That card cannot be played yet (its effect is still being "
                          "written); discard it instead.",
    "preview_hidden": "Preview is not available with hidden cards.",
}


def engine_message(exc: engine.EngineError) -> str:
    """What to tell the player when the engine refuses their move."""
    return ENGINE_MESSAGES.get(exc.code, exc.message)


# What a turn changes on the game row (the callers only lock it before): the other columns
# are not written again, and the UPDATE is written once.
TURN_CHANGES = PreparedUpdate(Game, ("state", "round", "current_seat", "last_action_at",
                                     "timeout_noticed_version", "version"))


def apply_turn(game: Game, result, seat: int, *, actor, substitute=False, ai=False) -> Game:
    """Persist an engine TurnResult of ``seat`` (the caller holds the game row's lock)."""
    record = result.record
    state = result.state
    turn_log_append(
        game, actor_seat=seat, actor=actor, action=record["action"],
        position=record["position"], card=record["card"], mode=record["mode"],
        is_substitute=substitute, is_ai_move=ai, round=record["round"], record=record)
    game.state = engine.state_to_json(state)
    game.round = state.round
    game.current_seat = state.current
    game.last_action_at = timezone.now()
    game.timeout_noticed_version = None
    game.version += 1
    # Award counters go to the player whose turn it was (also for a substitute move); the
    # engine leaves them empty in friendly games.
    if actor is not None and record.get("awards") and not game.is_friendly:
        award_counters_add(player=actor, counters=record["awards"])
    if state.status == "finished":
        game_end(game, winner_seat=state.winner, outcome=state.outcome)
    else:
        TURN_CHANGES.save(game)
    # A player's own move: that player's page gets the new board in the answer to its
    # request, so only the other seat's sockets need it rendered.
    publish_game_changed(game, by_seat=None if substitute or ai else seat)
    notify_turn_passed(game, mover_seat=seat)
    ai_move_queue_if_due(game)
    return game


def ai_move_queue_if_due(game: Game) -> None:
    """In a game against the AI, let the AI answer at once when the player wants it so."""
    if (game.is_ai and game.status == Game.Status.IN_PROGRESS and game.current_seat == 1
            and game.surrender_requested_by_id is None and game.player1.settings.auto_ai_move):
        ai_move_queue(game)
