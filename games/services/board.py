"""What a player's browser may see of a game, shaped for the templates.

Everything here is built from ``engine.view_for(state, seat)``: the board, the history
steps, the replays' sides and the play suggestion. Nothing else of the state reaches a
page.
"""
from games import engine
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game

from .turn_log import state_after_turns

ATTRIBUTES = (
    ("tower", "Tower"), ("wall", "Wall"),
    ("quarry", "Quarry"), ("magic", "Magic"), ("dungeons", "Dungeons"),
    ("bricks", "Bricks"), ("gems", "Gems"), ("recruits", "Recruits"),
)


def limits_of(state) -> dict:
    """The mode's limits, as the board shows them."""
    limits = engine.limits_for(state.long_mode)
    return {"max_tower": limits.max_tower, "max_wall": limits.max_wall,
            "res_victory": limits.res_victory, "timeout": limits.timeout}


def side_for(view_player, *, limits: dict, mine: bool, playable=frozenset()) -> dict:
    """One side of the board from one seat's entry of ``engine.view_for``.

    ``playable``: the hand positions the engine's ``legal_actions`` lets this seat play now.
    """
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
            slot["playable"] = index + 1 in playable
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
        "tower_pct": min(100, round(100 * attrs["tower"] / limits["max_tower"])),
        "wall_pct": min(100, round(100 * attrs["wall"] / limits["max_wall"])),
    }


def board_for(game: Game, seat: int, *, state_json=None) -> dict:
    """The board as ``seat`` sees it (0/1); state_json overrides the game's current state."""
    state = engine.state_from_json(state_json or game.state)
    view = engine.view_for(state, seat)
    limits = limits_of(state)
    running = view["status"] == "in progress"
    my_turn = running and view["current"] == seat
    playable = frozenset(action.position for action in engine.legal_actions(state, seat)
                         if action.kind == "play") if my_turn else frozenset()
    me = side_for(view["players"][seat], limits=limits, mine=True, playable=playable)
    opponent = side_for(view["players"][1 - seat], limits=limits, mine=False)
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
        "limits": limits,
        "winner_seat": view["winner"],
        "outcome": view["outcome"],
    }


def suggestion_seed(game: Game) -> int:
    """The suggestion's random seed: fixed for one board (game id and version), unrelated to
    the game's own generator."""
    return (game.pk << 32) ^ game.version ^ 0x5EED_5EED


def play_suggestion(game: Game, seat: int, level: int):
    """The computer's advice for a tutorial player on their own turn (§14.4), or None: the
    Hard level with a small budget (``engine.suggest_action``, a few milliseconds).

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


def shown_turn(turns, step):
    """The logged turn that led to ``step`` and the card it showed (None, None at step 0)."""
    shown = turns[step - 1] if step else None
    card = shown.card if shown and shown.action in ("play", "discard") else None
    return shown, card


def history_for(game: Game, seat: int, step: int) -> dict:
    """The board as it stood after ``step`` logged turns (0 = the start), for ``seat``.

    The game is replayed from its initial state through the engine, so the same masking
    as on the live board applies at every step.
    """
    turns, step, state = state_after_turns(game, step)
    board = board_for(game, seat, state_json=engine.state_to_json(state))
    shown, card = shown_turn(turns, step)
    return {"board": board, "step": step, "steps": len(turns), "turn": shown,
            "turn_card": card}
