"""Helpers for engine tests: build small states directly, play one card and read the numbers."""
from games.engine import (
    ATTRS,
    GameState,
    PlayerState,
    Rng,
    card,
    cards_filter,
    discard,
    legal_actions,
    play,
)

DECK = (tuple(range(1, 16)), tuple(range(16, 31)), tuple(range(31, 46)))


def player(hand=(1, 1, 1, 1, 1, 1, 1, 1), tower=30, wall=25, quarry=3, magic=3, dungeons=3,
           bricks=15, gems=5, recruits=10, tokens=(), deck=DECK, new=None, rev=None,
           hist=None, changes=None):
    names = [n for n, _v in tokens] + [None] * (3 - len(tokens))
    vals = [v for _n, v in tokens] + [0] * (3 - len(tokens))
    return PlayerState(a=[tower, wall, quarry, magic, dungeons, bricks, gems, recruits],
                       hand=list(hand), new=list(new or [False] * 8),
                       rev=list(rev or [False] * 8), deck=deck, tok_names=names, tok=vals,
                       hist=list(hist or [(0, 0, "play")]),
                       changes=list(changes or [0] * 8))


def make_state(p0=None, p1=None, *, round=5, current=0, long_mode=False, hidden=False,
               friendly=False, seed=1, rsc=None, cards=None):
    """A game in progress; ``cards``: a card table of the test's own (default the
    catalogue's)."""
    st = GameState([p0 or player(), p1 or player()], round=round, current=current,
                   long_mode=long_mode, hidden=hidden, friendly=friendly,
                   rng=Rng(seed).s, seed=seed, rsc=rsc)
    if cards is not None:
        st.cards = cards
    return st


def with_card(c, **changes):
    """The catalogue's card table with card ``c`` changed (``CardDef.copy``), for one test's
    games: the catalogue itself never changes."""
    from games.engine.cards.model import CARDS, with_cards

    return with_cards(CARDS, [c.copy(**changes).seal()])


def attrs(P):
    return dict(zip(ATTRS, P.a))


# ---------------------------------------------------------------- card tests
# Shared by tests/engine/cards/: each card test plays one card from a hand of fillers and
# checks the numbers it changes.

FILL = 23  # Caravan: common, no keywords, zero cost (no Far sight bonus, no targets)
RARE = 17  # Earthquake (rare, Nature)
UNCOMMON = 40  # Sorrow (uncommon, Illusion)
HOLY = 366  # common Holy
BEAST = 356  # common Beast
UNLIVING = 271  # Stone archer (common, Unliving)
BURNING = 250  # Burning
RESOURCES = ("bricks", "gems", "recruits")
FACILITIES = ("quarry", "magic", "dungeons")


def stocked(amount, **overrides):
    """``player()`` overrides giving ``amount`` of each resource, then ``overrides``."""
    return {**dict.fromkeys(RESOURCES, amount), **overrides}


def play_card(cid, pos=1, mode=0, *, hand=None, me=None, enemy=None, enemy_hand=None,
              rich=50, round=6, **state):
    """Player 0 plays card ``cid`` from slot ``pos`` (1-8) in ``mode``.

    Both hands are Caravan fillers unless given (``hand`` gets ``cid`` put at ``pos``).
    The actor is the default ``player()`` with ``rich`` of each resource (``None``: the
    default 15/5/10), then ``me`` applied on top; the enemy is ``player()`` with ``enemy``.
    ``round`` (6: Aria stays quiet) and other ``state`` keywords go to ``make_state``.
    Returns (actor attrs, enemy attrs, play record, resulting state).
    """
    h = list(hand or [FILL] * 8)
    h[pos - 1] = cid
    mine = stocked(rich) if rich is not None else {}
    A = player(**{"hand": h, **mine, **(me or {})})
    B = player(**{"hand": list(enemy_hand or [FILL] * 8), **(enemy or {})})
    r = play(make_state(A, B, round=round, **state), 0, pos, mode)
    return attrs(r.state.p[0]), attrs(r.state.p[1]), r.record, r.state


def stock_tuple(x):
    """(bricks, gems, recruits) of an attrs dict."""
    return tuple(x[k] for k in RESOURCES)


def stock_total(x):
    """bricks + gems + recruits of an attrs dict."""
    return sum(stock_tuple(x))


def facility_tuple(x):
    """(quarry, magic, dungeons) of an attrs dict."""
    return tuple(x[k] for k in FACILITIES)


def resource_left(cid, res, start=50, prod=3):
    """The actor's ``res`` after paying for ``cid`` and producing ``prod`` (no effect on it)."""
    return start - getattr(card(cid), res) + prod


def net_gain(a, cid, start=50, prod=(1, 1, 1), facilities=(3, 3, 3)):
    """What the effect added to each of the actor's resources (cost and production taken out).

    ``a`` is the actor's attrs after playing ``cid`` with ``start`` of each resource;
    production is ``facility * prod`` per resource.
    """
    c = card(cid)
    return tuple(a[k] - (start - cost) - f * p
                 for k, cost, f, p in zip(RESOURCES, c.cost, facilities, prod))


def card_ids(**criteria):
    """Ids of the catalogue cards matching ``cards_filter(**criteria)``."""
    return {c.id for c in cards_filter(**criteria)}


def json_diff(before, after) -> list:
    """Paths where two JSON values differ, e.g. ["p.0.a[1]"]: lets a test check that an
    action changed exactly what it says and nothing else."""
    out = []

    def walk(a, b, path):
        if isinstance(a, dict) and isinstance(b, dict):
            for key in a.keys() | b.keys():
                walk(a.get(key), b.get(key), f"{path}.{key}")
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{path}[{i}]")
        elif a != b:
            out.append(path)

    walk(before, after, "")
    return sorted(out)


def random_walk(st, turns, rng):
    """``st`` after up to ``turns`` random legal moves drawn with ``rng`` (an engine Rng)."""
    for _ in range(turns):
        if st.status != "in progress":
            break
        kind, pos, mode = (moves := legal_actions(st, st.current))[rng.below(len(moves))]
        st = (play(st, st.current, pos, mode) if kind == "play"
              else discard(st, st.current, pos)).state
    return st
