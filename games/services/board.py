"""What a player's browser may see of a game, shaped for the templates.

Everything here is built from ``engine.view_for(state, seat)``: the board, the history
steps and the replays' sides. Nothing else of the state reaches a page.
"""
from games import engine
from games.models import Game

from .turn_log import state_after_turns

ATTRIBUTES = (
    ("tower", "Tower"), ("wall", "Wall"),
    ("quarry", "Quarry"), ("magic", "Magic"), ("dungeons", "Dungeons"),
    ("bricks", "Bricks"), ("gems", "Gems"), ("recruits", "Recruits"),
)
# The resource each facility makes and each stock holds (the board's icons).
RESOURCE_OF = {"quarry": "bricks", "bricks": "bricks", "magic": "gems", "gems": "gems",
               "dungeons": "recruits", "recruits": "recruits"}


def limits_of(state) -> dict:
    """The mode's limits, as the board shows them."""
    limits = engine.limits_for(state.long_mode)
    return {"max_tower": limits.max_tower, "max_wall": limits.max_wall,
            "res_victory": limits.res_victory, "timeout": limits.timeout}


# The castle picture (games/_castle.html): a viewBox of CASTLE_W × CASTLE_H, the ground at
# CASTLE_GROUND; a tower at the mode's victory height is TOWER_SPAN high, a wall at the
# mode's most WALL_SPAN (it stands in front, lower, as in the original's picture).
CASTLE_GROUND, TOWER_SPAN, WALL_SPAN = 140, 100, 62


def castle_for(attrs, changes, limits: dict) -> dict:
    """Heights and tops (viewBox units) of the tower and the wall, to scale with the
    mode's limits, and the last turn's change of each."""
    tower_h = round(TOWER_SPAN * min(max(attrs["tower"], 0), limits["max_tower"])
                    / limits["max_tower"])
    wall_h = round(WALL_SPAN * min(max(attrs["wall"], 0), limits["max_wall"])
                   / limits["max_wall"])
    return {"tower_h": tower_h, "tower_top": CASTLE_GROUND - tower_h,
            "wall_h": wall_h, "wall_top": CASTLE_GROUND - wall_h,
            "goal_y": CASTLE_GROUND - TOWER_SPAN, "ground": CASTLE_GROUND,
            "tower_change": changes["tower"], "wall_change": changes["wall"]}


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
                        "change": changes[key], "resource": RESOURCE_OF.get(key, "")}
                       for key, label in ATTRIBUTES],
        "values": attrs,
        "hand": hand,
        "tokens": [t for t in view_player["tokens"] if t["name"] != "none"],
        "last_cards": view_player["history"],
        "discarded_own": view_player["discarded"][0],
        "discarded_other": view_player["discarded"][1],
        "mine": mine,
        "castle": castle_for(attrs, changes, limits),
        "stock": attrs["bricks"] + attrs["gems"] + attrs["recruits"],
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


# ---------------------------------------------------------------- announcements
# What a screen reader hears when the opponent's move arrives: the cards and the changes
# of the last turn in words (the board's own "changes", from the engine's view).
ATTRIBUTE_WORDS = dict(ATTRIBUTES)


def last_actor(board: dict):
    """The seat that made the board's last turn, or None before the first one.

    A turn ends with the other seat on turn, except after a card that plays again (the
    engine's rule: the actor's last card of the turn is then such a card)."""
    current = board["current"]
    if current is None:
        return None
    sides = {board["seat"]: board["me"], 1 - board["seat"]: board["opponent"]}
    cards = sides[current]["last_cards"]
    actor = current if (cards and cards[-1]["action"] == "play" and cards[-1]["card"]
                        and engine.card(cards[-1]["card"]).playagain) else 1 - current
    return actor if any(h["card"] for h in sides[actor]["last_cards"]) else None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def _changes_in_words(side: dict, owner: str) -> list:
    return [f"{owner} {ATTRIBUTE_WORDS[a['key']].lower()} {_signed(a['change'])}"
            for a in side["attributes"] if a["change"]]


def move_announcement(board: dict, *, opponent_name: str) -> str:
    """The opponent's last turn in words ("bob played Burglar: your gems −2; bob's gems
    +2"), "" when the last turn was this player's own or there was none yet."""
    if board is None or last_actor(board) != 1 - board["seat"]:
        return ""
    them = board["opponent"]
    moves = []
    for h in them["last_cards"]:
        if not h["card"]:
            continue
        name = engine.card(h["card"]).name
        if h["action"] == "discard":
            moves.append(f"discarded {name}")
        else:
            moves.append(f"played {name}" + (f" (mode {h['mode']})" if h["mode"] else ""))
    changes = (_changes_in_words(board["me"], "your")
               + _changes_in_words(them, f"{opponent_name}'s"))
    return (f"{opponent_name} {', then '.join(moves)}: "
            + ("; ".join(changes) if changes else "nothing changed") + ".")


def end_announcement(board: dict, *, opponent_name: str, outcome_label: str) -> str:
    """The end of the game in words, for the screen reader ("" while it runs)."""
    if board is None or board["running"]:
        return ""
    winner = board["winner_seat"]
    if winner is None:
        who = "it is a draw"
    elif winner == board["seat"]:
        who = "you won"
    else:
        who = f"{opponent_name} won"
    return f"The game is over: {who} ({outcome_label.lower()})."
