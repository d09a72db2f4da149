"""What a seat sees of its game: the board, the board at a step of the history, and the
screen reader's words for the last turn. Reads only, for the game page and its partials
(games.game.selectors), built from ``engine.view_for(state, seat)`` with the board's
pieces (games.services.board).
"""
from games import engine
from games.models import Game
from games.services.board import ATTRIBUTES, limits_of, shown_turn, side_for
from games.services.turn_log import state_after_turns


def board_for(game: Game, seat: int, *, state_json=None) -> dict:
    """The board as ``seat`` sees it (0/1); state_json overrides the game's current state."""
    state = engine.state_from_json(state_json or game.state)
    view = engine.view_for(state, seat)
    limits = limits_of(state)
    running = view["status"] == "in progress"
    my_turn = running and view["current"] == seat
    playable = frozenset(action.position for action in engine.legal_actions(state, seat)
                         if action.kind == "play") if my_turn else frozenset()
    me = side_for(view["players"][seat], card=state.card, limits=limits, mine=True,
                  playable=playable)
    opponent = side_for(view["players"][1 - seat], card=state.card, limits=limits, mine=False)
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
    actor = current if (cards and cards[-1]["action"] == "play"
                        and cards[-1]["playagain"]) else 1 - current
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
        name = h["name"]
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
