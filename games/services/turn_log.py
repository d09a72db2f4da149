"""The Turn log: numbering its lines and replaying them through the engine.

A game's ``initial_state`` plus its Turn log give the board after any step; the live
services (moves, endings, sandbox) and the readers (history, replays) share these steps
so a logged turn means the same thing everywhere.
"""
from django.db import connections, router

from games import engine
from games.models import Game, Turn
from marcomage.prepared import execute_hot

from .errors import GameError

# A logged ending's action and the engine's outcome for it.
ENDING_OUTCOMES = {"surrender": "Surrender", "abort": "Abort", "finish": "Abandon"}
ENDING_ACTIONS = {outcome: action for action, outcome in ENDING_OUTCOMES.items()}


# The log's columns but the number, which the INSERT works out itself.
_APPENDED_FIELDS = [field for field in Turn._meta.concrete_fields
                    if not field.primary_key and field.name != "number"]
_APPEND_SQL: dict = {}  # database alias -> the INSERT


def _append_sql(connection) -> str:
    sql = _APPEND_SQL.get(connection.alias)
    if sql is None:
        quote = connection.ops.quote_name
        table = quote(Turn._meta.db_table)
        number = quote(Turn._meta.get_field("number").column)
        game = quote(Turn._meta.get_field("game").column)
        columns = ", ".join(quote(field.column) for field in _APPENDED_FIELDS)
        places = ", ".join(["%s"] * len(_APPENDED_FIELDS))
        sql = _APPEND_SQL[connection.alias] = (
            f"INSERT INTO {table} ({columns}, {number}) VALUES ({places}, "
            f"COALESCE((SELECT MAX({number}) FROM {table} WHERE {game} = %s), 0) + 1)")
    return sql


def turn_log_append(game: Game, **values) -> None:
    """Add a line to the game's Turn log (``values``: Turn fields), numbered next by the
    INSERT itself. The caller holds the game row's lock, so no other line can take the
    number.

    One statement written once per database: ``Turn.objects.create`` compiled the INSERT
    with its numbering subquery again on every move, 8 % of a server process's CPU at 400
    games (py-spy --gil), more than running it. Each value still goes through its field
    (defaults, JSON, the creation time), as ``create`` would.
    """
    turn = Turn(game=game, number=0, **values)
    connection = connections[router.db_for_write(Turn)]
    params = [field.get_db_prep_save(field.pre_save(turn, True), connection)
              for field in _APPENDED_FIELDS]
    with connection.cursor() as cursor:
        execute_hot(cursor, _append_sql(connection), [*params, game.pk])


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
