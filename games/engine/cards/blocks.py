"""More building blocks of the card vocabulary (``dsl.py``): discards, reveals and token
counters as blocks of their own, so that a card using them stays a readable tree (its text
rendered, its effect tags read) instead of a ``Do`` step. The card lab's effect builder
offers them (``games/engine/custom_cards.py``); a card module uses them with
``from .blocks import *``.
"""
from .dsl import _P, ENEMY, ME, Action, Const, E, _cap, _sgn

__all__ = ["DiscardCards", "RevealCards", "TokenAdd"]

_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight"}


class DiscardCards(Action):
    """``count`` cards of one hand are discarded and refilled from that player's deck (a
    different card, as any discard draws). ``which``: "random" cards, or the "costliest"
    (highest total cost, a random one on a tie). Your own played card is never among them;
    a Cursed card is not removed (``hand.place``)."""

    uncertain = True
    effect_tags = ("discard",)

    def __init__(self, count=1, side=ENEMY, which="random"):
        if which not in ("random", "costliest"):
            raise ValueError("which must be 'random' or 'costliest'")
        self.count, self.side, self.which = count, side, which

    def run(self, ctx):
        cards = ctx.cards
        P = _P(ctx, self.side)
        hand = P.hand
        slots = [i for i in range(8) if hand[i] and not (P is ctx.A and i == ctx.slot)]
        for _n in range(self.count):
            if not slots:
                return
            if self.which == "costliest":
                top = max(cards[hand[i]].total_cost for i in slots)
                ties = [i for i in slots if cards[hand[i]].total_cost == top]
            else:
                ties = slots
            # one random call even for one candidate (docs/rules-corrections.md, "Picks
            # among the most expensive cards")
            i = ties[ctx.rng.below(len(ties))]
            slots.remove(i)
            ctx.replace_from_deck(P, i, "different")

    def text(self):
        n = self.count
        if self.which == "costliest":
            whose = "his" if self.side == ENEMY else "your"
            what = ("%s most expensive card" % whose if n == 1 else
                    "%s %s most expensive cards" % (whose, _COUNT_WORDS.get(n, str(n))))
            if self.side == ME:
                what += " (not this one)"
        else:
            what = "%s random card%s" % (_COUNT_WORDS.get(n, str(n)), "" if n == 1 else "s")
            if self.side == ME:
                what += " of your hand (not this one)"
        if self.side == ENEMY:
            return "The enemy discards %s" % what
        return "Discard %s; your deck refills %s" % (what, "it" if n == 1 else "them")


class RevealCards(Action):
    """Reveal cards of the enemy's hand (only hidden-cards games hide any): the card
    "opposite" this one, the three "around" it (opposite and its neighbours), or the whole
    "hand"."""

    effect_tags = ("reveal",)
    _TEXT = {"opposite": "Reveal the enemy card opposite this one",
             "around": "Reveal the enemy card opposite this one and its two neighbours",
             "hand": "Reveal the enemy's hand"}

    def __init__(self, which="opposite"):
        if which not in self._TEXT:
            raise ValueError("which must be one of %r" % (tuple(self._TEXT),))
        self.which = which

    def run(self, ctx):
        if not ctx.hidden:
            return
        s = ctx.slot
        slots = {"opposite": (s,), "around": (s - 1, s, s + 1),
                 "hand": range(8)}[self.which]
        rev = ctx.B.rev
        for i in slots:
            if 0 <= i < 8:
                rev[i] = True

    def text(self):
        return self._TEXT[self.which]


class TokenAdd(Action):
    """Add ``n`` (negative: take away) to one side's token counter of a keyword; nothing
    when that player has no counter of it. Counters stay within 0..100 (the game's
    limits run afterwards); a full counter fires when a card of its keyword is played."""

    effect_tags = ()

    def __init__(self, keyword, n, side=ME):
        self.kw, self.n, self.side = keyword, E(n), side

    def run(self, ctx):
        P = _P(ctx, self.side)
        names = P.tok_names
        if self.kw in names:
            P.tok[names.index(self.kw)] += self.n.ev(ctx)

    def text(self):
        n = self.n.v if isinstance(self.n, Const) else self.n.text()
        who = "your" if self.side == ME else "enemy"
        return "%s %s tokens %s" % (_cap(who), self.kw,
                                   _sgn(n) if isinstance(n, int) else "+" + n)
