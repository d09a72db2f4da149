"""Card definitions for ids 451-500 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..hand import switch
from ..php import php_round  # noqa: F401
from ..hand import place_self, replace_hand
from ..attributes import attack as _attack


# ------------------------------------------------------------------ shared helpers
def _pick(ctx, slots):
    """A uniformly random element of ``slots``: one random call even for a single one
    (docs/rules-corrections.md, 21)."""
    return slots[ctx.rng.below(len(slots))]


def _other_slots(ctx, P, pred):
    """Slots of P's hand (never the played slot of your own hand) whose card passes pred."""
    cards = ctx.cards
    hand = P.hand
    own = P is ctx.A
    return [i for i in range(8) if not (own and i == ctx.slot) and hand[i]
            and pred(cards[hand[i]])]


def _each_player(ctx, metric, best, fn, opponent_fn=None):
    """"Player(s) with the most/least X gain ...; his opponent gains ...": run fn(P) for the
    player(s) whose metric(P) is the best (min or max), both on a tie, and opponent_fn(Q)
    for the opponent Q of each of them. On a tie each player is both, so each gets both
    gains (docs/rules-corrections.md, "Ties of "his opponent gains" cards")."""
    va, vb = metric(ctx.A), metric(ctx.B)
    t = best(va, vb)
    for P, Q, v in ((ctx.A, ctx.B, va), (ctx.B, ctx.A, vb)):
        if v == t:
            fn(P)
            if opponent_fn is not None:
                opponent_fn(Q)


def _add_stock(P, n):
    a = P.a
    a[5] += n
    a[6] += n
    a[7] += n


def distinct_keywords(ctx, P):
    """Number of different keyword names over the cards of P's hand."""
    cards = ctx.cards
    s = set()
    for c in P.hand:
        s |= cards[c].kw
    return len(s)


def _replace_self_or(ctx, other):
    """Choose a slot: ``other()`` when it is this card's own slot and it is not new;
    otherwise this card moves there (own slot: it stays)."""
    sel = ctx.mode - 1
    if sel == ctx.slot:
        if not ctx.new_a[ctx.slot]:
            other()
        else:
            ctx.keep()
    else:
        place_self(ctx, sel)


def _discard_random_own(ctx, pred, how="random"):
    """Discard one random own card (not the played one) passing pred; returns its CardDef."""
    cards = ctx.cards
    slots = _other_slots(ctx, ctx.A, pred)
    if not slots:
        return None
    i = _pick(ctx, slots)
    old = cards[ctx.A.hand[i]]
    ctx.replace_from_deck(ctx.A, i, how)
    return old


def replace_own(ctx, sel, ids):
    """Replace own slot ``sel`` with a pick from ``ids``; on the played slot the pick stays
    there and the standard draw is disabled."""
    ctx.replace_from_list(ctx.A, sel, ids)
    if sel == ctx.slot:
        ctx.keep()


def _replace_hand_fixed(ids):
    def fn(ctx):
        replace_hand(ctx, ctx.A, ids, shuffled=True)
        ctx.keep()
    return fn


_RANK_BONUS = {0: 2, 1: 9, 2: 16}


def card_names(ids):
    """'A, B and C' from card ids."""
    names = [CARDS[i].name for i in ids]
    return ", ".join(names[:-1]) + " and " + names[-1]


card(451, recruits(9), enemy_wall(8))
card(452, attack(3), ReplaceSelf())
card(453, ProdBy(Min(me.count("Alliance") + me.count("Nature"), 5),
                 text="All production x N, where N is the number of Alliance cards plus the "
                      "number of Nature cards in your hand (at most 5)"))
card(454, enemy_wall(-6))
card(455, gems(enemy.magic), Sub("gems", 2 * enemy.magic, ENEMY),
     text="Gems +N and enemy gems -2N, where N is the enemy's magic")
card(456, If(me.stock < enemy.stock, stock(12), [stock(6), enemy_stock(6)]))
card(457, attack(5),
     Do(lambda ctx: _discard_random_own(ctx, lambda c: c.rank == 0),
        "Discard a random common card from your hand", uncertain=True))
card(458, attack(Min(enemy.bricks, enemy.gems, enemy.recruits, 12)),
     text="Attack for the enemy's smallest resource (at most 12)")


def _459(ctx):
    for P in (ctx.A, ctx.B):
        for i in _other_slots(ctx, P, lambda c: c.rank == 0 and c.cost_class == "zero"):
            ctx.replace_from_deck(P, i, "no_rare")


card(459, Do(_459, "Both players discard every common zero-cost card from their hands; the "
                   "replacements are never rare", uncertain=True))
card(460, tower(3))
card(461, attack(max_tower - me.tower),
     text="Attack for as much as your tower is below the maximum tower")


@custom(462, "If you hold a Titan card, discard every card that is neither a Titan card nor "
             "supports Titans.")
def _462(ctx):
    cards = ctx.cards
    A = ctx.A
    hand = A.hand
    if not any("Titan" in cards[c].kw for c in hand):
        return
    for i in range(8):
        c = cards[hand[i]]
        if i != ctx.slot and "Titan" not in c.kw and "Titan" not in c.support:
            ctx.replace_from_deck(A, i, "random")


card(463, attack(17), Prod(2, "gems"))
card(464, enemy_tower(-20), enemy_wall(-20), attack(20))
card(465, lowest("facility", 1),
     ProdExtreme(3, "resource", False))


card(466, Do(lambda ctx: _each_player(ctx, lambda P: P.a[1], min, lambda P: _add_stock(P, 6)),
             "Whoever has the lower wall gets stock +6 (both on a tie)"))


def _467(ctx):
    ctx.place_named(ctx.B, ctx.mode - 1, 247)


card(467, attack(18), Prod(3, "gems"),
     Do(_467, "Choose a slot: the enemy card there becomes a Wind (shown to you)"))


def _468(ctx):
    a = ctx.A.a
    if a[1] % 15:
        a[1] = (a[1] // 15 + 1) * 15


card(468, Do(_468, "Your wall rises to the next multiple of 15 (nothing when it already is "
                   "one)"))
card(469, Modes([tower(-5), stock(4)], [tower(-10), stock(8)]))


def _470(ctx):
    n = 0
    for P in (ctx.A, ctx.B):
        for i in _other_slots(ctx, P, lambda c: c.total_cost < 10):
            ctx.replace_from_deck(P, i, "no_rare")
            n += 1
    _add_stock(ctx.A, php_round(n / 2))


card(470, Do(_470, "Both players discard every card in their hands that costs less than 10 in "
                   "total (the replacements are never rare). Stock +half the number of cards "
                   "discarded (rounded)", uncertain=True))
card(471, stock(2), summon_ids(25, 202, 195, 32, 679, 517))

_NONCOMMON_BRIGANDS = ids_of(cards_filter(keyword="Brigand", rarity=("Uncommon", "Rare")))


def _472(ctx):
    slots = _other_slots(ctx, ctx.A, lambda c: c.rank < 2 and "Brigand" not in c.kw)
    ctx.rng.shuffle(slots)
    for i in slots[:3]:
        ctx.replace_from_list(ctx.A, i, _NONCOMMON_BRIGANDS)


card(472, wall(10), enemy_stock(-3),
     Do(_472, "Up to 3 random non-rare cards in your hand that are not Brigand cards become "
              "random uncommon or rare Brigand cards", uncertain=True))


def _473(ctx):
    b = ctx.B.a
    before = b[0]
    ctx.attack(ctx.B, 48)
    if b[0] < 15:
        b[0] = min(before, 15)


card(473, Do(_473, "Attack 48, but the enemy tower does not drop below 15 this way"))
_MARKET_HAND = (273, 23, 129, 465, 432, 388, 456, 389)
card(474, Do(_replace_hand_fixed(_MARKET_HAND),
             "Your hand is replaced by %s (in random order)" % card_names(_MARKET_HAND),
             uncertain=True))
card(475, Modes(summon_ids(87, reveal=True), summon_ids(118, reveal=True),
                summon_ids(89, reveal=True)))


def _476(ctx):
    _replace_self_or(ctx, lambda: ctx.summon(ctx.B.hand[ctx.slot], True))


card(476, Do(_476, "Choose a slot: this card moves there and the card it replaces is discarded. "
                   "Choosing its own slot copies the enemy card opposite into your hand (the "
                   "enemy sees it), unless this card is new: then it just stays"))
card(477, enemy_tower(-3), If(~is_new() & matching_new(), enemy_tower(-5)))


def _478(ctx):
    ctx.A.new[ctx.mode - 1] = True


card(478, Do(_478, "Choose a card in your hand: it is marked as new"), gems(2))
card(479, attack(5 + Fn(lambda ctx: _RANK_BONUS.get(ctx.cards[ctx.B.hand[ctx.slot]].rank, 0),
                        "2/9/16 by the rarity of the enemy card opposite")),
     text="Attack 5 + 2, 9 or 16 when the enemy card opposite is common, uncommon or rare")


def _480(ctx):
    _replace_self_or(ctx, lambda: ctx.replace_from_deck(ctx.B, ctx.slot, "different"))


card(480, Do(_480, "Choose a slot: this card moves there and the card it replaces is discarded. "
                   "Choosing its own slot discards the enemy card opposite, unless this card "
                   "is new: then it just stays", uncertain=True))
card(481, If(enemy.wall > 20, gems(3)), attack(7))


@custom(482, "Discard every Titan card from your hand. Attack 30 for each different card "
             "discarded.")
def _482(ctx):
    cards = ctx.cards
    A = ctx.A
    hand = A.hand
    slots = [i for i in range(8) if i != ctx.slot and "Titan" in cards[hand[i]].kw]
    unique = {hand[i] for i in slots}
    for i in slots:
        ctx.replace_from_deck(A, i, "random")
    _attack(ctx.B.a, 30 * len(unique))


card(483, magic(1), enemy_magic(1))
card(484, enemy_wall(-6), attack(5))
card(485, attack(29))


def _add_gems(n):
    def fn(P):
        P.a[6] += n
    return fn


card(486, Do(lambda ctx: _each_player(ctx, lambda P: P.a[6], min, _add_gems(6), _add_gems(2)),
             "Whoever has fewer gems gets gems +6, his opponent gems +2 (on a tie both get "
             "both)"))


def _487(ctx):
    for P in (ctx.A, ctx.B):
        cards = counted_cards(ctx, P)
        zero = sum(1 for c in cards if c.cost_class == "zero")
        _add_stock(P, zero - (len(cards) - zero))


card(487, Do(_487, "Each player gets stock +1 for each zero-cost card in his hand and stock -1 "
                   "for each other card (this card not counted)"))
card(488, attack(24), wall(16))
card(489, wall(4), highest("resource", -3), lowest("resource", 4))


def _490(ctx):
    sel = ctx.mode - 1
    A = ctx.A
    if sel == ctx.slot:
        replace_own(ctx, sel, A.deck[1])
        return
    # a switch of the two slots (spec §7.4): the moved card takes its own new flag along
    # (docs/rules-corrections.md, "Magic portal moves the new flag too"); the portal
    # itself leaves the hand without being counted as discarded
    switch(A, ctx.slot, sel)
    A.hand[sel] = 0
    ctx.replace_from_list(A, sel, A.deck[1])
    ctx.keep()


card(490, Do(_490, "Choose a card in your hand: it moves into this card's place, and its own "
                   "place gets a random uncommon card from your deck (choosing this card "
                   "puts the uncommon card here)", uncertain=True))
card(491, If(me.wall > enemy.wall, enemy_tower(-8), Prod(2, "gems")))


def _492(ctx):
    s = ctx.slot
    if not ctx.hidden or ctx.B.rev[s]:
        ctx.A.a[0] += 6
    else:
        ctx.B.rev[s] = True


card(492, tower(6),
     Do(_492, "If the enemy card opposite is face up (always, without hidden cards): tower +6. "
              "Otherwise it is revealed"))
card(493, gems(Min(Fn(lambda ctx: sum(ctx.B.rev) if ctx.hidden else 8,
                      "the number of face-up cards in the enemy's hand"), 4)),
     text="Gems +1 for each face-up card in the enemy's hand (all of them without hidden "
          "cards), at most +4")


def _494(ctx):
    A = ctx.A
    h = [0] * 8
    i = 0
    for sec, n in ((0, 4), (1, 3), (2, 1)):
        for _k in range(n):
            h[i] = ctx.draw_list(A.deck[sec], _Hand(h), i)
            i += 1
    replace_hand(ctx, A, h, shuffled=True)
    ctx.keep()


class _Hand:
    """A stand-in player whose hand is a list being built (for anti-flood draws)."""

    def __init__(self, hand):
        self.hand = hand


card(494, Do(_494, "Your hand is replaced by 4 common, 3 uncommon and 1 rare card from your "
                   "deck", uncertain=True))

_SWIFT = ids_of(cards_filter(keyword="Swift"))


card(495, Do(lambda ctx: replace_own(ctx, ctx.mode - 1, _SWIFT),
             "Choose a card in your hand (this one too): it becomes a random Swift card",
             uncertain=True))
card(496, wall(3), If(Pred(lambda ctx: ctx.my_ch[5] < 0 or ctx.my_ch[6] < 0 or ctx.my_ch[7] < 0,
                           "the enemy reduced your resources last round"), Prod(2)))


def _497(ctx):
    for i in (ctx.slot, ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.place_named(ctx.B, i, 247)


card(497, Do(_497, "The enemy card opposite and its neighbours become Wind cards (shown to "
                   "you)"))
card(498, tower(10), wall(15), enemy_stock(-3))
card(499, MulAttr("tower", 2))
card(500, attack(15 + 7 * both.count("Nature")),
     text="Attack 15 + 7 for each Nature card in both hands (this one included)")
