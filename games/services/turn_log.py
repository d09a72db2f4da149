"""The Turn log: numbering its lines and replaying them through the engine.

A game's ``initial_state`` plus its Turn log give the board after any step; the live
services (moves, endings, sandbox) and the readers (history, replays) share these steps
so a logged turn means the same thing everywhere.
"""
from django.db.models import Subquery, Value
from django.db.models.functions import Coalesce

from games import engine
from games.models import Game, Turn

from .errors import GameError

# A logged ending's action and the engine's outcome for it.
ENDING_OUTCOMES = {"surrender": "Surrender", "abort": "Abort", "finish": "Abandon"}
ENDING_ACTIONS = {outcome: action for action, outcome in ENDING_OUTCOMES.items()}


def next_turn_number(game: Game):
    """The number of the game's next Turn line, as an expression its INSERT computes (no
    query of its own). The caller holds the game row's lock, so no other line can take it."""
    last = Turn.objects.filter(game_id=game.pk).order_by("-number").values("number")[:1]
    return Coalesce(Subquery(last), Value(0)) + 1


def apply_sandbox_record(state, record: dict):
    """Run the sandbox change a Turn record describes (live and in the history)."""
    tool = record.get("tool")
    if tool == "card":
        return engine.sandbox_put_card(state, record["seat"], record["position"],
                                       record["card"], reveal=record.get("reveal", False))
    if tool == "attribute":
        return engine.sandbox_set_attribute(state, record["seat"], record["attribute"],
                                            record["value"])
    if tool == "hidden":
        return engine.sandbox_set_hidden(state, record["hidden"])
    raise engine.EngineError("bad_record", "unknown sandbox tool")


def replay_turn(state, turn: Turn):
    """The state after the logged ``turn`` (GameError "replay" when it no longer replays)."""
    try:
        if turn.action == Turn.Action.PLAY:
            return engine.play(state, turn.actor_seat, turn.position, turn.mode).state
        if turn.action == Turn.Action.DISCARD:
            return engine.discard(state, turn.actor_seat, turn.position).state
        if turn.action == Turn.Action.SANDBOX:
            return apply_sandbox_record(state, turn.record)
        return engine.finish_game(state, outcome=ENDING_OUTCOMES[turn.action],
                                  winner=turn.record.get("winner"))
    except engine.EngineError:
        # The log no longer replays (a card's effect changed since): stop here, honestly.
        raise GameError("This game's history cannot be replayed past this point.",
                        code="replay")


def state_after_turns(game: Game, step: int):
    """(turns, step clamped to the log, engine state after that many turns)."""
    turns = list(game.turns.order_by("number").only(
        "game", "number", "actor_seat", "action", "position", "card", "mode", "round", "record",
        "is_substitute", "is_ai_move"))
    if not game.initial_state:
        raise GameError("This game has not started yet.", code="not_started")
    step = max(0, min(step, len(turns)))
    state = engine.state_from_json(game.initial_state)
    for turn in turns[:step]:
        state = replay_turn(state, turn)
    return turns, step, state
