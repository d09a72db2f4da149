"""Turn execution (spec §5, §6): the exact order of one play or discard."""
from operator import sub

from . import draws
from .constants import LONG, NORMAL
from .context import Ctx
from .legality import check_action
from .rng import Rng
from .victory import check_victory

_new = object.__new__
_ZERO8 = (0, 0, 0, 0, 0, 0, 0, 0)


class TurnResult:
    """Outcome of ``play``/``discard``: the new ``state`` and a JSON-able ``record``.

    The record (actor, action, position, card, mode, extra_turn, round, changes,
    card_stats, awards, production, next_card, status, winner, outcome) is built
    on first access.
    """

    __slots__ = ("state", "_record", "_args")

    def __init__(self, state, record=None, args=None):
        self.state = state
        self._record = record
        self._args = args

    @property
    def record(self):
        if self._record is None:
            self._record = make_record(self.state, *self._args)
            self._args = None
        return self._record

    def __repr__(self):
        return "TurnResult(%r)" % (self.record,)


def apply_limits(st):
    """§6 game limits on both players."""
    lim = LONG if st.long_mode else NORMAL
    mt = lim.max_tower
    mw = lim.max_wall
    for P in st.p:
        t, w, q, m, d, br, ge, re = a = P.a
        if (0 <= t <= mt and 0 <= w <= mw and q >= 1 and m >= 1 and d >= 1 and br >= 0
                and ge >= 0 and re >= 0):
            t0, t1, t2 = P.tok
            if 0 <= t0 <= 100 and 0 <= t1 <= 100 and 0 <= t2 <= 100:
                continue  # the usual case: everything within the limits
        v = a[0]
        if v < 0:
            a[0] = 0
        elif v > mt:
            a[0] = mt
        v = a[1]
        if v < 0:
            a[1] = 0
        elif v > mw:
            a[1] = mw
        if a[2] < 1:
            a[2] = 1
        if a[3] < 1:
            a[3] = 1
        if a[4] < 1:
            a[4] = 1
        if a[5] < 0:
            a[5] = 0
        if a[6] < 0:
            a[6] = 0
        if a[7] < 0:
            a[7] = 0
        t = P.tok
        if 0 <= t[0] <= 100 and 0 <= t[1] <= 100 and 0 <= t[2] <= 100:
            continue  # the usual case: no counter out of range
        for i in range(3):
            v = t[i]
            if v < 0:
                t[i] = 0
            elif v > 100:
                t[i] = 100


def run_turn(st, seat, slot, mode, is_play, preview=False):
    """Execute one validated action on ``st`` in place; returns the turn Ctx.

    With ``preview`` the turn stops after production and changes (§5.5 step 4):
    the played slot then shows the effect-chosen next card, if any.
    """
    return _turn(st, st, seat, slot, mode, is_play, preview)


def _turn(src, st, seat, slot, mode, is_play, preview):
    """One turn of ``seat`` on ``src``, written to ``st``: ``src`` itself (in place) or a
    fresh copy of its game-wide fields (``play``/``discard``). Either way the turn gives
    ``st`` two new PlayerStates, so the players of ``src`` are never changed and serve
    as the turn-start snapshots (new flags, attributes, counters) without copies."""
    A0 = src.p[seat]
    B0 = src.p[1 - seat]
    cards = src.cards  # the game's card table: every card of the turn is looked up in it
    last = A0.hist[-1]
    extra = last[2] == "play" and cards[last[0]].playagain
    if extra:
        # a Quick/Swift chain goes on: nothing of the round is reset
        A = A0.clone()
        B = B0.clone()
    else:
        A = A0.clone_new_round(True)
        B = B0.clone_new_round(False)
        st.rsc = [A0.changes, B0.changes] if seat == 0 else [B0.changes, A0.changes]
    if seat == 0:
        st.p = [A, B]
    else:
        st.p = [B, A]
    ctx = _new(Ctx)
    ctx.st = st
    ctx.cards = cards
    rng = st.rng
    own_rng = type(rng) is int  # the state's own generator (else one a tool injected)
    if own_rng:
        rng = _new(Rng)  # Rng(st.rng) without a call of its __init__
        rng.s = st.rng & 0xFFFFFFFFFFFFFFFF
    ctx.rng = rng
    ctx.seat = seat
    ctx.slot = slot
    ctx.mode = mode
    card = ctx.card = cards[A0.hand[slot]]
    ctx.extra = extra
    ctx.A0 = A0
    ctx.B0 = B0
    ctx.A = A
    ctx.B = B
    ctx.next_card = -1
    ctx.next_rev = False
    prod = ctx.prod = [1, 1, 1]
    ctx.again = False
    events = ctx.events = []
    a = A.a
    b = B.a
    cid = card.id
    if is_play:
        a[5] -= card.bricks
        a[6] -= card.gems
        a[7] -= card.recruits
        base_a = a.copy()
        names = A.tok_names
        if card.token_kws:
            hand_a = A.hand
            for name, basic, bonus in card.token_kws:
                if name in names:
                    others = -1
                    for c in hand_a:
                        if name in cards[c].kw:
                            others += 1
                    if hand_a[slot] != cid:
                        others += 1
                    A.tok[names.index(name)] += basic + bonus * others
        if card.effect is not None:
            card.effect(ctx)
            # an effect may have replaced the lists
            a = A.a
            b = B.a
        apply_limits(st)
        triggered = ()
        if card.kw_phase:
            triggered = []
            ran = False  # a keyword effect ran (else the second apply_limits is a no-op)
            for name, token, fn in card.kw_phase:
                if token:
                    if name not in names:
                        continue
                    i = names.index(name)
                    if A.tok[i] >= 100:
                        A.tok[i] = 0
                        triggered.append(i)
                        fn(ctx)
                        ran = True
                else:
                    fn(ctx)
                    ran = True
            if ran:
                apply_limits(st)
        # token changes; most turns leave the counters alone (cheap list compare first)
        tn = A.tok
        tok_a = A0.tok
        if tn != tok_a:
            tc = A.tok_ch
            for i in range(3):
                tc[i] += tn[i] - tok_a[i]
        tn = B.tok
        tok_b = B0.tok
        if tn != tok_b:
            tc = B.tok_ch
            for i in range(3):
                tc[i] += tn[i] - tok_b[i]
        for i in triggered:
            if A.tok_ch[i] == 0:
                A.tok_ch[i] = -100
        # production
        a[5] += prod[0] * a[2]
        a[6] += prod[1] * a[3]
        a[7] += prod[2] * a[4]
    else:
        base_a = A0.a
        # production (a discard leaves the factors at 1)
        a[5] += a[2]
        a[6] += a[3]
        a[7] += a[4]
    # accumulate this turn's changes (B is often untouched: skip it then)
    if extra:
        A.changes = [c + x - y for c, x, y in zip(A.changes, a, base_a)]
        if b != B0.a:
            B.changes = [c + x - y for c, x, y in zip(B.changes, b, B0.a)]
    elif is_play:
        # a new round: the changes start from zero
        A.changes = list(map(sub, a, base_a))
        if b != B0.a:
            B.changes = list(map(sub, b, B0.a))
    else:
        # a discard in a new round: its production is all it changes
        A.changes = [0, 0, 0, 0, 0, a[2], a[3], a[4]]
    if preview:
        if is_play and ctx.next_card > 0:
            A.hand[slot] = ctx.next_card
        return ctx
    # refill the played slot (hand.place without its cases that cannot arise here: the
    # old card is the one played or discarded, so nothing is logged as discarded)
    if is_play:
        nc = ctx.next_card
        if nc != 0:
            if nc > 0:
                reveal = ctx.next_rev if st.hidden else False
            else:
                if card.playagain:
                    nc = draws.no_rare(rng, A.deck, A.hand, slot, events)
                else:
                    nc = draws.type_random(rng, A.deck, A.hand, slot, events)
                reveal = False
            A.hand[slot] = nc
            A.new[slot] = True
            A.rev[slot] = reveal
        A.hist = A.hist + [(cid, mode, "play")] if extra else [(cid, mode, "play")]
    else:
        nc = draws.different(rng, A.deck, A.hand, slot, events)
        if not (cid and cards[cid].cursed):  # a Cursed card cannot leave the hand
            A.hand[slot] = nc
        A.hist = A.hist + [(cid, 0, "discard")] if extra else [(cid, 0, "discard")]
        A.new[slot] = True
        A.rev[slot] = False
    res = check_victory(st, seat)
    if res is not None:
        st.status = "finished"
        st.winner, st.outcome = res
    nxt = seat if (ctx.again and is_play) else 1 - seat
    st.current = nxt
    if nxt != seat:
        st.round += 1
    st.turns += 1
    if own_rng:
        st.rng = rng.s
    return ctx


def _card_stats(events):
    stats = {}
    for kind, cid in events:
        d = stats.get(cid)
        if d is None:
            d = stats[cid] = {}
        d[kind] = d.get(kind, 0) + 1
    return stats


def _awards(st, seat, is_play, ctx):
    """The award counters of a play (§5.5), from the changes it made: facilities, tower
    and wall built, enemy tower and wall destroyed, a rare card played. None in friendly
    games and for a discard."""
    awards = {}
    if not is_play or st.friendly:
        return awards
    if ctx.card.rank == 2:
        awards["rares"] = 1
    # the changes before this turn's own: none in a new round
    before_a, before_b = ((ctx.A0.changes, ctx.B0.changes) if ctx.extra
                          else (_ZERO8, _ZERO8))
    after_a = st.p[seat].changes
    after_b = st.p[1 - seat].changes
    for i, key in ((2, "quarry"), (3, "magic"), (4, "dungeons"), (0, "tower"), (1, "wall")):
        d = after_a[i] - before_a[i]
        if d > 0:
            awards[key] = d
    d = after_b[0] - before_b[0]
    if d < 0:
        awards["tower_damage"] = -d
    d = after_b[1] - before_b[1]
    if d < 0:
        awards["wall_damage"] = -d
    return awards


def make_record(st, seat, position, mode, is_play, ctx):
    A = st.p[seat]
    B = st.p[1 - seat]
    return {
        "actor": seat,
        "action": "play" if is_play else "discard",
        "position": position,
        "card": ctx.card.id,
        "mode": mode if is_play else 0,
        "extra_turn": st.current == seat and st.status == "in progress",
        "round": st.round,
        "changes": [A.changes[:], B.changes[:]] if seat == 0 else [B.changes[:], A.changes[:]],
        # the draws, then the action itself
        "card_stats": _card_stats(ctx.events + [("play" if is_play else "discard",
                                                  ctx.card.id)]),
        "awards": _awards(st, seat, is_play, ctx),
        "production": ctx.prod[:],
        "next_card": ctx.next_card,
        "status": st.status,
        "winner": st.winner,
        "outcome": st.outcome,
    }


def play(state, seat, position, mode=0):
    """Play the card at ``position`` (1..8) with ``mode``; returns TurnResult (input untouched)."""
    slot = check_action(state, seat, "play", position, mode)
    st = state.copy_shell()
    ctx = _turn(state, st, seat, slot, mode, True, False)
    result = _new(TurnResult)  # (TurnResult(st, None, args) without a call of its __init__)
    result.state = st
    result._record = None
    result._args = (seat, position, mode, True, ctx)
    return result


def discard(state, seat, position):
    """Discard the card at ``position`` (1..8); returns TurnResult (input untouched)."""
    slot = check_action(state, seat, "discard", position)
    st = state.copy_shell()
    ctx = _turn(state, st, seat, slot, 0, False, False)
    result = _new(TurnResult)
    result.state = st
    result._record = None
    result._args = (seat, position, 0, False, ctx)
    return result
