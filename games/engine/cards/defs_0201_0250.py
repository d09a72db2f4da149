"""Card definitions for ids 201-250 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401

_NONCOMMON_UNDEAD = ids_of(cards_filter(keyword="Undead", rarity=("Uncommon", "Rare")))
_NONRARE_ZERO = ids_of(cards_filter(rarity=("Common", "Uncommon"), cost="zero"))

card(201, wall(30), If(me.count("Siege") > 1, enemy_tower(-10)))
card(202, attack(17), Steal("bricks", 5))


@custom(203, "Summons a random uncommon or rare Undead card. If your Undead counter is above "
             "50, you also gain the summoned card's cost (at most 10 of each resource).")
def _203(ctx):
    cards = ctx.cards
    cid = ctx.summon_list(_NONCOMMON_UNDEAD)
    P = ctx.A
    if cid and "Undead" in P.tok_names and P.tok[P.tok_names.index("Undead")] > 50:
        c = cards[cid]
        a = P.a
        a[5] += min(c.bricks, 10)
        a[6] += min(c.gems, 10)
        a[7] += min(c.recruits, 10)


card(204, enemy_tower(-9))
card(205, enemy_stock(10),
     ReplaceHand((_NONRARE_ZERO, 8), side=ENEMY,
                 what="8 random zero-cost cards (common or uncommon)"))
card(206, stock(-8), enemy_stock(-8))
card(207, Do(lambda ctx: ctx.summon(ctx.B.hand[ctx.mode - 1], reveal=True),
             "Choose a slot: the enemy card there is copied into your hand in place of this "
             "card (the enemy sees it)"))
card(208, wall(30), quarry(-1))
card(209, wall(70), Modes(quarry(-1), dungeons(-1)))
card(210, If(enemy.tower < me.tower, [tower(-10), enemy_tower(-10)],
             [tower(10), enemy_tower(10)]))
card(211, If(enemy.wall - me.wall > 10, attack(25), attack(15)),
     text="If the enemy wall is more than 10 higher than yours: Attack 25. Otherwise: Attack 15")
card(212, attack(2), enemy_recruits(-1), ReplaceSelf())
card(213, quarry(1), If(enemy.quarry > 3, enemy_quarry(-1)))
card(214, magic(1), If(enemy.magic > 3, enemy_magic(-1)))
card(215, dungeons(1), If(enemy.dungeons > 3, enemy_dungeons(-1)))
card(216, If(me.tower < 15, tower(15), tower(3)))


def _discard_all_but_chosen(ctx):
    sel = ctx.mode - 1
    for i in range(8):
        if i != sel and i != ctx.slot:
            ctx.replace_from_deck(ctx.A, i, "random")


card(217, wall(2), Prod(0),
     Do(_discard_all_but_chosen, "Choose a card in your hand: every other card is discarded "
                                 "and replaced from your deck", uncertain=True))

_MANA = Min(enemy.gems, 30)
card(218, Sub("tower", _MANA / 2, ENEMY), Sub("wall", _MANA, ENEMY), Sub("gems", _MANA, ENEMY),
     text="Let N be the enemy's gems (at most 30): enemy tower -N/2 (rounded), "
          "enemy wall -N, enemy gems -N")
card(219, Modes(attack(16), [wall(13), enemy_wall(-13)]))
card(220, attack(26), Modes(stock(-2), [tower(-5), wall(-5)]))

_IMPLOSION = 7 * enemy.quarry + enemy.bricks
card(221, Sub("tower", _IMPLOSION, ENEMY), Sub("wall", _IMPLOSION, ENEMY),
     text="Let N be 7 x enemy quarry + enemy bricks: enemy tower -N, enemy wall -N")
card(222, If(me.facilities > enemy.facilities, SetAttr("wall", 0, ENEMY)),
     attack(me.stock - enemy.stock),
     text="If your facilities add up to more than the enemy's, the enemy wall drops to 0. "
          "Then attack for as much as your stock exceeds the enemy's stock")
card(223, attack(10 * both.count("Burning")),
     text="Attack 10 for each Burning card in both hands (this one included)")


def _tidal(ctx):
    a, b = ctx.A.a, ctx.B.a
    low = min(a[1], b[1])
    for x in (a, b):
        if x[1] == low:
            x[2] -= 1
            x[4] -= 1


card(224, Do(_tidal, "The player with the lower wall (both on a tie) loses 1 quarry and "
                     "1 dungeons"))
card(225, If(me.dungeons < enemy.dungeons, enemy_dungeons(-2), SetAttr("dungeons", 4)))
card(226, If(me.magic < enemy.magic, enemy_magic(-2), SetAttr("magic", 4)))
card(227, If(me.quarry < enemy.quarry, enemy_quarry(-2), SetAttr("quarry", 4)))
card(228, tower(35), stock(10))
card(229, attack(me.bricks * me.magic / 3), SetAttr("bricks", 0),
     text="Attack your bricks x your magic / 3 (rounded). Then your bricks drop to 0")
card(230, If(enemy.wall < 5, attack(35), attack(11)))
card(231, tower(12))
card(232, attack(20), tower(10), wall(10), Prod(2))
card(233, tower(15), magic(1))
card(234, tower(15), dungeons(1))
card(235, tower(15), quarry(1))
card(236, attack(12), Modes(tower(-2), wall(-4)))
card(237, tower(3), recruits(1))
card(238, wall(8))
card(239, attack(110))
card(240, attack(8))
card(241, enemy_stock(-20))
card(242, SetAttr("stock", 0, ENEMY), text="Enemy bricks, gems and recruits drop to 0")
card(243, enemy_tower(-6), enemy_stock(2))
card(244, enemy_tower(-5), enemy_stock(-2))
card(245, enemy_tower(-20), enemy_bricks(-10), enemy_recruits(-10))
card(246, enemy_tower(-10), enemy_wall(-10))
card(247, enemy_wall(-1), enemy_stock(-1))
card(248, tower(-1), wall(5), Prod(0, "bricks"))


def _wall_shift(ctx):
    a, b = ctx.A.a, ctx.B.a
    a[1], b[1] = b[1], a[1]


card(249, Do(_wall_shift, "You and the enemy swap walls"))
card(250, attack(5))
