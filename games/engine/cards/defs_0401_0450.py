"""Card definitions for ids 401-450 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..attributes import add_extreme, attack as _attack

card(407, SetAttr("tower", 40), wall(50),
     If(last_card(min_rank=1, keyword="Runic"), SetAttr("wall", max_wall)))
card(410, If(enemy.count("Holy") > 0, enemy_tower(-1), Steal("stock", 1)))
card(411, attack(5), If(last_card(keyword="Beast"), recruits(3)))
card(412, RandomLoss(10))
card(413, If(me.recruits < 11, MulAttr("recruits", 2), recruits(6)))
card(416, If(is_new(), enemy_tower(-6), attack(6)))
card(417, tower(7), If(is_new(), [tower(3), bricks(3)]))
card(418, tower(-8), If(is_new(), magic(1), gems(12)))
card(420, If(Pred(lambda ctx: ctx.A.a[1] % 5 == 0, "your wall is divisible by 5"),
             [wall(9), gems(4)], wall(4)))
card(423, enemy_stock(-2), If(me.count("Brigand") + me.count("Undead") > 3, stock(2)))
card(434, If(me.recruits - enemy.recruits > 35,
             [recruits(-35), SetAttr("tower", 1, ENEMY), SetAttr("wall", 0, ENEMY)]))
card(436, tower(16), enemy_tower(-6),
     If((me.count("Far sight") > 0) & (me.count("Siege") > 0), enemy_tower(-10)))
card(437, tower(7), If(me.count("Siege") > 0, enemy_tower(-4)))
card(438, If(me.count("Burning") == 2, summon_ids(223, reveal=True), gems(14)))
card(441, wall(15), dungeons(1),
     If(Pred(lambda ctx: 106 in ctx.A.hand, "Goblin horde... is in your hand"), attack(15)))
card(443, attack(10), If(last_card(action="discard"),
                         attack(Fn(lambda ctx: (8, 16, 28)[max(0, ctx.cards[ctx.my_last[0]].rank)],
                                   "8/16/28 by the discarded card's rarity"))))


@custom(402, "Regain a third of the cost of the enemy's last card (at most 4 of each).",
        uncertain=False)
def _402(ctx):
    cards = ctx.cards
    c = cards[ctx.opp_last[0]]
    a = ctx.A.a
    a[5] += min(php_round(c.bricks / 3), 4)
    a[6] += min(php_round(c.gems / 3), 4)
    a[7] += min(php_round(c.recruits / 3), 4)


def _discard_enemy_where(ctx, pred, highest=False):
    """Discard one random enemy card matching pred (optionally of the highest rarity)."""
    cards = ctx.cards
    B = ctx.B
    cands = [i for i in range(8) if B.hand[i] and pred(cards[B.hand[i]])]
    if not cands:
        return None
    if highest:
        i = highest_rarity_slot(ctx, B.hand, cands)
    else:
        # one random call even for one candidate (docs/rules-corrections.md, 21)
        i = cands[ctx.rng.below(len(cands))]
    ctx.replace_from_deck(B, i, "different")
    return i


@custom(408, "Attack 13. Discard a Legend card from the enemy's hand to lower his magic by 1.")
def _408(ctx):
    _attack(ctx.B.a, 13)
    if _discard_enemy_where(ctx, lambda c: "Legend" in c.kw) is not None:
        ctx.B.a[3] -= 1


@custom(409, "Attack 16. Discard the enemy's highest-rarity Unliving, Undead or Dragon card.")
def _409(ctx):
    _attack(ctx.B.a, 16)
    _discard_enemy_where(ctx, lambda c: bool(c.kw & {"Unliving", "Undead", "Dragon"}),
                         highest=True)


@custom(414, "Choose a slot: discard the enemy card there and pay half its cost. If you "
             "cannot pay it all, your highest facility -1.")
def _414(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    B = ctx.B
    old = cards[B.hand[sel]]
    ctx.replace_from_deck(B, sel, "different")
    a = ctx.A.a
    a[5] -= php_round(old.bricks / 2)
    a[6] -= php_round(old.gems / 2)
    a[7] -= php_round(old.recruits / 2)
    if a[5] < 0 or a[6] < 0 or a[7] < 0:
        add_extreme(ctx.rng, a, (2, 3, 4), -1, True)


@custom(419, "Both players discard up to 6 Unliving cards; for each card above 4, that player "
             "loses 10 bricks and 1 quarry.")
def _419(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        hand = P.hand
        slots = [i for i in range(8) if not (P is ctx.A and i == ctx.slot)
                 and "Unliving" in cards[hand[i]].kw]
        # "up to 6": the candidates are shuffled, then the first six go, in that order
        # (docs/rules-corrections.md, "Elementalist shuffles its candidates")
        ctx.rng.shuffle(slots)
        for i in slots[:6]:
            ctx.replace_from_deck(P, i, "random" if P is ctx.A else "different")
        extra = min(len(slots), 6) - 4
        if extra > 0:
            P.a[5] -= 10 * extra
            P.a[2] -= extra


@custom(425, "Both players discard all their Mage cards and gain 4 gems, 4 tower and 8 wall "
             "for each card discarded.")
def _425(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        hand = P.hand
        slots = [i for i in range(8) if not (P is ctx.A and i == ctx.slot)
                 and "Mage" in cards[hand[i]].kw]
        for i in slots:
            ctx.replace_from_deck(P, i, "random" if P is ctx.A else "different")
        n = len(slots)
        P.a[6] += 4 * n
        P.a[0] += 4 * n
        P.a[1] += 8 * n


# ------------------------------------------------------------------ 401-450
from .defs_0451_0500 import _add_stock, _each_player  # noqa: E402

card(401, tower(me.bricks / 5), wall(me.bricks / 5), Sub("stock", me.gems / 5, ENEMY),
     text="Tower and wall + a fifth of your bricks (rounded). Enemy stock - a fifth of your "
          "gems (rounded)")
card(403, recruits(80),
     ReplaceHand((tuple(i for i in ids_of(cards_filter(keyword="Horde")) if i != 403), 8),
                 what="8 random Horde cards (never %s)" % CARDS[403].name))
card(404, attack(20), enemy_tower(-15), summon_ids(374))
card(405, Prod(0), Do(lambda ctx: _undo_wall_loss(ctx, 20),
                      "Whatever your wall lost during the enemy's last round is restored "
                      "(at most 20)"))


def _undo_wall_loss(ctx, cap):
    lost = -ctx.my_ch[1]
    if lost > 0:
        ctx.A.a[1] += min(lost, cap)


card(406, attack(35), Prod(2, "recruits"))


def _goblin_intruder(ctx):
    cards = ctx.cards
    B = ctx.B
    cands = [i for i in range(8) if 0 <= cards[B.hand[i]].rank < 2]
    if cands:
        ctx.place_named(B, highest_rarity_slot(ctx, B.hand, cands), 415)


card(415, Do(_goblin_intruder, "The enemy's highest-rarity non-rare card (a random one on a "
                               "tie) becomes a copy of this card", uncertain=True))


def _gleaners(ctx):
    """The enemy's highest facility is picked first, then his lowest (one random call each,
    even without a tie). They are never the same facility: when all three are equal, the
    lowest is picked from the other two, the last one taking the highest's place in the
    list (docs/rules-corrections.md, "Gleaners")."""
    rng = ctx.rng
    a, b = ctx.A.a, ctx.B.a
    top = max(b[2], b[3], b[4])
    cands = [i for i in (2, 3, 4) if b[i] == top]
    hi = cands[rng.below(len(cands))]
    low = min(b[2], b[3], b[4])
    cands = [i for i in (2, 3, 4) if b[i] == low]
    if hi in cands:  # all three equal
        k = cands.index(hi)
        last = cands.pop()
        if k < len(cands):
            cands[k] = last
    lo = cands[rng.below(len(cands))]
    a[hi + 3] += b[hi]
    a[lo + 3] += b[lo]


card(421, Do(_gleaners, "Gain as much as the enemy's lowest facility produces and as much as "
                        "his highest facility produces, each of the resource it produces",
             uncertain=True))
card(422, Prod(0), summon_ids(15, 80, 422))
_BRIGANDS = ids_of(cards_filter(keyword="Brigand"))
card(424, attack(11), Steal("bricks", enemy.quarry), Steal("gems", enemy.magic),
     Steal("recruits", enemy.dungeons), summon_filter(keyword="Brigand"),
     text="Attack 11. Steal as many bricks, gems and recruits as the enemy's quarry, magic "
          "and dungeons produce. Summons a random Brigand card")
card(426, attack(30), ReplaceSelf())
card(427, tower(7), Prod(10, "recruits"))
card(428, attack(150), gems(20))


def _kw_sum(ctx, *kws):
    cards = ctx.cards

    def metric(P):
        n = 0
        for c in P.hand:
            kw = cards[c].kw
            for k in kws:
                if k in kw:
                    n += 1
        return n
    return metric


def _lowest_facility_up(ctx, P):
    add_extreme(ctx.rng, P.a, (2, 3, 4), 1, False)


card(429, Do(lambda ctx: _each_player(ctx, _kw_sum(ctx, "Alliance", "Legend", "Mage"), max,
                                      lambda P: _lowest_facility_up(ctx, P)),
             "Whoever holds the most Alliance, Legend and Mage cards (counting each of these "
             "keywords; both on a tie) gets lowest facility +1", uncertain=True))
_UNCOMMON = ids_of(cards_filter(rarity="Uncommon"))


def _messenger(ctx):
    deck = ctx.A.deck
    mine = set(deck[0]) | set(deck[1]) | set(deck[2])
    ctx.summon_list([c for c in _UNCOMMON if c not in mine])


card(430, Do(_messenger, "Summons a random uncommon card that is not in your deck",
             uncertain=True))


def _tower_wall(P, t, w):
    P.a[0] += t
    P.a[1] += w


card(431, Do(lambda ctx: _each_player(ctx, _kw_sum(ctx, "Holy"), max,
                                      lambda P: _tower_wall(P, 9, 17)),
             "Whoever holds the most Holy cards (both on a tie) gets tower +9 and wall +17"))


def _facilities_up(P):
    a = P.a
    a[2] += 1
    a[3] += 1
    a[4] += 1


def _fair_trade(ctx):
    _each_player(ctx, lambda P: P.stock, min, lambda P: _add_stock(P, 15), _facilities_up)


card(432, Do(_fair_trade, "Whoever has fewer resources in total gets stock +15 and his "
                          "opponent facilities +1 (on a tie, both get both)"))
_MOON = (487, 583, 486)


def _moon_priestess(ctx):
    """The cheapest, then the most expensive enemy card (one random call each, even without
    a tie) get two *different* cards of the three, drawn without replacement and without
    anti-flood (docs/rules-corrections.md, "Moon priestess gives two different cards")."""
    cards = ctx.cards
    B = ctx.B
    slots = [i for i in range(8) if B.hand[i]]
    if not slots:
        return
    rng = ctx.rng
    cost = [cards[B.hand[i]].total_cost for i in range(8)]
    picks = []
    for best in (min, max):
        t = best(cost[i] for i in slots)
        cands = [i for i in slots if cost[i] == t]
        i = cands[rng.below(len(cands))]
        if i not in picks:
            picks.append(i)
    left = list(_MOON)
    for i in picks:
        # (no draw statistic: the original counts none for these)
        ctx.place(B, i, left.pop(rng.below(len(left))))


card(433, Do(_moon_priestess, "The enemy's cheapest and most expensive cards (random among "
                              "ties) become two different cards of these, picked at random: "
                              "%s, %s and %s" % tuple(CARDS[c].name for c in _MOON),
             uncertain=True))
card(435, gems(50), magic(1))


def _highest_facility_down(ctx, P):
    add_extreme(ctx.rng, P.a, (2, 3, 4), -1, True)


card(439, Do(lambda ctx: _each_player(ctx, _kw_sum(ctx, "Brigand", "Undead"), min,
                                      lambda P: _highest_facility_down(ctx, P)),
             "Whoever holds fewer Brigand and Undead cards (counting each of these keywords; "
             "both on a tie) loses 1 of his highest facility", uncertain=True))
card(440, Prod(2, "gems"))
card(442, wall(24), gems(me.count("Nature")), recruits(me.count("Beast")),
     text="Wall +24. Gems +1 for each Nature card and recruits +1 for each Beast card in your "
          "hand (this one included)")
card(444, wall(35), attack(5 * me.count("Burning")),
     text="Wall +35. Attack 5 for each Burning card in your hand (this one included)")
card(445, lowest("resource", -7, ENEMY))
card(446, enemy_wall(-22), attack(18))
card(447, attack(45))


def _giant(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        for i in range(8):
            if not (P is ctx.A and i == ctx.slot) and cards[P.hand[i]].rank == 0:
                ctx.replace_from_deck(P, i, "random" if P is ctx.A else "no_rare")


card(448, attack(35), Do(_giant, "Every common card in both hands is discarded; the enemy's "
                                 "replacements are never rare", uncertain=True))


def _halfling(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    cid = ctx.A.hand[sel]
    # "can't summon self" is the played slot, not the card: another Halfling rogue in
    # hand is copied like any zero-cost card (docs/rules-corrections.md)
    if cid and sel != ctx.slot and cards[cid].cost_class == "zero":
        ctx.summon(cid, reveal=ctx.A.rev[sel])


card(449, Do(_halfling, "Choose another zero-cost card in your hand (another %s too): "
                        "this card becomes a copy of it" % CARDS[449].name))
card(450, tower(10), highest("facility", 1), lowest("facility", 1))
