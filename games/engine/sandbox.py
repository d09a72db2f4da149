"""Sandbox tools (spec §13 AIMode): after the tutorial, games against the standard AI let
the player change the board at will.

Each tool is a pure function: it returns a new state and leaves the input alone, or raises
``EngineError`` with a stable code (``game_over``, ``bad_seat``, ``bad_position``,
``unknown_card``, ``bad_attribute``, ``bad_value``). Who may use the tools is the web
side's business. The tools change only what they say: no turn passes, no production, no
discard pile or card statistic, no change markers, and the random generator is not used.
Victory is not checked here: the end of the next turn checks it as after every turn (§12.1).
"""
from .cards.model import card_in
from .constants import ATTRS
from .errors import EngineError

# Upper bound for facilities and stock (the rules have none; it keeps numbers sane).
SANDBOX_MAX = 999
FACILITIES = ("quarry", "magic", "dungeons")
STOCK = ("bricks", "gems", "recruits")


def _check(state, seat):
    if state.status != "in progress":
        raise EngineError("game_over", "The game is over.")
    if seat not in (0, 1) or isinstance(seat, bool):
        raise EngineError("bad_seat", "Choose your side or the computer's.")


def attribute_range(state, name):
    """(lowest, highest) value the sandbox accepts for attribute ``name`` (§6 limits)."""
    lim = state.limits
    if name == "tower":
        return 0, lim.max_tower
    if name == "wall":
        return 0, lim.max_wall
    if name in FACILITIES:
        return 1, SANDBOX_MAX
    if name in STOCK:
        return 0, SANDBOX_MAX
    raise EngineError("bad_attribute", "Choose one of the eight attributes.")


def sandbox_put_card(state, seat, position, card_id, *, reveal=False):
    """Put card ``card_id`` (any real catalogue card, or a proposed card this game holds)
    into slot ``position`` (1-8) of ``seat``'s hand. The card replaces the old one outright
    (no Cursed redirect, nothing goes to a discard pile), gets the new flag like a placed
    card (§7.1) and is revealed only when ``reveal`` is set in hidden-cards mode (revealed
    flags exist only there).
    """
    _check(state, seat)
    if type(position) is not int or not 1 <= position <= 8:
        raise EngineError("bad_position", "Choose a slot from 1 to 8.")
    if card_id == 0 or card_in(state.cards, card_id) is None:  # (the game's own cards only)
        raise EngineError("unknown_card", "There is no such card.")
    st = state.clone()
    P = st.p[seat]
    P.hand[position - 1] = card_id
    P.new[position - 1] = True
    P.rev[position - 1] = bool(reveal and st.hidden)
    return st


def sandbox_set_attribute(state, seat, name, value):
    """Set ``seat``'s attribute ``name`` to ``value`` within ``attribute_range``."""
    _check(state, seat)
    if name not in ATTRS:
        raise EngineError("bad_attribute", "Choose one of the eight attributes.")
    low, high = attribute_range(state, name)
    if type(value) is not int or not low <= value <= high:
        raise EngineError("bad_value", "%s must be a whole number from %d to %d."
                          % (name.capitalize(), low, high))
    st = state.clone()
    st.p[seat].a[ATTRS.index(name)] = value
    return st


def sandbox_set_hidden(state, hidden):
    """Switch hidden-cards mode on or off. Every revealed flag is cleared either way: with
    the mode off they mean nothing, and switched on it starts with both hands face down."""
    _check(state, 0)
    st = state.clone()
    st.hidden = bool(hidden)
    for P in st.p:
        P.rev = [False] * 8
    return st
