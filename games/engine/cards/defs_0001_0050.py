"""Card definitions for ids 1-50 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401

_LAST_MAGE = "your last card was a Mage card"

card(1, If(me.wall == 0, wall(10), wall(3)))
card(2, tower(2), If(me.changed("tower") < 0, tower(5)),
     text="Tower +2. If your tower was damaged during the enemy's last round: Tower +5")
card(3, enemy_quarry(-1))
card(4, wall(max_wall / 2), text="Wall +half the maximum wall")
card(5, facilities(1), enemy_facilities(-1))
card(6, attack(30), enemy_wall(-20))
card(7, attack(7))
card(8, Steal("gems", 7))
card(9, wall(15), magic(2), summon_filter(rarity="Rare", keyword="Mage"))
card(10, attack(21), Modes(bricks(8), recruits(6)))
card(11, gems(17), If(last_card(keyword="Mage", text=_LAST_MAGE), gems(5)))
card(12, dungeons(1))
card(13, attack(3),
     If(matching(lambda c: c.recruits == 0, "the enemy card opposite costs no recruits"),
        StealRandom(3)))
card(14, enemy_magic(-1))
card(15, highest("facility", -1), highest("facility", -1, ENEMY))
card(16, tower(3), stock(1), summon_filter(keyword="Mage"))
card(17, Sub("tower", Max(10, enemy.tower / 2), ENEMY), Sub("wall", Max(10, enemy.wall / 2), ENEMY),
     text="Enemy tower and enemy wall each lose half their height (rounded), at least 10 each")
card(18, tower(5))
card(19, wall(25))


def discard_enemy_best(ctx, eligible):
    """Discard the enemy's most expensive (total cost) card among those ``eligible(CardDef)``
    accepts (a random one of them on a tie); his deck refills the slot (different draw)."""
    cards = ctx.cards
    hand = ctx.B.hand
    cands = [i for i in range(8) if hand[i] and eligible(cards[hand[i]])]
    if not cands:
        return
    top = max(cards[hand[i]].total_cost for i in cands)
    cands = [i for i in cands if cards[hand[i]].total_cost == top]
    # one random call even for a single candidate (docs/rules-corrections.md, "Picks
    # among the most expensive cards")
    i = cands[ctx.rng.below(len(cands))]
    ctx.replace_from_deck(ctx.B, i, "different")


card(20, recruits(10),
     Do(lambda ctx: discard_enemy_best(
         ctx, lambda c: c.cost_class == "recruits" and c.rank < 2),
        "The enemy discards his most expensive non-rare card that costs only recruits",
        uncertain=True))
card(21, tower(30))
card(22, quarry(1))
card(23, stock(1),
     If(Pred(lambda ctx: ctx.my_ch[5] < 0 or ctx.my_ch[6] < 0 or ctx.my_ch[7] < 0,
             "the enemy lowered any of your resources last round"), stock(1)))
card(24, attack(5), If(me.tower < 30, tower(4)))
card(25, attack(14))
card(26, attack(1), Steal("stock", 1))
card(27, stock(me.count("Holy")),
     text="Stock +1 for each Holy card in your hand (this one included)")
card(28, attack(29), gems(-7), If(me.count("Undead") < 4, magic(-1)),
     text="Attack 29. Gems -7. If you hold fewer than 4 Undead cards (this one included): "
          "Magic -1")
card(29, enemy_dungeons(-1))
card(30, magic(2), gems(30), Modes(quarry(-1), dungeons(-1)))
card(31, attack(22 + enemy.count("Holy")), gems(enemy.count("Holy")),
     text="Attack 22 + N. Gems +N. N is the number of Holy cards in the enemy's hand")
card(32, attack(16))
card(33, wall(13), summon_filter(rarity="Rare", keyword="Beast"))
card(34, magic(1))
card(35, tower(15),
     If(matching(lambda c: c.gems > 0, "the enemy card opposite costs gems"), gems(10)))
card(36, attack(16))
card(37, enemy_gems(-12))
card(38, Steal("stock", me.count("Brigand")),
     text="Steal 1 of each resource for each Brigand card in your hand (this one included)")
card(39, tower(2), wall(3))
card(40, enemy_recruits(-20))
card(41, Modes(wall(8), enemy_wall(-9)))
card(42, attack(2), summon_filter(keyword="Far sight"))
card(43, magic(-1), gems(25))
card(44, stock(3 * me.count("Holy")),
     text="Stock +3 for each Holy card in your hand (this one included)")
card(45, attack(4), enemy_tower(-1))
card(46, enemy_wall(-8))
card(47, wall(35), bricks(5))
card(48, tower(4), stock(1), summon_filter(keyword="Restoration"))
card(49, bricks(10), If(last_card(keyword="Mage", text=_LAST_MAGE), bricks(5)))
card(50, recruits(10), If(last_card(keyword="Mage", text=_LAST_MAGE), recruits(5)))
