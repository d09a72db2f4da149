"""A small declarative vocabulary for card effects (spec §19).

Every building block both *executes* (``run(ctx)`` for actions, ``ev(ctx)``
for numbers, ``test(ctx)`` for conditions) and *renders* its player-facing
text (``text()``). A card is defined once with ``card(id, block, block, ...)``;
unique mechanics use ``@custom(id, text)`` functions that receive the turn
context (see ``games/engine/context.py`` and ``cards/README.md``).
"""
from abc import ABC, abstractmethod

from .. import attributes as _at
from ..cards.model import CARDS
from ..constants import (
    ATTR_INDEX,
    ATTRS,
    FACILITIES,
    RESOURCES,
)
from ..draws import from_list
from ..hand import (  # noqa: F401  (the rarity picks are for card modules)
    highest_rarity_slot,
    lowest_rarity_slot,
    place_self,
    replace_hand,
)
from ..php import php_round
from .defining import register
from .filters import cards_filter, ids_of  # noqa: F401  (for card modules)

ME, ENEMY = 0, 1
_SIDE_WORD = ("", "enemy ")
_NAMES = {"tower": "tower", "wall": "wall", "quarry": "quarry", "magic": "magic",
          "dungeons": "dungeons", "bricks": "bricks", "gems": "gems", "recruits": "recruits",
          "stock": "stock", "facilities": "facilities"}


def _P(ctx, side):
    return ctx.A if side == ME else ctx.B


def _sgn(n):
    return ("+%s" % n) if not isinstance(n, int) or n >= 0 else ("-%d" % -n)


def _cap(s):
    return s[:1].upper() + s[1:]


# =================================================================== numbers
class Expr(ABC):
    uncertain = False

    @abstractmethod
    def ev(self, ctx): ...

    @abstractmethod
    def text(self): ...

    def __str__(self):
        return self.text()

    __hash__ = object.__hash__

    def __add__(self, o):
        return BinOp("+", self, o)

    def __radd__(self, o):
        return BinOp("+", o, self)

    def __sub__(self, o):
        return BinOp("-", self, o)

    def __rsub__(self, o):
        return BinOp("-", o, self)

    def __mul__(self, o):
        return BinOp("*", self, o)

    def __rmul__(self, o):
        return BinOp("*", o, self)

    def __truediv__(self, o):
        return Div(self, o)

    def __lt__(self, o):
        return Cmp("<", self, o)

    def __le__(self, o):
        return Cmp("<=", self, o)

    def __gt__(self, o):
        return Cmp(">", self, o)

    def __ge__(self, o):
        return Cmp(">=", self, o)

    def __eq__(self, o):
        return Cmp("=", self, o)

    def __ne__(self, o):
        return Cmp("!=", self, o)


def E(x):
    """Wrap an int as a constant expression."""
    return x if isinstance(x, Expr) else Const(x)


class Const(Expr):
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def ev(self, ctx):
        return self.v

    def text(self):
        return str(self.v)


class Attr(Expr):
    """An attribute of one side: tower, wall, quarry, ..., stock (sum), facilities (sum)."""

    def __init__(self, name, side=ME):
        self.name = name
        self.side = side
        if name == "stock":
            self.ev = self._stock
        elif name == "facilities":
            self.ev = self._fac
        else:
            self.i = ATTR_INDEX[name]

    def ev(self, ctx):
        return (ctx.A if self.side == ME else ctx.B).a[self.i]

    def _stock(self, ctx):
        a = (ctx.A if self.side == ME else ctx.B).a
        return a[5] + a[6] + a[7]

    def _fac(self, ctx):
        a = (ctx.A if self.side == ME else ctx.B).a
        return a[2] + a[3] + a[4]

    def text(self):
        w = _NAMES[self.name]
        return ("enemy " + w) if self.side == ENEMY else ("your " + w)


class KwCount(Expr):
    """Number of hand slots whose card has a keyword (played card included)."""

    def __init__(self, kw, side=ME, exclude_played=False):
        self.kw, self.side, self.excl = kw, side, exclude_played

    def ev(self, ctx):
        cards = ctx.cards
        kw = self.kw
        n = 0
        if self.side == 2:
            hands = (ctx.A.hand, ctx.B.hand)
        else:
            hands = ((ctx.A if self.side == ME else ctx.B).hand,)
        for h in hands:
            for c in h:
                if kw in cards[c].kw:
                    n += 1
        if self.excl and self.side != ENEMY:
            n -= 1
        return n

    def text(self):
        where = ("in your hand", "in the enemy's hand", "in both hands")[self.side]
        return "the number of %s cards %s" % (self.kw, where)


class RarityCount(Expr):
    def __init__(self, rarity, side=ME, exclude_played=False):
        self.rank = {"Common": 0, "Uncommon": 1, "Rare": 2}[rarity]
        self.rarity, self.side, self.excl = rarity, side, exclude_played

    def ev(self, ctx):
        cards = ctx.cards
        P = ctx.A if self.side == ME else ctx.B
        n = 0
        for i, c in enumerate(P.hand):
            if c and cards[c].rank == self.rank and not (self.excl and self.side == ME
                                                         and i == ctx.slot):
                n += 1
        return n

    def text(self):
        return "the number of %s cards in %s hand" % (self.rarity.lower(),
                                                      ("your", "the enemy's")[self.side])


def counted_cards(ctx, P):
    """The cards of P's hand that a count by cost or by effect type looks at: the played
    card is left out. (Keyword and rarity counts include it; docs/rules-corrections.md.)"""
    cards = ctx.cards
    hand = P.hand
    if P is ctx.A:
        return [cards[c] for i, c in enumerate(hand) if i != ctx.slot]
    return [cards[c] for c in hand]


class PropertyCount(Expr):
    """Number of cards of a hand whose CardDef passes ``pred`` (a cost or effect property),
    the played card not counted."""

    def __init__(self, pred, what, side=ME):
        self.pred, self.what, self.side = pred, what, side

    def ev(self, ctx):
        return sum(1 for c in counted_cards(ctx, _P(ctx, self.side)) if self.pred(c))

    def text(self):
        return "the number of %s in %s hand (this card not counted)" % (
            self.what, ("your", "the enemy's")[self.side])


class Tokens(Expr):
    """Own token counter of a keyword (0 when no counter is assigned)."""

    def __init__(self, kw, side=ME):
        self.kw, self.side = kw, side

    def ev(self, ctx):
        P = _P(ctx, self.side)
        try:
            return P.tok[P.tok_names.index(self.kw)]
        except ValueError:
            return 0

    def text(self):
        return "%s %s tokens" % (("your", "enemy")[self.side], self.kw)


class Changed(Expr):
    """How much an attribute changed during the opponent's last round."""

    def __init__(self, name, side=ME):
        self.name, self.side = name, side
        self.idx = (RESOURCES if name == "stock" else
                    FACILITIES if name == "facilities" else (ATTR_INDEX[name],))

    def ev(self, ctx):
        ch = ctx.my_ch if self.side == ME else ctx.his_ch
        return sum(ch[i] for i in self.idx)

    def text(self):
        return "the last-round change of %s %s" % (("your", "the enemy's")[self.side],
                                                   _NAMES[self.name])


class RoundNo(Expr):
    def ev(self, ctx):
        return ctx.round

    def text(self):
        return "the round number"


class ModeConst(Expr):
    """max_tower, max_wall, start_tower, start_wall, res_victory."""

    def __init__(self, name):
        self.name = name

    def ev(self, ctx):
        return getattr(ctx.lim, self.name)

    def text(self):
        return {"max_tower": "the maximum tower", "max_wall": "the maximum wall",
                "start_tower": "the starting tower", "start_wall": "the starting wall",
                "res_victory": "the resource victory goal"}[self.name]


class LastCost(Expr):
    """Cost of my last card (component 'bricks'/'gems'/'recruits' or 'total')."""

    def __init__(self, part="total", side=ME):
        self.part, self.side = part, side

    def ev(self, ctx):
        cards = ctx.cards
        c = cards[(ctx.my_last if self.side == ME else ctx.opp_last)[0]]
        return c.total_cost if self.part == "total" else getattr(c, self.part)

    def text(self):
        who = "your" if self.side == ME else "the enemy's"
        part = "" if self.part == "total" else self.part + " "
        return "the %scost of %s last card" % (part, who)


class Fn(Expr):
    """An arbitrary number computed by a function of the context."""

    def __init__(self, fn, text, uncertain=False):
        self.fn, self._text, self.uncertain = fn, text, uncertain

    def ev(self, ctx):
        return self.fn(ctx)

    def text(self):
        return self._text


class BinOp(Expr):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, E(a), E(b)

    def ev(self, ctx):
        x, y = self.a.ev(ctx), self.b.ev(ctx)
        if self.op == "+":
            return x + y
        if self.op == "-":
            return x - y
        return x * y

    def text(self):
        return "%s %s %s" % (self.a.text(), self.op.replace("*", "x"), self.b.text())


class Div(Expr):
    """a / b rounded half away from zero (PHP round)."""

    def __init__(self, a, b):
        self.a, self.b = E(a), E(b)

    def ev(self, ctx):
        return php_round(self.a.ev(ctx) / self.b.ev(ctx))

    def text(self):
        return "%s / %s (rounded)" % (self.a.text(), self.b.text())


class Floor(Expr):
    def __init__(self, a, b):
        self.a, self.b = E(a), E(b)

    def ev(self, ctx):
        return self.a.ev(ctx) // self.b.ev(ctx)

    def text(self):
        return "%s / %s (rounded down)" % (self.a.text(), self.b.text())


class Min(Expr):
    def __init__(self, *xs):
        self.xs = [E(x) for x in xs]

    def ev(self, ctx):
        return min(x.ev(ctx) for x in self.xs)

    def text(self):
        return "the smaller of " + " and ".join(x.text() for x in self.xs)


class Max(Expr):
    def __init__(self, *xs):
        self.xs = [E(x) for x in xs]

    def ev(self, ctx):
        return max(x.ev(ctx) for x in self.xs)

    def text(self):
        return "the larger of " + " and ".join(x.text() for x in self.xs)


class _Side:
    """``me.tower``, ``enemy.wall``, ``me.count('Soldier')`` ... expression shortcuts."""

    def __init__(self, side):
        self.side = side

    def __getattr__(self, name):
        if name in ATTR_INDEX or name in ("stock", "facilities"):
            return Attr(name, self.side)
        raise AttributeError(name)

    def count(self, kw, exclude_played=False):
        return KwCount(kw, self.side, exclude_played)

    def rarity_count(self, rarity, exclude_played=False):
        return RarityCount(rarity, self.side, exclude_played)

    def count_where(self, pred, what):
        """Cards passing a cost/effect predicate; the played card is never counted."""
        return PropertyCount(pred, what, self.side)

    def tokens(self, kw):
        return Tokens(kw, self.side)

    def changed(self, name):
        return Changed(name, self.side)


me = _Side(ME)
enemy = _Side(ENEMY)
both = _Side(2)
round_no = RoundNo()
max_tower = ModeConst("max_tower")
max_wall = ModeConst("max_wall")


# ================================================================ conditions
class Cond(ABC):
    uncertain = False

    @abstractmethod
    def test(self, ctx): ...

    @abstractmethod
    def text(self): ...

    def __and__(self, o):
        return And(self, o)

    def __or__(self, o):
        return Or(self, o)

    def __invert__(self):
        return Not(self)


_OPS = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__,
        "=": int.__eq__, "!=": int.__ne__}
_OPWORD = {"<": "is below", "<=": "is at most", ">": "is above", ">=": "is at least",
           "=": "is", "!=": "is not"}


class Cmp(Cond):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, E(a), E(b)
        self.f = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
                  ">": lambda x, y: x > y, ">=": lambda x, y: x >= y,
                  "=": lambda x, y: x == y, "!=": lambda x, y: x != y}[op]

    def test(self, ctx):
        return self.f(self.a.ev(ctx), self.b.ev(ctx))

    def text(self):
        return "%s %s %s" % (self.a.text(), _OPWORD[self.op], self.b.text())


class And(Cond):
    def __init__(self, *cs):
        self.cs = cs

    def test(self, ctx):
        for c in self.cs:
            if not c.test(ctx):
                return False
        return True

    def text(self):
        return " and ".join(c.text() for c in self.cs)


class Or(Cond):
    def __init__(self, *cs):
        self.cs = cs

    def test(self, ctx):
        for c in self.cs:
            if c.test(ctx):
                return True
        return False

    def text(self):
        return " or ".join(c.text() for c in self.cs)


class Not(Cond):
    def __init__(self, c):
        self.c = c

    def test(self, ctx):
        return not self.c.test(ctx)

    def text(self):
        return "not (%s)" % self.c.text()


class Pred(Cond):
    """A condition computed by a function of the context."""

    def __init__(self, fn, text, uncertain=False):
        self.fn, self._text, self.uncertain = fn, text, uncertain

    def test(self, ctx):
        return bool(self.fn(ctx))

    def text(self):
        return self._text


def last_card(keyword=None, rarity=None, min_rank=None, cost=None, costs=None, card_id=None,
              not_id=None, action="play", side=ME, text=None):
    """Predicate on my (or the enemy's) last history entry.

    keyword: has that keyword (a tuple means any of them); rarity: exact rarity;
    min_rank: rank at least (1 = non-common); cost: cost class ("zero", "gems", ...);
    costs: cost component > 0; card_id / not_id: id tests; action: "play", "discard" or None.
    "Last card played" is ``action="play"`` (the default); a plain "last card" is the last
    entry whether it was played or discarded, ``action=None`` (docs/rules-corrections.md).
    """
    from ..constants import RANK
    kws = (keyword,) if isinstance(keyword, str) else keyword
    rank = RANK[rarity] if rarity else None

    def fn(ctx):
        cards = ctx.cards
        cid, _m, act = ctx.my_last if side == ME else ctx.opp_last
        if action is not None and act != action:
            return False
        c = cards[cid]
        if kws is not None and not any(k in c.kw for k in kws):
            return False
        if rank is not None and c.rank != rank:
            return False
        if min_rank is not None and c.rank < min_rank:
            return False
        if cost is not None and (c.cost_class != cost or not cid):
            return False
        if costs is not None and getattr(c, costs) <= 0:
            return False
        if card_id is not None and cid != card_id:
            return False
        if not_id is not None and cid == not_id:
            return False
        return True

    if text is None:
        bits = []
        if min_rank:
            bits.append("non-common")
        if rarity:
            bits.append(rarity.lower())
        if cost:
            bits.append("zero-cost" if cost == "zero" else cost + "-only")
        if kws:
            bits.append(" or ".join(kws))
        if costs:
            bits.append("%s-costing" % costs)
        what = " ".join(bits) or "a card"
        if card_id is not None:
            what = CARDS[card_id].name
        verb = {"play": "played", "discard": "discarded", None: "played or discarded"}[action]
        who = "your" if side == ME else "the enemy's"
        text = "%s last card %s was %s" % (who, verb, what)
        if not_id is not None:
            text = "%s last card %s was not %s" % (who, verb, CARDS[not_id].name)
    return Pred(fn, text)


def is_new():
    return Pred(lambda ctx: ctx.new_a[ctx.slot], "this card is new")


def matching_new():
    return Pred(lambda ctx: ctx.new_b[ctx.slot], "the enemy card opposite is new")


def adjacent_new():
    def fn(ctx):
        s = ctx.slot
        return (s > 0 and ctx.new_a[s - 1]) or (s < 7 and ctx.new_a[s + 1])
    return Pred(fn, "a neighbouring card is new")


def adjacent_kw(kw):
    def fn(ctx):
        cards = ctx.cards
        s, h = ctx.slot, ctx.A.hand
        return (s > 0 and kw in cards[h[s - 1]].kw) or (s < 7 and kw in cards[h[s + 1]].kw)
    return Pred(fn, "a neighbouring card has %s" % kw)


def matching(predicate, text):
    """Predicate on the enemy card opposite the played card: predicate(CardDef)."""
    return Pred(lambda ctx: predicate(ctx.cards[ctx.B.hand[ctx.slot]]), text)


def opp_played(keyword, text=None):
    """The enemy played a card with ``keyword`` during his last round."""
    def fn(ctx):
        cards = ctx.cards
        for cid, _m, act in ctx.opp_hist:
            if act == "play" and keyword in cards[cid].kw:
                return True
        return False
    return Pred(fn, text or "the enemy played a %s card last round" % keyword)


def hidden_mode():
    return Pred(lambda ctx: ctx.hidden, "hidden cards are on")


def round_divisible(n):
    return Pred(lambda ctx: ctx.round % n == 0, "the round number is divisible by %d" % n)


# =================================================================== actions
class Action(ABC):
    uncertain = False

    @abstractmethod
    def run(self, ctx): ...

    @abstractmethod
    def text(self): ...


def A(x):
    """Normalise an action argument: a list/tuple becomes a sequence."""
    if isinstance(x, Action):
        return x
    if isinstance(x, (list, tuple)):
        return Seq(*x)
    if x is None:
        return Seq()
    raise TypeError("not an action: %r" % (x,))


class Seq(Action):
    def __init__(self, *acts):
        self.acts = tuple(A(a) for a in acts)
        self.uncertain = any(a.uncertain for a in self.acts)

    def run(self, ctx):
        for a in self.acts:
            a.run(ctx)

    def text(self):
        return ". ".join(a.text() for a in self.acts if a.text())


class Attack(Action):
    def __init__(self, n, side=ENEMY):
        self.n, self.side = E(n), side

    def run(self, ctx):
        _at.attack((ctx.B if self.side == ENEMY else ctx.A).a, self.n.ev(ctx))

    def text(self):
        return ("Attack %s" if self.side == ENEMY else "Attack yourself for %s") % self.n.text()


def attack(n):
    return Attack(n)


class Add(Action):
    """attr += n for one attribute, 'stock' (each resource) or 'facilities' (each)."""

    def __init__(self, name, n, side=ME):
        self.name, self.n, self.side = name, E(n), side
        self.idx = (RESOURCES if name == "stock" else
                    FACILITIES if name == "facilities" else (ATTR_INDEX[name],))

    def run(self, ctx):
        a = (ctx.A if self.side == ME else ctx.B).a
        v = self.n.ev(ctx)
        for i in self.idx:
            a[i] += v

    def text(self):
        n = self.n.v if isinstance(self.n, Const) else self.n.text()
        w = _cap(_SIDE_WORD[self.side] + _NAMES[self.name])
        return "%s %s" % (w, _sgn(n) if isinstance(n, int) else "+" + n)


class Sub(Add):
    """attr -= n (an expression)."""

    def run(self, ctx):
        a = (ctx.A if self.side == ME else ctx.B).a
        v = self.n.ev(ctx)
        for i in self.idx:
            a[i] -= v

    def text(self):
        return "%s -%s" % (_cap(_SIDE_WORD[self.side] + _NAMES[self.name]), self.n.text())


def _mk(name, side):
    def f(n):
        return Add(name, n, side)
    f.__name__ = ("enemy_" if side else "") + name
    return f


tower, wall, quarry, magic, dungeons = (_mk(n, ME) for n in ATTRS[:5])
bricks, gems, recruits = (_mk(n, ME) for n in ATTRS[5:])
stock, facilities = _mk("stock", ME), _mk("facilities", ME)
enemy_tower, enemy_wall, enemy_quarry, enemy_magic, enemy_dungeons = (_mk(n, ENEMY)
                                                                       for n in ATTRS[:5])
enemy_bricks, enemy_gems, enemy_recruits = (_mk(n, ENEMY) for n in ATTRS[5:])
enemy_stock, enemy_facilities = _mk("stock", ENEMY), _mk("facilities", ENEMY)


class SetAttr(Action):
    """attr := n (for 'stock': each resource; negative values become 0 for resources)."""

    def __init__(self, name, n, side=ME):
        self.name, self.n, self.side = name, E(n), side
        self.idx = (RESOURCES if name == "stock" else
                    FACILITIES if name == "facilities" else (ATTR_INDEX[name],))

    def run(self, ctx):
        a = _P(ctx, self.side).a
        v = self.n.ev(ctx)
        for i in self.idx:
            a[i] = v

    def text(self):
        return "%s becomes %s" % (_cap(_SIDE_WORD[self.side] + _NAMES[self.name]),
                                  self.n.text())


class MulAttr(Action):
    def __init__(self, name, k, side=ME):
        self.name, self.k, self.side = name, k, side
        self.idx = (RESOURCES if name == "stock" else
                    FACILITIES if name == "facilities" else (ATTR_INDEX[name],))

    def run(self, ctx):
        a = _P(ctx, self.side).a
        for i in self.idx:
            a[i] = php_round(a[i] * self.k) if isinstance(self.k, float) else a[i] * self.k

    def text(self):
        return "%s x%s" % (_cap(_SIDE_WORD[self.side] + _NAMES[self.name]), self.k)


class Extreme(Action):
    """Add n to the highest/lowest resource or facility (random among ties)."""

    def __init__(self, kind, n, highest, side=ME):
        self.kind, self.n, self.highest, self.side = kind, E(n), highest, side
        self.idx = RESOURCES if kind == "resource" else FACILITIES
        self.uncertain = True

    def run(self, ctx):
        _at.add_extreme(ctx.rng, _P(ctx, self.side).a, self.idx, self.n.ev(ctx), self.highest)

    def text(self):
        w = "%s%s %s" % (_SIDE_WORD[self.side], "highest" if self.highest else "lowest",
                         self.kind)
        n = self.n.v if isinstance(self.n, Const) else self.n.text()
        return "%s %s" % (_cap(w), _sgn(n) if isinstance(n, int) else "+" + n)


def highest(kind, n, side=ME):
    return Extreme(kind, n, True, side)


def lowest(kind, n, side=ME):
    return Extreme(kind, n, False, side)


class Steal(Action):
    """Steal a fixed amount of one resource or of each resource ('stock')."""

    def __init__(self, name, n):
        self.name, self.n = name, E(n)
        self.idx = RESOURCES if name == "stock" else (ATTR_INDEX[name],)

    def run(self, ctx):
        v = self.n.ev(ctx)
        for i in self.idx:
            _at.steal(ctx.B.a, ctx.A.a, i, v)

    def text(self):
        return "Steal %s %s" % (self.n.text(), _NAMES[self.name])


class StealRandom(Action):
    uncertain = True

    def __init__(self, n):
        self.n = E(n)

    def run(self, ctx):
        _at.steal_random(ctx.rng, ctx.B.a, ctx.A.a, self.n.ev(ctx))

    def text(self):
        return "Steal %s random resources" % self.n.text()


class RandomGain(Action):
    uncertain = True

    def __init__(self, n, side=ME):
        self.n, self.side = E(n), side

    def run(self, ctx):
        _at.random_gain(ctx.rng, _P(ctx, self.side).a, self.n.ev(ctx))

    def text(self):
        return "%s %s random resources" % ("Gain" if self.side == ME else "The enemy gains",
                                           self.n.text())


class RandomLoss(Action):
    uncertain = True

    def __init__(self, n, side=ENEMY):
        self.n, self.side = E(n), side

    def run(self, ctx):
        _at.random_loss(ctx.rng, _P(ctx, self.side).a, self.n.ev(ctx))

    def text(self):
        return "%s %s random resources" % ("The enemy loses" if self.side == ENEMY
                                           else "Lose", self.n.text())


class Prod(Action):
    """Production factor: all resources (res=None) or one ('bricks', 'gems', 'recruits')."""

    def __init__(self, k, res=None):
        self.k, self.res = k, res
        self.idx = (0, 1, 2) if res is None else ({"bricks": 0, "gems": 1, "recruits": 2,
                                                   "quarry": 0, "magic": 1,
                                                   "dungeons": 2}[res],)

    def run(self, ctx):
        if self.k < 0:
            return
        p = ctx.prod
        for i in self.idx:
            p[i] *= self.k

    def text(self):
        return "%s production x%d" % ("All" if self.res is None else _cap(self.res), self.k)


class ProdBy(Prod):
    """Production factor given by a number (an expression): ``ProdBy(me.count("Nature"))``."""

    def __init__(self, n, res=None, text=None):
        Prod.__init__(self, 1, res)
        self.n, self._text = E(n), text

    def run(self, ctx):
        k = self.n.ev(ctx)
        if k < 0:
            return
        p = ctx.prod
        for i in self.idx:
            p[i] *= k

    def text(self):
        if self._text:
            return self._text
        return "%s production x (%s)" % ("All" if self.res is None else _cap(self.res),
                                          self.n.text())


class ProdExtreme(Action):
    """Production factor k for the resource of your highest/lowest facility (``kind``
    "facility") or for your highest/lowest resource ("resource"); random among ties."""

    uncertain = True

    def __init__(self, k, kind, highest):
        self.k, self.kind, self.highest = k, kind, highest
        self.idx = RESOURCES if kind == "resource" else FACILITIES

    def run(self, ctx):
        i = _at.pick_extreme(ctx.rng, ctx.A.a, self.idx, self.highest)
        ctx.prod[self.idx.index(i)] *= self.k

    def text(self):
        if self.kind == "resource":
            w = "your %s resource" % ("highest" if self.highest else "lowest")
        else:
            w = "the resource of your %s facility" % ("highest" if self.highest else "lowest")
        return "Production of %s x%d" % (w, self.k)


class Keep(Action):
    def run(self, ctx):
        ctx.keep()

    def text(self):
        return "This card stays in your hand"


def keep():
    return Keep()


class Summon(Action):
    """Next card := a pick from a precomputed list of ids (anti-flood against your hand)."""

    uncertain = True

    def __init__(self, ids, what, reveal=False):
        self.ids = tuple(ids)
        self.what = what
        self.reveal = reveal

    def run(self, ctx):
        ctx.summon_list(self.ids, self.reveal)

    def text(self):
        return "Summons %s" % self.what


def summon_filter(what=None, reveal=False, exclude=(), **criteria):
    """Summon from all cards matching cards_filter(**criteria) (computed at load)."""
    ids = [c.id for c in cards_filter(**criteria) if c.id not in exclude]
    if what is None:
        bits = []
        if "rarity" in criteria:
            bits.append(str(criteria["rarity"]).lower())
        if "keyword" in criteria:
            bits.append(criteria["keyword"])
        if "cost" in criteria:
            bits.append(criteria["cost"] + "-cost")
        if "support" in criteria:
            bits.append(criteria["support"] + "-support")
        what = "a random %s card" % " ".join(bits)
    return Summon(ids, what, reveal)


class SummonCard(Action):
    """Next card := one specific card (no draw)."""

    def __init__(self, cid, reveal=False):
        self.cid, self.reveal = cid, reveal

    def run(self, ctx):
        ctx.summon(self.cid, self.reveal)

    def text(self):
        return "Summons %s" % CARDS[self.cid].name


def summon_ids(*ids, reveal=False):
    if len(ids) == 1:
        return SummonCard(ids[0], reveal)
    names = " or ".join(CARDS[i].name for i in ids)
    return Summon(ids, names, reveal)


class SummonDeck(Action):
    """Next card := a pick from one rarity section of your (or the enemy's) deck."""

    uncertain = True

    def __init__(self, section, side=ME, reveal=False):
        self.sec = {"common": 0, "uncommon": 1, "rare": 2}[section]
        self.section, self.side, self.reveal = section, side, reveal

    def run(self, ctx):
        ctx.summon_list(_P(ctx, self.side).deck[self.sec], self.reveal)

    def text(self):
        return "Summons a %s card from %s deck" % (self.section,
                                                   ("your", "the enemy's")[self.side])


class If(Action):
    def __init__(self, cond, then, else_=None):
        self.cond, self.then = cond, A(then)
        self.else_ = A(else_) if else_ is not None else None
        self.uncertain = (cond.uncertain or self.then.uncertain
                          or (self.else_ is not None and self.else_.uncertain))

    def run(self, ctx):
        if self.cond.test(ctx):
            self.then.run(ctx)
        elif self.else_ is not None:
            self.else_.run(ctx)

    def text(self):
        t = "If %s: %s" % (self.cond.text(), self.then.text())
        if self.else_ is not None:
            t += ". Otherwise: %s" % self.else_.text()
        return t


class Modes(Action):
    """Mode choice: the player picks mode 1..N."""

    def __init__(self, *alts):
        self.alts = tuple(A(a) for a in alts)
        self.uncertain = any(a.uncertain for a in self.alts)

    def run(self, ctx):
        self.alts[ctx.mode - 1].run(ctx)

    def text(self):
        return " / ".join("Mode %d: %s" % (i + 1, a.text()) for i, a in enumerate(self.alts))


class Do(Action):
    """Run a plain function of the context (with its own text)."""

    def __init__(self, fn, text, uncertain=False):
        self.fn, self._text, self.uncertain = fn, text, uncertain

    def run(self, ctx):
        self.fn(ctx)

    def text(self):
        return self._text


# ============================================================ hand actions
class ReplaceSelf(Action):
    """§7.2 persistent replacement: the played card takes the chosen slot (mode = slot).

    Choosing the played slot itself keeps the card (no draw)."""

    def run(self, ctx):
        sel = ctx.mode - 1
        if sel == ctx.slot:
            ctx.keep()
        else:
            place_self(ctx, sel)

    def text(self):
        return ("Choose a slot: this card moves there and the card it replaces is discarded "
                "(choosing this card's own slot keeps it in hand)")


class DiscardChosen(Action):
    """Discard the own card in the chosen slot (mode = slot) and refill that slot from
    your deck (``how``: "random", "no_rare" or "different"). The played slot is skipped."""

    uncertain = True

    def __init__(self, how="random"):
        self.how = how

    def run(self, ctx):
        sel = ctx.mode - 1
        if sel != ctx.slot:
            ctx.replace_from_deck(ctx.A, sel, self.how)

    def text(self):
        return "Choose a card in your hand: it is discarded and replaced from your deck"


class ReplaceHand(Action):
    """Replace a whole hand (§8.4, §7.6) with cards drawn from id lists.

    ``groups``: (ids, n) pairs filled in order, each card with anti-flood against the
    cards drawn so far; the 8 cards are shuffled when there is more than one group.
    Replacing your own hand disables the draw."""

    uncertain = True

    def __init__(self, *groups, side=ME, what="cards", shuffled=None):
        self.groups = tuple((tuple(ids), n) for ids, n in groups)
        if sum(n for _ids, n in self.groups) != 8:
            raise ValueError("ReplaceHand needs exactly 8 cards")
        self.side, self.what = side, what
        self.shuffled = len(self.groups) > 1 if shuffled is None else shuffled

    def run(self, ctx):
        h = [0] * 8
        i = 0
        for ids, n in self.groups:
            for _k in range(n):
                h[i] = from_list(ctx.rng, ids, h, i, ctx.events)
                i += 1
        replace_hand(ctx, _P(ctx, self.side), h, shuffled=self.shuffled)
        if self.side == ME:
            ctx.keep()

    def text(self):
        return "%s hand is replaced by %s" % (("Your", "The enemy's")[self.side], self.what)


# ============================================================== registration
def _full_stop(t):
    return t + "." if t and not t.endswith(".") else t


def card_text(node):
    """The player-facing text rendered from a card's tree of building blocks (what
    ``card`` registers when no ``text`` is given)."""
    return _full_stop(node.text())


def card(cid, *acts, text=None, uncertain=None):
    """Define card ``cid`` from building blocks. ``text`` overrides the rendered text."""
    node = Seq(*acts)
    t = card_text(node) if text is None else _full_stop(text)
    register(cid, node.run, t, node.uncertain if uncertain is None else uncertain, node)
    return node


def custom(cid, text, uncertain=True):
    """Decorator: register ``fn(ctx)`` as the whole effect of card ``cid``."""
    def deco(fn):
        register(cid, fn, text, uncertain, None)
        return fn
    return deco


__all__ = [n for n in dir() if not n.startswith("_")] + ["_P"]
