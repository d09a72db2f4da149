"""Which actions are legal (spec §4): the one place the rules of legality are written.

``legal_actions`` lists every allowed move of a seat; ``check_action`` refuses any other
move with the ``EngineError`` of the first rule it breaks (in the order of §4, which the
conformance vectors record). Both read the same rule functions below, so the engine's
validation, the AI's candidate moves and any tool enumerating moves cannot disagree.
"""
from collections import namedtuple

from .errors import EngineError

Action = namedtuple("Action", "kind position mode")
Action.__doc__ = ("A move of one seat: kind 'play' or 'discard', position 1..8, mode "
                  "(1..modes for a card with modes, else 0; always 0 for a discard).")

POSITIONS = range(1, 9)
ANY_MODE = object()  # for play_refusal: the card in any of its valid modes

# The errors, built once: refusing is common in enumeration and cheap this way.
_GAME_OVER = ("game_over", "The game is not in progress.")
_NOT_YOUR_TURN = ("not_your_turn", "It is not your turn.")
_BAD_POSITION = ("bad_position", "Hand position must be 1..8.")
_INSUFFICIENT = ("insufficient_resources", "Insufficient resources!")
_BAD_MODE = ("bad_mode", "Bad mode!")
_RARE = ("rare_in_challenge", "Rare cards cannot be played in an AI challenge.")

# The Action objects are shared, not built per call: enumeration runs on every turn of the
# AI and of the benchmarks.
_DISCARDS = tuple(Action("discard", p, 0) for p in POSITIONS)


def _plays_of(card):
    """Per position 1..8, the plays of ``card`` in every valid mode (kept as ``card.plays``)."""
    modes = [m for m in range(card.modes + 1) if mode_refusal(card, m) is None]
    plays = card.plays = tuple(tuple(Action("play", p, m) for m in modes)
                               for p in POSITIONS)
    return plays


# ---------------------------------------------------------------- the rules (§4)
def turn_refusal(st, seat):
    """(code, message) when ``seat`` may not act at all now, else None."""
    if st.status != "in progress":
        return _GAME_OVER
    if seat != st.current:
        return _NOT_YOUR_TURN
    return None


def mode_refusal(card, mode):
    """(code, message) unless ``mode`` is 1..modes for a card with modes, 0 otherwise."""
    if card.modes:
        if not isinstance(mode, int) or not 1 <= mode <= card.modes:
            return _BAD_MODE
    elif mode != 0:
        return _BAD_MODE
    return None


def play_refusal(st, seat, card, mode):
    """(code, message) when ``seat`` may not play ``card`` in ``mode``, else None.

    The rules of a play, in the order the original checks them: the cost, the mode
    (``mode_refusal``; not checked for ``ANY_MODE``, which stands for each valid mode:
    no other rule depends on the mode), then ``card_refusal``'s other rules.
    """
    refusal = card_refusal(st.p[seat].a, bool(st.ai_challenge) and seat == 0, card)
    if refusal is _INSUFFICIENT or mode is ANY_MODE:
        return refusal
    return mode_refusal(card, mode) or refusal


def card_refusal(a, rare_banned, card):
    """(code, message) when a player with attributes ``a`` may not play ``card`` in any
    mode, else None: the cost, the human's rare cards in an AI challenge (``rare_banned``:
    seat 0 of an AI challenge), and our own rule: a card without an effect yet cannot be
    played."""
    if a[5] < card.bricks or a[6] < card.gems or a[7] < card.recruits:
        return _INSUFFICIENT
    if rare_banned and card.rank == 2:
        return _RARE
    if not card.implemented:
        return ("card_unimplemented", "Card %d (%s) is not implemented yet."
                % (card.id, card.name))
    return None


# ---------------------------------------------------------------- the two uses
def check_action(st, seat, kind, position, mode=0):
    """Raise ``EngineError`` for a refused action; returns the 0-based hand slot.

    ``kind`` is "play" or "discard" (a discard has no cost and no mode: its mode is not
    checked and is recorded as 0).
    """
    if (st.status == "in progress" and seat == st.current and type(position) is int
            and 0 < position < 9):
        # the usual case, read at once: an accepted action of the seat to move (the
        # rules below, written out; any doubt goes on to the rule functions)
        if kind != "play":
            return position - 1
        a = st.p[seat].a
        card = st.cards[st.p[seat].hand[position - 1]]
        if (card.bricks <= a[5] and card.gems <= a[6] and card.recruits <= a[7]
                and card.implemented and type(mode) is int
                and (1 <= mode <= card.modes if card.modes else mode == 0)
                and not (card.rank == 2 and seat == 0 and st.ai_challenge)):
            return position - 1
    refusal = turn_refusal(st, seat)
    if refusal is None:
        if not isinstance(position, int) or position not in POSITIONS:
            refusal = _BAD_POSITION
        elif kind == "play":
            refusal = play_refusal(st, seat, st.cards[st.p[seat].hand[position - 1]], mode)
    if refusal is not None:
        raise EngineError(*refusal)
    return position - 1


def legal_actions(state, seat):
    """Every action ``seat`` may take now: the plays (slot order, every valid mode of a
    card with modes, ascending), then the eight discards. Empty when the game is over or
    it is not ``seat``'s turn. Each of them is accepted by ``play``/``discard``; any other
    action is refused with an ``EngineError``.
    """
    if state.status != "in progress" or seat != state.current:  # turn_refusal
        return []
    P = state.p[seat]
    a = P.a
    bricks, gems, recruits = a[5], a[6], a[7]
    rare_banned = seat == 0 and bool(state.ai_challenge)
    cards = state.cards
    out = []
    slot = 0
    for cid in P.hand:
        card = cards[cid]
        # card_refusal(a, rare_banned, card) is None, written out (this loop runs for
        # every slot of every position the AI and the benchmarks look at)
        if (card.bricks <= bricks and card.gems <= gems and card.recruits <= recruits
                and card.implemented and not (rare_banned and card.rank == 2)):
            out += (card.plays or _plays_of(card))[slot]
        slot += 1
    out += _DISCARDS
    return out
