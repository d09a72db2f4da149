"""Card definitions for ids 51-100 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..hand import place_self



def _discard_keyword_card(ctx):
    from .defs_0001_0050 import discard_enemy_best
    discard_enemy_best(ctx, lambda c: bool(c.kw) and "Durable" not in c.kw)


card(51, Do(_discard_keyword_card, "The enemy discards his most expensive card that has a "
                                   "keyword other than Durable", uncertain=True))
card(52, attack(9), enemy_stock(-3))
card(53, attack(6 + me.magic))
card(54, enemy_wall(-10))
card(55, tower(5), stock(1), summon_filter(keyword="Nature"))
card(56, tower(12))
card(57, wall(7))
card(58, tower(6), stock(2),
     summon_filter("a random non-common Destruction card", rarity=("Uncommon", "Rare"),
                   keyword="Destruction"))
card(59, enemy_tower(-9))
card(60, attack(4), bricks(3))
card(61, attack(50))
card(62, enemy_tower(-14))
card(63, facilities(-1), enemy_tower(-24))
card(64, tower(25), facilities(1), enemy_tower(25), enemy_facilities(1))
card(65, tower(7), stock(3),
     summon_filter("a random non-common Illusion card", rarity=("Uncommon", "Rare"),
                   keyword="Illusion"))
card(66, attack(18))
card(67, tower(40))
card(68, attack(3), recruits(2),
     summon_filter("a random non-common Barbarian card", rarity=("Uncommon", "Rare"),
                   keyword="Barbarian"))
_BEAST_FRENZY = tuple(c.id for c in cards_filter(keyword="Beast")
                      if "Frenzy" in c.kw and c.id != 69)


def _beast_neighbours(ctx):
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.replace_from_list(ctx.A, i, _BEAST_FRENZY)


card(69, Prod(2, "recruits"),
     Do(_beast_neighbours, "Both neighbouring cards are replaced by random Beast cards with "
                           "Frenzy (never Beast mistress)", uncertain=True))
card(70, tower(20), magic(2))
card(71, attack(3), wall(5))
card(72, tower(10))
card(73, attack(10), wall(5), enemy_bricks(-5))
card(74, attack(25))
card(75, attack(15))


def _replace_with_self(ctx):
    sel = ctx.mode - 1
    if sel == ctx.slot:
        ctx.keep()
    else:
        place_self(ctx, sel)


card(76, Prod(0), enemy_tower(-3),
     Do(_replace_with_self, "Choose a slot: this card moves there and the card there is "
                            "discarded (choose this card's own slot to keep it)"))
card(77, attack(6), recruits(Min(me.count("Barbarian"), 4)),
     text="Attack 6. Recruits +1 for each Barbarian card in your hand (this one included), "
          "at most +4")
card(78, attack(5), gems(3))
card(79, enemy_bricks(-10))
card(80, Attack(4 * me.facilities + 4 * Floor(me.stock, 10), side=ME),
     attack(4 * enemy.facilities + 4 * Floor(enemy.stock, 10)),
     text="Each player is attacked for 4 per point of his facilities and 4 per full 10 "
          "resources he holds")
card(81, facilities(2), SetAttr("stock", 0), enemy_facilities(2), SetAttr("stock", 0, ENEMY))
card(82, attack(me.magic), text="Attack N, where N is your magic")
card(83, attack(15), dungeons(1), enemy_dungeons(1))
card(84, attack(8), enemy_gems(-8))
card(85, attack(10), enemy_gems(-8))
card(86, attack(40), enemy_gems(-20))
card(87, tower(60), If(me.wall < 40, SetAttr("wall", 40)))
card(88, attack(35 + 7 * me.count("Undead")),
     text="Attack 35, plus 7 for each Undead card in your hand (this one included)")


def _zero_near_opposite(ctx):
    cards = ctx.cards
    h = ctx.B.hand
    s = ctx.slot
    return any(cards[h[i]].cost_class == "zero" for i in (s - 1, s, s + 1) if 0 <= i < 8)


card(89, attack(80),
     If(Pred(_zero_near_opposite, "the enemy card opposite or one next to it costs nothing"),
        attack(20)))
card(90, attack(10), gems(6))
card(91, enemy_recruits(-6))
card(92, Modes(attack(55), wall(65)))
card(93, Modes(attack(25), wall(32), enemy_wall(-35)))
card(94, Modes(attack(12), enemy_tower(-7)))
card(95, enemy_tower(-3))
card(96, gems(2))
card(97, attack(1),
     If(last_card(cost="zero", text="your last card played cost nothing"),
        summon_filter("a random non-common zero-cost card", rarity=("Uncommon", "Rare"),
                      cost="zero")))
card(98, attack(10), enemy_magic(-1))
card(99, dungeons(1), magic(1), gems(25), enemy_dungeons(1), enemy_magic(1), enemy_gems(-25))
card(100, quarry(5), enemy_quarry(5))
