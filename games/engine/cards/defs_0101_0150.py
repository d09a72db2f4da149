"""Card definitions for ids 101-150 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..attributes import attack as _attack


def _summon_last(side=ME, reveal=False, otherwise=0):
    """Evoke my (or the enemy's) last played or discarded card; if there is none (card 0,
    before the first action), card ``otherwise``, else the standard draw."""
    def fn(ctx):
        ctx.summon((ctx.my_last if side == ME else ctx.opp_last)[0] or otherwise, reveal)
    who = "your" if side == ME else "the enemy's"
    if otherwise:
        return Do(fn, f"Summons {who} last card ({CARDS[otherwise].name} if there is none)")
    return Do(fn, f"Summons {who} last card")


card(101, stock(Min(me.count("Undead"), 6)),
     text="Stock + the number of Undead cards in your hand (at most 6)")
card(102, tower(10), recruits(20))
card(103, stock(me.count("Undead")), If(me.count("Undead") > 6, magic(1)),
     text="Stock + the number of Undead cards in your hand. With more than 6 of them: magic +1")
card(104, wall(15), If(~last_card(card_id=104), wall(5)),
     text="Wall +15. If your last played card was not a Moat: wall +5 more")
card(105, _summon_last(reveal=True))
card(106, attack(5))
card(107, bricks(2), recruits(2))
card(108, Modes([tower(20), _summon_last(reveal=True, otherwise=425)],
                [tower(20), summon_ids(425, reveal=True)]))
card(109, attack(8), enemy_stock(-3))
card(110, attack(35), enemy_recruits(-10))
card(111, attack(7), gems(2))
card(112, attack(10))
card(113, attack(7), If(me.wall < 12, wall(4)))
card(114, attack(5), wall(2))
card(115, attack(30), SetAttr("stock", 0), SetAttr("stock", 0, ENEMY))
card(116, tower(5), enemy_tower(-5))
card(117, tower(4), If(me.count("Undead") < 4, gems(-3)))
card(118, facilities(3), wall(25))
card(119, Prod(2))
card(120, attack(11), Steal("gems", 5))
card(121, attack(30), magic(1))
card(122, attack(3), gems(1))
card(123, tower(7), Prod(2))
card(124, attack(Min(Max(me.wall, 0), 70)), wall(-70),
     text="Wall -70. Attack for as much wall as you actually lost")
card(125, tower(15), wall(15), stock(15))
card(126, attack(40))
card(127, attack(60), enemy_recruits(-15))
card(128, attack(45), enemy_gems(-10))
card(129, stock(8), enemy_stock(8))


@custom(130, "Attack 30. Recruits + the enemy wall this attack destroyed (at most 20).",
        uncertain=False)
def _130(ctx):
    b = ctx.B.a
    before = b[1]
    ctx.attack(ctx.B, 30)
    ctx.A.a[7] += min(max(before - b[1], 0), 20)


card(131, If(me.count("Dragon") > 0,
             summon_filter("a random rare Dragon card", keyword="Dragon", rarity="Rare"),
             summon_filter("a random Dragon card", keyword="Dragon")),
     text="Summons a random Dragon card; a rare one if you already hold a Dragon card")
card(132, If(me.facilities >= enemy.facilities, stock(-15)), facilities(1),
     text="If your facilities add up to at least the enemy's: stock -15. Then facilities +1")
card(133, attack(4 * me.count("Undead") + 4),
     text="Attack 4 + 4 x the number of Undead cards in your hand")
card(134, dungeons(2), summon_filter(keyword="Beast", rarity="Rare"))
card(135, If(me.bricks > enemy.bricks, attack(10), bricks(8)))
card(136, attack(9), Prod(2))
card(137, attack(10), tower(10))
card(138, attack(50), enemy_stock(-50))
card(139, If(me.recruits > enemy.recruits, attack(10), recruits(7)))
card(140, attack(3), enemy_stock(-2))
card(141, tower(10))
card(142, attack(20), wall(10), quarry(1), enemy_wall(10), enemy_quarry(1))
card(143, Prod(15, "bricks"))


@custom(144, "Attack 20. Summons a random rare Undead card and gains its cost: bricks, gems "
             "and recruits, at most 13 of each.")
def _144(ctx):
    cards = ctx.cards
    ctx.attack(ctx.B, 20)
    cid = ctx.summon_list(_RARE_UNDEAD)
    if cid:
        c, a = cards[cid], ctx.A.a
        a[5] += min(c.bricks, 13)
        a[6] += min(c.gems, 13)
        a[7] += min(c.recruits, 13)


card(145, If(me.count("Undead") >= 7, summon_filter(keyword="Undead", rarity="Rare"),
             If(me.count("Undead") >= 4, summon_filter(keyword="Undead", rarity="Uncommon"),
                summon_filter(keyword="Undead", rarity="Common"))),
     text="Summons a random Undead card: common with up to 3 Undead cards in your hand, "
          "uncommon with 4 to 6, rare with 7 or more")
card(146, bricks(5), gems(2), recruits(1))
card(147, If(Pred(lambda ctx: not ctx.hidden or ctx.B.rev[ctx.slot],
                  "the enemy card opposite is face up (always, without hidden cards)"),
             wall(12), attack(12)))
card(148, wall(50), enemy_wall(50))
card(149, wall(10))


@custom(150, "Attack 12. Stock -5. The enemy card opposite and up to two other random common "
             "enemy cards become Conscripts.")
def _150(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 12)
    a = ctx.A.a
    a[5] -= 5
    a[6] -= 5
    a[7] -= 5
    B = ctx.B
    commons = [i for i in range(8) if i != ctx.slot and cards[B.hand[i]].rank == 0]
    ctx.rng.shuffle(commons)
    for i in [ctx.slot] + commons[:2]:
        ctx.place_named(B, i, 97)


_RARE_UNDEAD = ids_of(cards_filter(keyword="Undead", rarity="Rare"))
