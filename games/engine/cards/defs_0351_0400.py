"""Card definitions for ids 351-400 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..attributes import attack as _attack
from ..hand import place_self

card(362, wall(5), enemy_wall(-5), attack(5))
card(381, RandomGain(1))

card(351, If(is_new(), summon_ids(159, reveal=True), summon_ids(351, reveal=True)))
card(352, attack(15), If(me.magic > enemy.magic, attack(19)))
card(354, tower(9), wall(15), If(me.count("Legend") > 0, magic(1)))
card(359, wall(10), If((enemy.count("Charge") > 0) | (me.count("Enduring") > 0), wall(8)))
card(361, attack(5), If(last_card(keyword=("Burning", "Mage")), enemy_stock(-3)))
card(367, If(enemy.count("Charge") > 0, attack(4), attack(10)))
card(368, attack(4), If(enemy.changed("wall") > 8, enemy_wall(-12)))
card(370, attack(35), If(me.count("Dragon") > 1, Prod(2, "gems")))
card(371, attack(35), If((me.count("Legend") > 1) & (me.count("Mage") > 0), [gems(20), magic(1)]))
card(374, enemy_tower(-11), If(last_card(keyword="Mage"), enemy_stock(-5)))
card(376, attack(30), If(me.count("Beast") > 1, recruits(12)))
card(382, If(me.count("Holy") > 1, gems(3)), If(me.count("Soldier") > 1, recruits(3)))
card(387, If(enemy.wall == 0, enemy_stock(-4), enemy_wall(-9)))
card(395, If(me.wall > 7, [tower(10), wall(-7)], wall(7)))


def _lost_stock(ctx):
    ch = ctx.my_ch
    return [(-ch[i] if ch[i] < 0 else 0) for i in (5, 6, 7)]


@custom(364, "If the enemy reduced your resources last round, he loses twice as much of each "
             "(at most 8 each).", uncertain=False)
def _364(ctx):
    b = ctx.B.a
    for k, lost in zip((5, 6, 7), _lost_stock(ctx)):
        if lost:
            b[k] -= min(2 * lost, 8)


@custom(366, "If the enemy reduced your resources last round, you get them back "
             "(at most 6 of each).", uncertain=False)
def _366(ctx):
    a = ctx.A.a
    for k, lost in zip((5, 6, 7), _lost_stock(ctx)):
        if lost:
            a[k] += min(lost, 6)


@custom(363, "Discard your cheapest (in recruits), lowest-rarity Barbarian or Soldier card to "
             "gain 3 of each resource.")
def _363(ctx):
    cards = ctx.cards
    hand = ctx.A.hand
    cands = [i for i in range(8) if i != ctx.slot
             and ("Barbarian" in cards[hand[i]].kw or "Soldier" in cards[hand[i]].kw)]
    if not cands:
        return
    best = min((cards[hand[i]].recruits, cards[hand[i]].rank) for i in cands)
    cands = [i for i in cands if (cards[hand[i]].recruits, cards[hand[i]].rank) == best]
    i = cands[ctx.rng.below(len(cands))] if len(cands) > 1 else cands[0]
    ctx.replace_from_deck(ctx.A, i, "random")
    a = ctx.A.a
    a[5] += 3
    a[6] += 3
    a[7] += 3


@custom(372, "Choose a slot: discard every other Undead card from your hand (not the chosen "
             "one). Attack 9 for each card discarded.")
def _372(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    hand = ctx.A.hand
    slots = [i for i in range(8) if i != sel and i != ctx.slot
             and "Undead" in cards[hand[i]].kw]
    for i in slots:
        ctx.replace_from_deck(ctx.A, i, "random")
    _attack(ctx.B.a, 9 * len(slots))


@custom(373, "Choose a slot: discard the enemy card there. With more than three Unliving "
             "cards in your hand, gain half of its cost (at most 20 of each).")
def _373(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    B = ctx.B
    old = cards[B.hand[sel]]
    ctx.replace_from_deck(B, sel, "different")
    if ctx.kw_count(ctx.A, "Unliving") > 3:
        a = ctx.A.a
        a[5] += min(php_round(old.bricks / 2), 20)
        a[6] += min(php_round(old.gems / 2), 20)
        a[7] += min(php_round(old.recruits / 2), 20)


card(378, attack(60), If(Pred(lambda ctx: ctx.my_last[2] == "play"
                              and ("summons" in ctx.cards[ctx.my_last[0]].classes
                                   or "replace" in ctx.cards[ctx.my_last[0]].classes)
                              and "Undead" in ctx.cards[ctx.my_last[0]].support,
                              "your last card summoned or replaced Undead cards"),
                         attack(45)))


@custom(388, "Whoever has the most resources in total gains a quarter of each of his "
             "resources (both on a tie).", uncertain=False)
def _388(ctx):
    sa = ctx.A.stock
    sb = ctx.B.stock
    for P, s in ((ctx.A, sa), (ctx.B, sb)):
        if s >= max(sa, sb):
            a = P.a
            for k in (5, 6, 7):
                a[k] += php_round(a[k] * 0.25)


@custom(398, "Attack 25. Magic +1, enemy magic -1. Discard a Mage card from your hand to "
             "gain 30 gems.")
def _398(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 25)
    ctx.A.a[3] += 1
    ctx.B.a[3] -= 1
    hand = ctx.A.hand
    cands = [i for i in range(8) if i != ctx.slot and "Mage" in cards[hand[i]].kw]
    if cands:
        # one random call even for one candidate (docs/rules-corrections.md, 21)
        i = cands[ctx.rng.below(len(cands))]
        ctx.replace_from_deck(ctx.A, i, "random")
        ctx.A.a[6] += 30


# ------------------------------------------------------------------ 353-400
from .defs_0251_0300 import _fixed_hand  # noqa: E402
from .defs_0451_0500 import distinct_keywords  # noqa: E402
from .defs_0601_0650 import ReplaceChosen  # noqa: E402

card(353, magic(-1), Modes(quarry(1), dungeons(1)))


@custom(355, "Both players discard every card with a keyword from their hands (refilled from "
             "their decks); each player is attacked for 7 per card he discarded.")
def _355(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        slots = [i for i in range(8) if not (P is ctx.A and i == ctx.slot)
                 and cards[P.hand[i]].kw]
        for i in slots:
            ctx.replace_from_deck(P, i, "random" if P is ctx.A else "different")
        _attack(P.a, 7 * len(slots))


@custom(356, "Choose a slot: this card moves there and the card there is discarded. Choosing "
             "this card's own slot instead gains recruits equal to the recruit cost of the "
             "enemy card opposite (at most 10).")
def _356(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    if sel == ctx.slot:
        ctx.A.a[7] += min(cards[ctx.B.hand[sel]].recruits, 10)
    else:
        place_self(ctx, sel)


card(357, tower(2), wall(2), Modes(gems(6), recruits(6)))
card(358, enemy_tower(-16), enemy_wall(-20))
card(360, gems(3))
card(365, Modes(enemy_tower(-5), [recruits(4), enemy_recruits(-6)]))
_FIRE_BEASTS = both.count("Burning") + both.count("Beast")
card(369, attack(13 + 2 * _FIRE_BEASTS), recruits(_FIRE_BEASTS),
     text="N is the number of Burning cards plus the number of Beast cards in both hands "
          "(this one counts twice). Attack 13 + 2N. Recruits +N")
card(375, tower(7), wall(11), Prod(3))


def _undo_losses(ctx, idx):
    a, ch = ctx.A.a, ctx.my_ch
    for i in idx:
        if ch[i] < 0:
            a[i] -= ch[i]


card(377, attack(24), Do(lambda ctx: _undo_losses(ctx, (0, 1)),
                         "Whatever your tower and wall lost during the enemy's last round is "
                         "restored"))
card(379, SetAttr("tower", max_tower / 2), SetAttr("wall", max_wall / 2), stock(5),
     text="Your tower becomes half the maximum tower and your wall half the maximum wall. "
          "Stock +5")


def _balance(ctx):
    a, b = ctx.A.a, ctx.B.a
    for i in range(8):
        a[i] = b[i] = php_round((a[i] + b[i]) / 2)


card(380, If(~is_new(), Do(_balance, "")),
     text="Unless this card is new: both players' tower, wall, each facility and each "
          "resource become the average of the two players' values (rounded)")
_MOUNTAIN_OF_FAITH = (503, 27, 85, 90, 175, 473, 137, 44)
card(383, Do(_fixed_hand(_MOUNTAIN_OF_FAITH),
             "Your hand is replaced by these 8 cards in random order: %s"
             % "; ".join(CARDS[c].name for c in _MOUNTAIN_OF_FAITH), uncertain=True))
card(384, Modes(summon_ids(227, reveal=True), summon_ids(226, reveal=True),
                summon_ids(225, reveal=True)),
     text="Mode 1: summons %s / Mode 2: summons %s / Mode 3: summons %s (the enemy sees "
          "the summoned card)" % (CARDS[227].name, CARDS[226].name, CARDS[225].name))
card(385, Modes(enemy_recruits(-15), enemy_tower(-10)))
_PEACEFUL = (263, 273, 23, 660)


def _sheath(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        for i in range(8):
            c = cards[P.hand[i]]
            if (not (P is ctx.A and i == ctx.slot) and 0 <= c.rank < 2
                    and c.cost_class in ("recruits", "mixed") and "attack" in c.classes):
                ctx.replace_from_list(P, i, _PEACEFUL)


card(386, Do(_sheath, "In both hands, every common or uncommon attack card that costs recruits "
                      "(alone or mixed) becomes %s (picked at random)"
             % " or ".join(CARDS[c].name for c in _PEACEFUL), uncertain=True))


def _iron_bank(ctx):
    a = ctx.A.a
    for k in (5, 6, 7):
        a[k] += min(php_round(a[k] / 4), 25)


card(389, Do(_iron_bank, "Each of your resources grows by a quarter (rounded, at most 25 each)"))


def _anomaly(ctx):
    b, ch = ctx.B.a, ctx.his_ch
    for i in range(8):
        if ch[i] > 0:
            b[i] -= ch[i]


card(390, Do(_anomaly, "Whatever the enemy's tower, wall, facilities and resources gained "
                       "during his last round is taken away again"))
card(391, tower(-10), wall(20))
card(392, ReplaceChosen(313, CARDS[313].name + " (shown to the enemy)"))
card(393, attack(5), Modes(summon_filter(keyword="Nature"), summon_filter(keyword="Restoration")))
card(394, attack(7), Prod(2, "recruits"),
     ReplaceChosen(ids_of(cards_filter(keyword="Alliance")), "a random Alliance card"))
_HOLY_UNLIVING = me.count("Holy") + me.count("Unliving")
card(396, RandomGain(_HOLY_UNLIVING), wall(2 * _HOLY_UNLIVING),
     text="N is the number of Holy cards plus the number of Unliving cards in your hand (this "
          "one counts twice). Gain N random resources. Wall +2N")
_KEYWORDS = Fn(lambda ctx: distinct_keywords(ctx, ctx.A), "the number of different keywords in "
                                                     "your hand")
card(397, attack(8 * _KEYWORDS), stock(2 * _KEYWORDS),
     text="N is the number of different keywords in your hand. Attack 8N. Stock +2N")
card(399, tower(2), wall(3),
     ReplaceChosen(ids_of(cards_filter(keyword="Mage", rarity=("Common", "Uncommon"))),
                   "a random common or uncommon Mage card"))


def _mask(ctx):
    sel = ctx.mode - 1
    if sel != ctx.slot:
        ctx.summon(ctx.A.hand[sel])


card(400, Do(_mask, "Choose another card in your hand: this card becomes a copy of it"))
