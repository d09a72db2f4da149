"""The pieces of a board as the templates show it: a side (attributes, hand, tokens, the
castle), the mode's limits, the turn a step shows.

Everything here is built from an entry of ``engine.view_for(state, seat)``: nothing else
of the state reaches a page. The game page's board (games.game.board), the spectators'
(spectators) and the replays' (games.replays.selectors) are put together from them.
"""
from games import engine

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


def side_for(view_player, *, card, limits: dict, mine: bool, playable=frozenset()) -> dict:
    """One side of the board from one seat's entry of ``engine.view_for``.

    ``card``: the game's card lookup (``state.card``: a game may hold proposed cards of its
    own, which no catalogue has). ``playable``: the hand positions the engine's
    ``legal_actions`` lets this seat play now. Each of the last cards says its name and
    whether it plays again (the screen reader's words, games.game.board).
    """
    attrs = view_player["attributes"]
    changes = view_player["changes"]
    hand = []
    for index, cid in enumerate(view_player["hand"]):
        slot = {"position": index + 1, "card": cid, "new": view_player["new"][index],
                "revealed": view_player["revealed"][index], "modes": 0, "affordable": False,
                "playable": False}
        if cid is not None:
            c = card(cid)
            affordable = (c.bricks <= attrs["bricks"] and c.gems <= attrs["gems"]
                          and c.recruits <= attrs["recruits"])
            slot["modes"] = c.modes
            slot["mode_choices"] = list(range(1, c.modes + 1))
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
        "last_cards": [{**h, "name": card(h["card"]).name if h["card"] else "",
                        "playagain": bool(h["card"]) and card(h["card"]).playagain}
                       for h in view_player["history"]],
        "discarded_own": view_player["discarded"][0],
        "discarded_other": view_player["discarded"][1],
        "mine": mine,
        "castle": castle_for(attrs, changes, limits),
        "stock": attrs["bricks"] + attrs["gems"] + attrs["recruits"],
        "tower_pct": min(100, round(100 * attrs["tower"] / limits["max_tower"])),
        "wall_pct": min(100, round(100 * attrs["wall"] / limits["max_wall"])),
    }


def shown_turn(turns, step):
    """The logged turn that led to ``step`` and the card it showed (None, None at step 0)."""
    shown = turns[step - 1] if step else None
    card = shown.card if shown and shown.action in ("play", "discard") else None
    return shown, card
