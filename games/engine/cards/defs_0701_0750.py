"""Card definitions for ids 701-750 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from .defs_0601_0650 import FixedHand, ReplaceChosen, _pick  # noqa: F401
from .defs_0651_0700 import replace_neighbours
from .. import draws
from ..attributes import attack as _attack, pick_extreme
from ..hand import place_self

_DRAGONS = ids_of(cards_filter(keyword="Dragon"))
_DRAGONS_BY_RANK = [ids_of(cards_filter(keyword="Dragon", rarity=r))
                    for r in ("Common", "Uncommon", "Rare")]

card(701, attack(20), wall(25), Prod(3, "bricks"))
card(702, attack(30), Prod(4, "recruits"))
card(703, wall(enemy.wall / 10), recruits(enemy.wall / 10),
     text="Wall and recruits + a tenth of the enemy wall (rounded)")

_RARES = ids_of(cards_filter(rarity="Rare"))
card(704, Do(lambda ctx: replace_neighbours(ctx, _RARES),
             "Both neighbouring cards become random rare cards", uncertain=True))
card(705, tower(4 * me.count("Horde")), wall(15), Prod(0),
     text="Tower +4 for each Horde card in your hand (this one included). Wall +15. All "
          "production x0")
card(706, attack(10 + 4 * me.facilities), text="Attack 10 + 4 x the sum of your facilities")


@custom(707, "Choose a slot: a Dragon card there becomes another Dragon of the same rarity; "
             "a Dragon egg there becomes any Dragon.")
def _707(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    A = ctx.A
    c = cards[A.hand[sel]]
    if sel == ctx.slot:
        return
    if c.id == 131:
        ctx.replace_from_list(A, sel, _DRAGONS)
    elif "Dragon" in c.kw:
        ctx.replace_from_list(A, sel, _DRAGONS_BY_RANK[c.rank])


def _zero_cost_opposite(ctx):
    cards = ctx.cards
    return sum(1 for c in ctx.B.hand if c and cards[c].cost_class == "zero")


_N708 = Fn(_zero_cost_opposite, "the number of zero-cost cards in the enemy's hand")
card(708, wall(5 - _N708), StealRandom(_N708),
     text="Wall +5 - N. Steal N random resources. N is the number of zero-cost cards in the "
          "enemy's hand")
card(709, wall(7), summon_filter("a random bricks-only card without keywords that raises "
                                 "a wall", cost="bricks", keyword="none", effect="wall_plus"))
card(710, enemy_tower(-35), highest("facility", -1, ENEMY))
card(711, highest("facility", 1), highest("resource", 10))

_RARE_ILLUSION = ids_of(cards_filter(keyword="Illusion", rarity="Rare"))


def _712(ctx):
    cards = ctx.cards
    A = ctx.A
    for i in range(8):
        if i != ctx.slot and cards[A.hand[i]].rank == 2:
            ctx.replace_from_list(A, i, A.deck[2])
    ctx.summon_list(_RARE_ILLUSION)


card(712, Do(_712, "Every other rare card in your hand becomes a rare card from your deck. "
                   "Summons a random rare Illusion card", uncertain=True))
card(713, Sub("tower", 10 * me.count("Aria"), ENEMY),
     text="Enemy tower -10 for each Aria card in your hand (this one included)")


def _714(ctx):
    cards = ctx.cards
    A, B = ctx.A, ctx.B
    for i in range(8):
        r = cards[B.hand[i]].rank
        if r >= 0:
            cid = draws.from_list(ctx.rng, A.deck[r], B.hand, i, ctx.events)
            ctx.place(B, i, cid)


card(714, attack(26), Do(_714, "Every enemy card becomes a card of the same rarity from your "
                               "deck", uncertain=True))


def _715(ctx):
    cards = ctx.cards
    B = ctx.B
    for i in range(8):
        if cards[B.hand[i]].classes & {"discard", "replace"}:
            ctx.replace_from_list(B, i, B.deck[0])


card(715, attack(25), Do(_715, "Every enemy card that discards or replaces cards becomes a "
                               "common card from his deck", uncertain=True))
card(716, attack(30), summon_filter(keyword="Far sight", rarity="Rare"))


def _717(ctx):
    A = ctx.A
    for i in range(8):
        if i != ctx.slot:
            ctx.replace_from_deck(A, i, "random")


card(717, Do(_717, "Discard every other card in your hand", uncertain=True))
card(718, ReplaceHand((ids_of(cards_filter(keyword="Runic", rarity="Common")), 3),
                      (ids_of(cards_filter(keyword="Runic", rarity="Uncommon")), 3),
                      (ids_of(cards_filter(keyword="Runic", rarity="Rare")), 2),
                      what="3 common, 3 uncommon and 2 rare Runic cards"))
card(719, wall(30), If(me.wall >= max_wall, SetAttr("tower", max_tower), bricks(15)))
card(720, tower(40), wall(40), facilities(1))
# the original tests Temptress's last card whether it was played or discarded, though the
# card says "played" (docs/rules-corrections.md)
card(721, attack(30), If(last_card(rarity="Rare", action=None), enemy_stock(-10)),
     If(last_card(keyword="Demonic", action=None), attack(20)))


def _722(ctx):
    cards = ctx.cards
    B = ctx.B
    for i in range(8):
        if cards[B.hand[i]].kw & {"Alliance", "Mage", "Runic", "Soldier"}:
            ctx.place_named(B, i, 248)


card(722, attack(50), Do(_722, "Every enemy Alliance, Mage, Runic and Soldier card becomes "
                               "%s" % CARDS[248].name))
card(723, attack(7))


def _unplayable(ctx):
    cards = ctx.cards
    n = 0
    for P in (ctx.A, ctx.B):
        a = P.a
        for c in P.hand:
            c = cards[c]
            if c.bricks > a[5] or c.gems > a[6] or c.recruits > a[7]:
                n += 1
    return n


card(724, RandomGain(Fn(_unplayable, "the number of cards in both hands their owner cannot "
                                     "afford")),
     text="Gain 1 random resource for each card in both hands that its owner cannot afford")
card(725, RandomGain(Max(25 - me.tower, 4)))


def _726(ctx):
    B = ctx.B
    for i in (ctx.slot, ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.place_named(B, i, 381)


card(726, attack(30), Prod(2, "recruits"),
     Do(_726, "The enemy card opposite and its neighbours become %s" % CARDS[381].name))
_N727 = Min(me.count("Demonic"), 4)
card(727, attack(3), gems(_N727), recruits(_N727),
     text="Attack 3. Gems and recruits +1 for each Demonic card in your hand (this one "
          "included, at most 4)")


def _728(ctx):
    A = ctx.A
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.replace_from_deck(A, i, "random")


card(728, Do(_728, "Discard both neighbouring cards", uncertain=True))
card(729, attack(6), ReplaceChosen(728, CARDS[728].name))
card(730, stock(1), If(is_new(), stock(1)))
card(731, wall(40), stock(6), summon_filter(keyword="Legend"))


@custom(732, "Attack 20. If the enemy cannot afford the card opposite, it is discarded.")
def _732(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 20)
    B = ctx.B
    c = cards[B.hand[ctx.slot]]
    b = B.a
    if c.id and (b[5] < c.bricks or b[6] < c.gems or b[7] < c.recruits):
        ctx.replace_from_deck(B, ctx.slot, "different")


card(733, wall(15), Prod(2), summon_filter(keyword="Alliance"))
card(734, attack(30 + 5 * me.count("Demonic")), summon_filter(keyword="Demonic"),
     text="Attack 30 + 5 for each Demonic card in your hand (this one included). Summons a "
          "random Demonic card")
card(735, wall(35), enemy_quarry(2), summon_ids(100, 616, 221))
_N736 = me.count("Holy")
card(736, tower(3 * _N736), wall(4 * _N736), stock(2 * _N736),
     text="For each Holy card in your hand (this one included): tower +3, wall +4, stock +2")
card(737, tower(9), wall(9))
card(738, tower(16), wall(28), If(last_card(keyword="Demonic"), wall(24)))
card(739, stock(9), Prod(0))


@custom(740, "Attack 25. Choose a slot: this card replaces the card there (choosing its own "
             "slot keeps it). If your last card was not a Shadow warrior, attack 30 more.")
def _740(ctx):
    _attack(ctx.B.a, 25)
    sel = ctx.mode - 1
    if sel == ctx.slot:
        ctx.keep()
    else:
        place_self(ctx, sel)
    if not (ctx.my_last[2] == "play" and ctx.my_last[0] == 740):
        _attack(ctx.B.a, 30)


card(741, Modes(bricks(60), gems(40), recruits(50)))
card(742, quarry(-2), dungeons(2))
card(743, tower(5), wall(15), facilities(1))
card(744, Do(lambda ctx: ctx.summon_list(ctx.A.deck[1] + ctx.A.deck[2]),
             "Summons a random uncommon or rare card from your deck", uncertain=True))
card(745, attack(36), Modes(wall(38), gems(18)))
card(746, Prod(0), RandomLoss(20),
     ReplaceChosen((241, 304, 485), "a random one of %s, %s and %s"
                   % tuple(CARDS[i].name for i in (241, 304, 485))))


def _747(ctx):
    ctx.place_named(ctx.B, ctx.slot, 247)


card(747, Do(_747, "The enemy card opposite becomes %s" % CARDS[247].name),
     summon_ids(509, 497, 679))


def _748(ctx):
    """Both extremes are judged on the facilities as they were: each player in turn (the
    actor first) has his highest and then his lowest facility picked (one random call
    each, ties uniform), and only then are the picks applied where his extreme is the
    extreme of both players (docs/rules-corrections.md, "Altruism picks before it
    changes")."""
    rng = ctx.rng
    a, b = ctx.A.a, ctx.B.a
    top = max(max(a[2:5]), max(b[2:5]))
    low = min(min(a[2:5]), min(b[2:5]))
    for x in (a, b):
        hi = pick_extreme(rng, x, (2, 3, 4), True)
        lo = pick_extreme(rng, x, (2, 3, 4), False)
        loses = x[hi] == top
        gains = x[lo] == low
        if loses:
            x[hi] -= 1
        if gains:
            x[lo] += 1


card(748, Do(_748, "The player with the highest facility loses 1 of it; the player with the "
                   "lowest facility gains 1 of it (both players on a tie)", uncertain=True))

_UNCOMMON_HORDE = ids_of(cards_filter(keyword="Horde", rarity="Uncommon"))


def _749(ctx):
    cards = ctx.cards
    A = ctx.A
    for i in range(8):
        c = cards[A.hand[i]]
        if i != ctx.slot and c.rank == 0 and "Horde" in c.kw:
            ctx.replace_from_list(A, i, _UNCOMMON_HORDE)


card(749, attack(20), recruits(15),
     Do(_749, "Every common Horde card in your hand becomes a random uncommon Horde card",
        uncertain=True))
card(750, attack(50), FixedHand((699, 601, 592, 592, 557, 557, 40, 40), ENEMY))
