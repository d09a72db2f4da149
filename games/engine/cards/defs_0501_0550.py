"""Card definitions for ids 501-550 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from .defs_0451_0500 import (_add_stock, _discard_random_own, _each_player, _other_slots, _pick,
                             distinct_keywords, replace_own)

card(501, Modes(wall(6), gems(4), enemy_recruits(-3)))
card(502, enemy_tower(-3), enemy_wall(-4))
card(503, wall(5), If(me.count("Holy") > 1, tower(3)), If(me.count("Soldier") > 1, attack(5)))
card(504, attack(1), If(is_new(), attack(4)))
card(505, attack(25), highest("facility", -1, ENEMY))
card(506, attack(40), stock(10))
card(507, attack(20), gems(15), recruits(15))
card(508, Sub("tower", 2 + enemy.tower / 10, ENEMY),
     text="Enemy tower -(2 + a tenth of the enemy tower, rounded)")
card(509, RandomGain(Fn(lambda ctx: sum(ctx.new_a) + sum(ctx.new_b),
                        "the number of new cards in both hands")))


def _510(ctx):
    from .defs_0001_0050 import discard_enemy_best
    discard_enemy_best(ctx, lambda c: c.cost_class == "recruits")


card(510, attack(13), Do(_510, "The enemy discards his most expensive card that costs only "
                               "recruits", uncertain=True))
card(511, tower(2), wall(2), If(last_card(action="discard"), stock(4)))
card(512, wall(12), If(me.wall > 30, tower(-2)))


def _513(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    A = ctx.A
    lst = [c for c in A.deck[max(cards[A.hand[sel]].rank, 0)] if c != 513]
    if lst:
        replace_own(ctx, sel, lst)


card(513, Do(_513, "Choose a card in your hand (this one too): it is replaced by a random card "
                   "of the same rarity from your deck (never a Veteran militia)",
             uncertain=True))


def _514(ctx):
    def burn(P):
        a = P.a
        lost = 0
        for k in (5, 6, 7):
            lost += min(max(a[k], 0), 7)
            a[k] -= 7
        ctx.attack(P, lost)
    _each_player(ctx, lambda P: ctx.kw_count(P, "Burning"), min, burn)


card(514, Do(_514, "Whoever has fewer Burning cards in hand (both on a tie) gets stock -7 and "
                   "is attacked for as many resources as he actually lost"))
card(515, attack(20))


@custom(516, "If your last card was a Burning card, regain half of its cost "
             "(at most 5 of each).", uncertain=False)
def _516(ctx):
    cards = ctx.cards
    cid, _m, act = ctx.my_last
    if act == "play" and "Burning" in cards[cid].kw:
        c = cards[cid]
        a = ctx.A.a
        a[5] += min(php_round(c.bricks / 2), 5)
        a[6] += min(php_round(c.gems / 2), 5)
        a[7] += min(php_round(c.recruits / 2), 5)


card(517, attack(20), bricks(enemy.recruits / 2), SetAttr("recruits", 0, ENEMY),
     text="Attack 20. Bricks +half the enemy's recruits (rounded), then the enemy's recruits "
          "drop to 0")
card(518, tower(3), enemy_stock(-1), summon_filter(keyword="Brigand"))

_COMMON_NATURE = ids_of(cards_filter(keyword="Nature", rarity="Common"))


card(519, gems(Min(me.count("Nature"), 4)),
     Do(lambda ctx: replace_own(ctx, ctx.mode - 1, _COMMON_NATURE),
        "Choose a card in your hand (this one too): it becomes a random common Nature card",
        uncertain=True),
     text="Gems +1 for each Nature card in your hand (this one included), at most +4. Choose "
          "a card in your hand (this one too): it becomes a random common Nature card")
card(520, tower(5), wall(10), gems(4), recruits(4))
card(521, enemy_tower(-2), enemy_wall(-2), enemy_stock(-2))
card(522, tower(me.count("Aqua") / 2), wall(me.count("Aqua")),
     text="Tower +half the number of Aqua cards in your hand (rounded), wall +the number of "
          "them (this one included)")
card(523, enemy_tower(-10), enemy_wall(-10), enemy_stock(-10))
card(524, If(enemy.wall == 0, enemy_stock(-7), [enemy_tower(-3), enemy_wall(-7)]))


def _525(ctx):
    def hit(P):
        a = P.a
        a[0] -= 15
        a[1] -= 15
        _add_stock(P, -10)
    _each_player(ctx, lambda P: ctx.kw_count(P, "Aqua"), min, hit)


card(525, Do(_525, "Whoever has fewer Aqua cards in hand (both on a tie) loses 15 tower, "
                   "15 wall and 10 of each resource"))
card(526, stock(5), SummonDeck("rare", ENEMY))
card(527, ProdExtreme(2, "facility", False))


def _528(ctx):
    cards = ctx.cards
    def swap(P):
        slots = _other_slots(ctx, P, lambda c: c.rank == 0)
        if slots:
            ctx.replace_from_list(P, _pick(ctx, slots), P.deck[2])
    _each_player(ctx, lambda P: sum(1 for c in P.hand if cards[c].rank == 0), max, swap)


card(528, Do(_528, "Whoever has more common cards in hand (both on a tie) sees a random one of "
                   "them replaced by a random rare card from his own deck", uncertain=True))
card(529, wall(-5), stock(3))
card(530, attack(40), If(last_card(keyword="Aqua"),
                         attack(Fn(lambda ctx: (10, 25, 50)[max(0, ctx.cards[ctx.my_last[0]].rank)],
                                   "10/25/50 by that card's rarity"))))
card(531, attack(7), If(enemy.count("Aqua") > 0, enemy_stock(-3)))
card(532, stock(me.rarity_count("Common") / 2 - 1),
     text="Stock +(half the number of common cards in your hand, rounded) - 1, this card "
          "included")


def _533(ctx):
    old = _discard_random_own(ctx, lambda c: c.rank == 0)
    if old is not None and "Unliving" not in old.kw:
        ctx.A.a[1] += 5


card(533, attack(5), Do(_533, "Discard a random common card from your hand; if it was not an "
                              "Unliving card: wall +5", uncertain=True))
card(534, attack(6), If(enemy.count("Quick") + enemy.count("Swift") > 0, enemy_tower(-6)))
card(535, If(last_card(min_rank=1, keyword="Barbarian"), enemy_wall(-20)), attack(35))
card(536, If(is_new(), enemy_wall(-13)), attack(22))
card(537, Do(lambda ctx: _each_player(ctx, lambda P: distinct_keywords(ctx, P), min,
                                      lambda P: P.a.__setitem__(0, P.a[0] + 10)),
             "Whoever has fewer different keywords in hand (both on a tie) gets tower +10"))
card(538, attack(Max(me.count("Beast") + me.count("Nature"), 6)),
     text="Attack 1 for each Beast card and each Nature card in your hand (this one counts "
          "twice), at least 6")


def _beasts_then_nature(rarity):
    """The Beast cards, then the Nature cards not already listed, each rarity by rarity in
    the order given: the original's list, so that a pick by index picks its card
    (docs/rules-corrections.md, "Lists of several rarities")."""
    out = []
    for kw in ("Beast", "Nature"):
        out += [i for i in ids_of(cards_filter(keyword=kw, rarity=rarity)) if i not in out]
    return tuple(out)


card(539, If(is_new(),
             Summon(_beasts_then_nature(("Uncommon", "Rare")),
                    "a random non-common Beast or Nature card"),
             Summon(_beasts_then_nature(("Uncommon", "Common")),
                    "a random non-rare Beast or Nature card")))
card(540, Do(lambda ctx: _each_player(ctx, lambda P: P.a[0], max, lambda P: _add_stock(P, 2)),
             "Whoever has the higher tower (both on a tie) gets stock +2"))

_BN = me.count("Beast") + me.count("Nature")
card(541, attack(12 + _BN), wall(2 * _BN),
     text="Attack 12 + N, wall +2N, where N is the number of Beast cards plus the number of "
          "Nature cards in your hand (this one counts twice)")
card(542, Modes(enemy_tower(-20), enemy_wall(-50), enemy_stock(-15)))
card(543, stock(2 * me.count("Nature")), Sub("wall", 5 * me.count("Undead"), ENEMY),
     text="Stock +2 for each Nature card and enemy wall -5 for each Undead card in your hand "
          "(this one included)")
card(544, If(me.rarity_count("Rare") > 0, attack(15), attack(25)))
card(545, Prod(2, "gems"), Sub("tower", me.count("Alliance"), ENEMY),
     attack(8 - me.count("Alliance")),
     text="Gems production x2. Enemy tower -N, then attack 8 - N, where N is the number of "
          "Alliance cards in your hand (this one included)")
card(546, attack(me.facilities + enemy.facilities), wall(3 * (me.facilities + enemy.facilities)),
     text="Attack N and wall +3N, where N is the sum of all facilities of both players")
card(547, attack(25), summon_ids(336, reveal=True))
card(548, attack(8), recruits(6))


def _549(ctx):
    slots = _other_slots(ctx, ctx.A, lambda c: c.rank == 0)
    for i in slots:
        ctx.place_named(ctx.A, i, 13)
    ctx.A.a[7] += 2 * len(slots)


card(549, attack(30), Do(_549, "Every common card in your hand becomes a Goblin flanker (the "
                               "enemy sees them). "
                               "Recruits +2 for each card replaced"))
card(550, summon_filter(keyword="Aqua"), If(last_card(keyword="Aqua"), stock(1)))
