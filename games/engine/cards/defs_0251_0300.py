"""Card definitions for ids 251-300 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..draws import hand_no_rare, hand_type_random
from ..hand import replace_hand
from ..attributes import random_gain

card(297, wall(3))


def _tribute(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        hand = P.hand
        slots = [i for i in range(8) if hand[i] and cards[hand[i]].rank < 2
                 and not (P is ctx.A and i == ctx.slot)]
        ctx.rng.shuffle(slots)
        for i in slots[:3]:
            ctx.replace_from_deck(P, i, "no_rare")


card(251, Do(_tribute, "You and the enemy each discard up to 3 random non-rare cards; "
                       "the replacements are never rare", uncertain=True))


def _black_market(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    A, B = ctx.A, ctx.B
    mine, his = A.hand[sel], B.hand[sel]
    if sel == ctx.slot or cards[mine].rank == 2 or cards[his].rank == 2:
        return
    ctx.place_named(A, sel, his)
    ctx.place_named(B, sel, mine)


card(252, Prod(0),
     Do(_black_market, "Choose a slot (not this card): if neither your card there nor the "
                       "enemy card opposite is rare, they change hands (both are shown)"))
card(253, tower(10), gems(10),
     ReplaceHand((ids_of(cards_filter(keyword="Undead", rarity="Common")), 4),
                 (ids_of(cards_filter(keyword="Undead", rarity="Uncommon")), 3),
                 (ids_of(cards_filter(keyword="Undead", rarity="Rare")), 1),
                 what="4 random common, 3 random uncommon and 1 random rare Undead cards"))
card(254, attack(10), If(me.count("Burning") > 3, magic(1)))


def _evolution(ctx):
    B = ctx.B
    replace_hand(ctx, B, hand_no_rare(ctx.rng, B.deck, ctx.events))
    if not ctx.new_a[ctx.slot]:
        A = ctx.A
        replace_hand(ctx, A, hand_no_rare(ctx.rng, A.deck, ctx.events))
        ctx.keep()


card(255, Do(_evolution, "The enemy's hand is replaced by 8 non-rare cards from his deck. "
                         "If this card is not new, your hand is likewise replaced by 8 "
                         "non-rare cards from your deck", uncertain=True))
card(256, enemy_wall(-6))
card(257, attack(enemy.rarity_count("Uncommon") + enemy.rarity_count("Rare")),
     text="Attack 1 for each uncommon or rare card in the enemy's hand")
card(258, attack(4), recruits(3))
card(259, attack(9), Prod(2, "recruits"))
card(260, attack(2), Steal("stock", 2))
card(261, Steal("recruits", 4))
card(266, Modes(wall(20), tower(10)))
card(267, Modes(quarry(1), magic(1), dungeons(1)))
card(269, wall(1), DiscardChosen())
card(270, Do(lambda ctx: ctx.replace_from_list(ctx.B, ctx.mode - 1, ctx.A.deck[0]),
             "Choose a slot: the enemy card there is replaced by a random common card "
             "from your deck", uncertain=True))
card(271, enemy_tower(-2), stock(1))
card(272, If(me.wall > enemy.wall, enemy_tower(-7), attack(6)))
card(274, gems(2), recruits(1), If(last_card(cost="zero"), [gems(1), recruits(1)]))
card(275, Prod(2, "bricks"))
card(277, tower(35))
card(284, If((me.tower < 50) & (enemy.tower > 60), enemy_tower(-25), enemy_tower(-10)))
card(289, tower(3), wall(7))
card(291, recruits(35),
     ReplaceHand((ids_of(cards_filter(keyword="Soldier", rarity="Common")), 3),
                 (ids_of(cards_filter(keyword="Soldier", rarity="Uncommon")), 5),
                 what="3 random common and 5 random uncommon Soldier cards"))
card(293, Prod(0, "recruits"), enemy_stock(-1), enemy_tower(-12))
card(300, enemy_tower(-1), enemy_wall(-2), enemy_bricks(-4))


# ------------------------------------------------------------------ 262-299
card(262, wall(7))
card(263, stock(4), Prod(0))


def _new_hand_from_deck(ctx):
    A = ctx.A
    replace_hand(ctx, A, hand_type_random(ctx.rng, A.deck, ctx.events))
    ctx.keep()


card(264, Do(_new_hand_from_deck, "Your whole hand is discarded and you draw 8 new cards "
                                  "from your deck", uncertain=True))
card(265, SetAttr("stock", Fn(lambda ctx: -(-ctx.lim.res_victory // 3),
                              "a third of the resource victory goal (rounded up)")),
     text="Your bricks, gems and recruits each become a third of the resource victory goal "
          "(rounded up), which wins the game by resources")
card(268, Modes(attack(34), wall(38)))
card(273, Modes(bricks(6), gems(4), recruits(5)))
card(276, tower(25), wall(50))
card(278, Modes(wall(8), tower(5)))
card(279, Modes(attack(7), wall(7)))


def _avatar(ctx):
    sel = ctx.mode - 1
    B = ctx.B
    taken = B.hand[sel]
    ctx.replace_from_deck(B, sel, "different")
    if sel == ctx.slot:
        ctx.A.a[6] += 16
    elif taken:
        ctx.place_named(ctx.A, sel, taken)


card(280, Do(_avatar, "Choose a slot: the enemy card there moves into the same place in your "
                      "hand (shown to the enemy) and he refills from his deck. Choosing this "
                      "card's own slot discards the enemy card instead and gives gems +16",
             uncertain=True))
# the fractional term is rounded on its own, then subtracted (docs/rules-corrections.md)
card(281, attack(13 - 5 * me.tower / max_tower),
     text="Attack 13 - 5 x (your tower / the maximum tower), the second term rounded: from 13 "
          "with no tower down to 8 at the maximum")


def _luxury_tax(ctx):
    mt = ctx.lim.max_tower
    for P in (ctx.A, ctx.B):
        a = P.a
        t = a[0]
        for k in (5, 6, 7):
            a[k] -= php_round(a[k] * t / mt)


card(282, Do(_luxury_tax, "Each player loses a share of each of his resources equal to his "
                          "tower's share of the maximum tower (rounded)"))
card(283, SetAttr("tower", ModeConst("start_tower")), SetAttr("wall", ModeConst("start_wall")),
     SetAttr("tower", ModeConst("start_tower"), ENEMY),
     SetAttr("wall", ModeConst("start_wall"), ENEMY),
     text="Both players' towers and walls return to their starting heights")
card(285, attack(me.stock), SetAttr("stock", 0),
     text="Attack for your bricks + gems + recruits, then your bricks, gems and recruits "
          "become 0")
card(286, Sub("tower", enemy.tower / 2, ENEMY),
     text="Enemy tower loses half its height (rounded)")
card(287, recruits(12),
     ReplaceHand((ids_of(cards_filter(rarity=("Common", "Uncommon"), cost="recruits",
                                      support="none", effect="attack")), 8),
                 what="8 random common or uncommon recruits-only attack cards without "
                      "support keywords"))


def _cursed_amulet(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    B = ctx.B
    n = (1, 4, 10)[max(cards[B.hand[sel]].rank, 0)]
    ctx.place_named(B, sel, 288)
    random_gain(ctx.rng, B.a, n)


card(288, Do(_cursed_amulet, "Choose a slot: this card replaces the enemy card there (shown "
                             "to him). The enemy gains 1, 4 or 10 random resources for a "
                             "common, uncommon or rare replaced card", uncertain=True))
card(290, tower(15), wall(30))
_SACRED_FOREST = (526, 687, 136, 190, 527, 653, 599, 655)


def _fixed_hand(cards):
    """Replace your hand with a fixed list of 8 cards in random order (draw disabled)."""
    def fn(ctx):
        replace_hand(ctx, ctx.A, cards, shuffled=True)
        ctx.keep()
    return fn


card(292, Do(_fixed_hand(_SACRED_FOREST),
             "Your hand is replaced by these 8 cards in random order: %s"
             % "; ".join(CARDS[c].name for c in _SACRED_FOREST), uncertain=True))
card(294, bricks(25),
     ReplaceHand((ids_of(cards_filter(cost="bricks", effect="wall_plus", support="none")), 8),
                 what="8 random bricks-only cards that raise your wall and have no support "
                      "keywords"))
card(295, bricks(40),
     ReplaceHand((ids_of(cards_filter(keyword="none", cost="bricks", effect="tower_plus",
                                      support="none")), 8),
                 what="8 random bricks-only cards without keywords that raise your tower and "
                      "have no support keywords"))
card(296, wall(14))
card(298, attack(25), magic(-1),
     Do(lambda ctx: ctx.place_named(ctx.A, ctx.mode - 1, 28),
        "Choose a slot: the card there becomes %s (shown to the enemy)" % CARDS[28].name))
card(299, attack(me.facilities), stock(-2),
     text="Attack for your quarry + magic + dungeons. Stock -2")
