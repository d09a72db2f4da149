"""Card definitions for ids 151-200 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from .defs_0101_0150 import _summon_last
from ..hand import replace_hand

card(151, enemy_tower(-6))


@custom(152, "Your hand and the enemy's hand change places, both shuffled (this card's place "
             "is first refilled from your deck).")
def _152(ctx):
    A, B = ctx.A, ctx.B
    mine = A.hand[:]
    mine[ctx.slot] = ctx.draw_deck(A, ctx.slot)
    theirs = B.hand[:]
    replace_hand(ctx, A, theirs, shuffled=True)
    replace_hand(ctx, B, mine, shuffled=True)
    ctx.keep()


card(153, If(me.gems > enemy.gems, attack(10), gems(7)))
card(154, wall(40),
     summon_filter("a random uncommon or rare Runic card other than this one",
                   keyword="Runic", rarity=("Uncommon", "Rare"), exclude=(154,)))
card(155, tower(18), wall(6))
card(156, tower(me.bricks), wall(me.gems), SetAttr("bricks", 0), SetAttr("gems", 0),
     text="Tower +your bricks, wall +your gems, then your bricks and gems become 0")
card(157, enemy_tower(-15), enemy_wall(-15), enemy_stock(-15))
card(158, Sub("wall", Max(45 - enemy.bricks, 0), ENEMY), enemy_bricks(-45),
     text="Enemy wall - (45 - enemy bricks), when the enemy has fewer than 45 bricks. "
          "Enemy bricks -45")
card(159, SummonDeck("rare"))
card(160, Steal("gems", 2), Steal("recruits", 1), text="Steal 2 gems and 1 recruit")
card(161, enemy_tower(-20), enemy_wall(-20), enemy_facilities(-2), enemy_stock(-20))
card(162, magic(1))
card(163, quarry(1))
card(164, dungeons(1))
card(165, If(me.dungeons < enemy.dungeons, dungeons(1), recruits(11)))
card(166, attack(25 + 8 * me.count("Charge")))
card(167, attack(200))
card(168, _summon_last(ENEMY, reveal=True))
card(169, SetAttr("tower", Max(me.tower - 20, 1)), wall(70),
     text="Tower -20, but not below 1. Wall +70")


@custom(170, "Whoever has the most Holy cards in hand gets stock +8, his opponent stock +2 "
             "(on a tie both get both).", uncertain=False)
def _170(ctx):
    from .defs_0451_0500 import _add_stock, _each_player
    _each_player(ctx, lambda P: ctx.kw_count(P, "Holy"), max,
                 lambda P: _add_stock(P, 8), lambda P: _add_stock(P, 2))


@custom(171, "Every loss of your tower, wall, facilities and resources during the enemy's last "
             "round is restored.", uncertain=False)
def _171(ctx):
    a, ch = ctx.A.a, ctx.my_ch
    for i in range(8):
        if ch[i] < 0:
            a[i] -= ch[i]


card(172, attack(14))


def _clear_mage_tokens(ctx):
    P = ctx.A
    if "Mage" in P.tok_names:
        P.tok[P.tok_names.index("Mage")] = 0


card(173, attack(20), Do(_clear_mage_tokens, "Your Mage counter becomes 0"))
card(174, Prod(2))
card(175, tower(13), stock(7))
card(176, tower(3), stock(1))
card(177, RandomGain(Min(me.count("Holy"), 5)), summon_filter(keyword="Holy"),
     text="Gain 1 random resource per Holy card in your hand (at most 5). "
          "Summons a random Holy card")
card(178, attack(me.recruits * Div(Fn(lambda ctx: sum(
         1 for c in ctx.A.hand if ctx.cards[c].rank == 2 and "Undead" in ctx.cards[c].kw),
         "the number of rare Undead cards in your hand"), 2)), SetAttr("recruits", 0),
     text="Attack your recruits x M, where M is half the number of rare Undead cards in your "
          "hand (rounded). Recruits become 0")


@custom(179, "Each player's tower grows by half of his wall (rounded), and his wall "
             "shrinks by the same amount.", uncertain=False)
def _179(ctx):
    for P in (ctx.A, ctx.B):
        a = P.a
        k = php_round(a[1] / 2)
        a[0] += k
        a[1] -= k


card(180, Prod(0), attack(9 + 9 * Fn(lambda ctx: sum(1 for i in (2, 3, 4) if ctx.A.a[i] <= 1),
                                       "the number of your facilities at 1")))
card(181, attack(35), Steal("stock", 5))


@custom(182, "Enemy stock -20. Then attack for as many resources as the enemy actually lost.",
        uncertain=False)
def _182(ctx):
    b = ctx.B.a
    lost = 0
    for i in (5, 6, 7):
        lost += min(max(b[i], 0), 20)
        b[i] -= 20
    ctx.attack(ctx.B, lost)


card(183, If(is_new(), summon_ids(181, 182), RandomGain(16)))
card(184, tower(5), stock(4), summon_ids(181, 520, 182, 159))
card(185, If(me.magic < enemy.magic, magic(1), gems(11)))
card(186, enemy_wall(-40))
card(187, If(me.quarry < enemy.quarry, quarry(1), bricks(11)))
card(188, wall(5), enemy_recruits(-1))
card(189, tower(5), Prod(3, "recruits"))
card(190, attack(11), Prod(2, "gems"))
card(191, tower(20))
card(192, tower(45), wall(25))
card(193, attack(10), wall(10), recruits(4))


@custom(194, "Summons a random Soldier card. If you have a Soldier counter, recruits + that "
             "card's recruit cost (at most 6).")
def _194(ctx):
    cards = ctx.cards
    cid = ctx.summon_list(_SOLDIERS)
    if cid and "Soldier" in ctx.A.tok_names:
        ctx.A.a[7] += min(cards[cid].recruits, 6)


@custom(195, "Every Dragon card in the enemy's hand moves into the same place in your hand (the "
             "enemy refills each place from his deck, with another card). If he has none: "
             "stock +6.")
def _195(ctx):
    cards = ctx.cards
    A, B = ctx.A, ctx.B
    moved = 0
    for i in range(8):
        cid = B.hand[i]
        if not cid or "Dragon" not in cards[cid].kw:
            continue
        # his refill is a discard's draw, never the same card again; a dragon landing in
        # the played slot is placed there like the others, revealed, and the draw is off
        # (docs/rules-corrections.md, "Fairy dragon's moves")
        ctx.replace_from_deck(B, i, "different")
        if B.hand[i] == cid and cards[cid].cursed:
            continue  # a Cursed card cannot leave his hand
        moved += 1
        ctx.place_named(A, i, cid)
        if i == ctx.slot:
            ctx.keep()
    if not moved:
        a = A.a
        a[5] += 6
        a[6] += 6
        a[7] += 6


card(196, tower(12), summon_filter("a random uncommon or rare Holy card", keyword="Holy",
                                   rarity=("Uncommon", "Rare")))
card(197, attack(20), enemy_quarry(-1))
card(198, enemy_wall(-60), If(enemy.wall <= 0, enemy_facilities(-1)),
     text="Enemy wall -60. If that leaves the enemy without a wall: enemy facilities -1")
card(199, MulAttr("stock", 2))
card(200, tower(20), enemy_tower(30))


_SOLDIERS = ids_of(cards_filter(keyword="Soldier"))
