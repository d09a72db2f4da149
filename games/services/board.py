"""What a player's browser may see of a game, shaped for the templates.

Everything here is built from ``engine.view_for(state, seat)``: the board, the
history steps and the preview. Nothing else of the state reaches a page.
"""
from games import engine
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game, Turn

from .errors import GameError

ATTRIBUTES = (
    ("tower", "Tower"), ("wall", "Wall"),
    ("quarry", "Quarry"), ("magic", "Magic"), ("dungeons", "Dungeons"),
    ("bricks", "Bricks"), ("gems", "Gems"), ("recruits", "Recruits"),
)
FACILITY_OF = {"bricks": "quarry", "gems": "magic", "recruits": "dungeons"}


def _card_costs(cid):
    card = engine.card(cid)
    return card


def _side(view_player, *, mine: bool, can_act: bool, ai_challenge_human: bool):
    attrs = view_player["attributes"]
    changes = view_player["changes"]
    hand = []
    for index, cid in enumerate(view_player["hand"]):
        slot = {"position": index + 1, "card": cid, "new": view_player["new"][index],
                "revealed": view_player["revealed"][index], "modes": 0, "affordable": False,
                "playable": False}
        if cid is not None:
            card = engine.card(cid)
            affordable = (card.bricks <= attrs["bricks"] and card.gems <= attrs["gems"]
                          and card.recruits <= attrs["recruits"])
            slot["modes"] = card.modes
            slot["mode_choices"] = list(range(1, card.modes + 1))
            slot["affordable"] = affordable
            slot["playable"] = (can_act and affordable and card.implemented
                                and not (ai_challenge_human and card.rank == 2))
        hand.append(slot)
    return {
        "attributes": [{"key": key, "label": label, "value": attrs[key],
                        "change": changes[key]} for key, label in ATTRIBUTES],
        "values": attrs,
        "hand": hand,
        "tokens": [t for t in view_player["tokens"] if t["name"] != "none"],
        "last_cards": view_player["history"],
        "discarded_own": view_player["discarded"][0],
        "discarded_other": view_player["discarded"][1],
        "mine": mine,
    }


def board_for(game: Game, seat: int, *, state_json=None) -> dict:
    """The board as ``seat`` sees it (0/1); state_json overrides the game's current state."""
    state = engine.state_from_json(state_json or game.state)
    view = engine.view_for(state, seat)
    limits = engine.limits_for(state.long_mode)
    running = view["status"] == "in progress"
    my_turn = running and view["current"] == seat
    me = _side(view["players"][seat], mine=True, can_act=my_turn,
               ai_challenge_human=bool(state.ai_challenge) and seat == 0)
    opponent = _side(view["players"][1 - seat], mine=False, can_act=False,
                     ai_challenge_human=False)
    for side in (me, opponent):
        side["tower_pct"] = min(100, round(100 * side["values"]["tower"] / limits.max_tower))
        side["wall_pct"] = min(100, round(100 * side["values"]["wall"] / limits.max_wall))
    return {
        "seat": seat,
        "me": me,
        "opponent": opponent,
        "round": view["round"],
        "current": view["current"],
        "my_turn": my_turn,
        "opponent_on_turn": running and view["current"] != seat,
        "running": running,
        "modes": view["modes"],
        "limits": {"max_tower": limits.max_tower, "max_wall": limits.max_wall,
                   "res_victory": limits.res_victory, "timeout": limits.timeout},
        "winner_seat": view["winner"],
        "outcome": view["outcome"],
    }


def suggestion_seed(game: Game) -> int:
    """The suggestion's random seed: fixed for one board (game id and version), unrelated to
    the game's own generator."""
    return (game.pk << 32) ^ game.version ^ 0x5EED_5EED


def play_suggestion(game: Game, seat: int, level: int):
    """The standard AI's move for a tutorial player on their own turn (§14.4), or None.

    ``{"kind": "play"|"discard", "position": 1..8, "mode": n, "card": id, "name": str}``,
    computed by the engine from what ``seat`` may see only (never the opponent's hidden
    cards, a deck of the opponent or the game's random state).
    """
    if (level >= TUTORIAL_END_LEVEL or seat is None or game.status != Game.Status.IN_PROGRESS
            or game.current_seat != seat or game.surrender_requested_by_id is not None):
        return None
    state = engine.state_from_json(game.state)
    if state.status != "in progress" or state.current != seat:
        return None
    action = engine.suggest_action(state, seat, seed=suggestion_seed(game))
    cid = state.p[seat].hand[action.position - 1]
    return {"kind": action.kind, "position": action.position, "mode": action.mode,
            "card": cid, "name": engine.card(cid).name}


def history_for(game: Game, seat: int, step: int) -> dict:
    """The board as it stood after ``step`` logged turns (0 = the start), for ``seat``.

    The game is replayed from its initial state through the engine, so the same masking
    as on the live board applies at every step.
    """
    turns, step, state = _replayed(game, step)
    board = board_for(game, seat, state_json=engine.state_to_json(state))
    shown = turns[step - 1] if step else None
    return {"board": board, "step": step, "steps": len(turns), "turn": shown,
            "turn_card": shown.card if shown and shown.action in ("play", "discard") else None}


def replay_for(game: Game, step: int) -> dict:
    """A finished game's board after ``step`` logged turns, both hands shown (the replays).

    Only for games that are over: rules-engine.md §13 shows everything once a game is no
    longer in progress, so every step of a finished game may show both hands. Each side
    comes from the engine's view for that side's own seat, which never masks its own hand.
    """
    if game.status != Game.Status.FINISHED:
        raise GameError("This game is still being played.", code="not_finished")
    turns, step, state = _replayed(game, step)
    views = (engine.view_for(state, 0), engine.view_for(state, 1))
    limits = engine.limits_for(state.long_mode)
    running = views[0]["status"] == "in progress"
    sides = [_side(views[seat]["players"][seat], mine=seat == 0, can_act=False,
                   ai_challenge_human=False) for seat in (0, 1)]
    for side in sides:
        side["tower_pct"] = min(100, round(100 * side["values"]["tower"] / limits.max_tower))
        side["wall_pct"] = min(100, round(100 * side["values"]["wall"] / limits.max_wall))
    board = {
        "sides": sides,
        "round": views[0]["round"],
        "current": views[0]["current"],
        "running": running,
        "modes": views[0]["modes"],
        "limits": {"max_tower": limits.max_tower, "max_wall": limits.max_wall,
                   "res_victory": limits.res_victory, "timeout": limits.timeout},
        "winner_seat": views[0]["winner"],
        "outcome": views[0]["outcome"],
    }
    shown = turns[step - 1] if step else None
    return {"board": board, "step": step, "steps": len(turns), "turn": shown, "turns": turns,
            "turn_card": shown.card if shown and shown.action in ("play", "discard") else None}


def _replayed(game: Game, step: int):
    """(turns, clamped step, engine state after that many turns) from the Turn log."""
    turns = list(game.turns.order_by("number").only(
        "game", "number", "actor_seat", "action", "position", "card", "mode", "round", "record",
        "is_substitute", "is_ai_move"))
    if not game.initial_state:
        raise GameError("This game has not started yet.", code="not_started")
    step = max(0, min(step, len(turns)))
    state = engine.state_from_json(game.initial_state)
    for turn in turns[:step]:
        state = _replay(state, turn)
    return turns, step, state


def _replay(state, turn: Turn):
    try:
        if turn.action == Turn.Action.PLAY:
            return engine.play(state, turn.actor_seat, turn.position, turn.mode).state
        if turn.action == Turn.Action.DISCARD:
            return engine.discard(state, turn.actor_seat, turn.position).state
        if turn.action == Turn.Action.SANDBOX:
            from .sandbox import apply_tool

            return apply_tool(state, turn.record)
        outcome = {"surrender": "Surrender", "abort": "Abort", "finish": "Abandon"}[turn.action]
        return engine.finish_game(state, outcome=outcome, winner=turn.record.get("winner"))
    except engine.EngineError:
        # The log no longer replays (a card's effect changed since): stop here, honestly.
        raise GameError("This game's history cannot be replayed past this point.",
                        code="replay")


def card_info(cid):
    """Player-facing facts of one card (for the preview and the history)."""
    return engine.card(cid).to_dict()
