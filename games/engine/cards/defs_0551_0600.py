"""Card definitions for ids 551-600 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from .defs_0451_0500 import (_Hand, _add_stock, _other_slots, _replace_hand_fixed,
                             card_names, distinct_keywords)
from ..attributes import attack as _attack, random_gain
from ..hand import place_self, replace_hand

card(551, attack(12), Sub("recruits", 2 * me.count("Aqua"), ENEMY),
     text="Attack 12. Enemy recruits -2 for each Aqua card in your hand (this one included)")
card(552, enemy_tower(-80), enemy_wall(-100))
card(553, wall(me.count("Aqua") / 2), stock(me.count("Aqua") / 3),
     text="Wall +half and stock +a third (both rounded) of the number of Aqua cards in your "
          "hand, this one included")
card(554, wall(40), If(~is_new() & adjacent_new(), tower(20)))


@custom(555, "Destroy all enemy tokens. Gain a random resource for every 10 tokens destroyed "
             "of each kind.")
def _555(ctx):
    B = ctx.B
    n = 0
    for i in range(3):
        if B.tok_names[i]:
            n += B.tok[i] // 10
            B.tok[i] = 0
    random_gain(ctx.rng, ctx.A.a, n)


_RUNIC_BY_RANK = [ids_of(cards_filter(keyword="Runic", rarity=r))
                  for r in ("Common", "Uncommon", "Rare")]


def _556(ctx):
    cards = ctx.cards
    rank = cards[ctx.B.hand[ctx.slot]].rank
    if rank >= 0:
        ctx.summon_list(_RUNIC_BY_RANK[rank])


card(556, tower(6), Do(_556, "Summons a random Runic card of the same rarity as the enemy card "
                             "opposite", uncertain=True))
card(557, stock(4),
     Do(lambda ctx: ctx.replace_from_list(ctx.B, ctx.mode - 1, ctx.A.deck[2]),
        "Choose a slot: the enemy card there is replaced by a random rare card from your deck",
        uncertain=True))
card(558, RandomGain(Fn(lambda ctx: distinct_keywords(ctx, ctx.A),
                        "the number of different keywords in your hand")),
     text="Gain 1 random resource for each different keyword in your hand")
card(559, attack(4), enemy_stock(-2), If(me.count("Aqua") > 2, stock(2)))


def _560(ctx):
    B = ctx.B
    slots = _other_slots(ctx, B, lambda c: "Aqua" in c.kw)
    if slots:
        ctx.replace_from_deck(B, highest_rarity_slot(ctx, B.hand, slots), "different")


card(560, wall(15), Do(_560, "The enemy discards a random Aqua card of the highest rarity he "
                             "holds", uncertain=True))
card(561, enemy_stock(-2), If(me.tokens("Mage") > 60, enemy_stock(-3)))
card(562, Modes(wall(10), recruits(7)))


@custom(563, "Attack 15. Discard every Quick and Swift card from the enemy's hand.")
def _563(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 15)
    B = ctx.B
    for i in range(8):
        c = cards[B.hand[i]]
        if c.playagain:
            ctx.replace_from_deck(B, i, "different")


_LEGENDS = ids_of(cards_filter(keyword="Legend"))


@custom(564, "If your Mage counter is above 60: summon a Legend card and empty the counter. "
             "Otherwise your Mage counter +40.")
def _564(ctx):
    P = ctx.A
    if "Mage" not in P.tok_names:
        return
    i = P.tok_names.index("Mage")
    if P.tok[i] > 60:
        ctx.summon_list(_LEGENDS)
        P.tok[i] = 0
    else:
        P.tok[i] += 40


_TITANS = ids_of(cards_filter(keyword="Titan"))


def _565(ctx):
    present = {c for i, c in enumerate(ctx.A.hand) if i != ctx.slot}
    lst = [c for c in _TITANS if c not in present]
    if lst:
        ctx.summon_list(lst)


card(565, Do(_565, "Summons a random Titan card that is not in your hand", uncertain=True))
card(566, stock(2 * Fn(lambda ctx: ctx.A.hand.count(566),
                       "the number of Wheat farms in your hand")),
     text="Stock +2 for each Wheat farm in your hand (this one included)")


def _567(ctx):
    sel = ctx.mode - 1
    ctx.place_named(ctx.A, sel, 504)
    if sel == ctx.slot:
        ctx.keep()


card(567, recruits(3), enemy_wall(-3),
     Do(_567, "Choose a card in your hand (this one too): it becomes a Piranhas (the enemy "
              "sees it)"))
card(568, attack(6), wall(4), Modes(bricks(8), recruits(6)))


def _569(ctx):
    cards = ctx.cards
    A = ctx.A
    old = A.hand[:]
    h = [0] * 8
    for i in range(8):
        h[i] = ctx.draw_list(A.deck[max(cards[old[i]].rank, 0)], _Hand(h), i)
    replace_hand(ctx, A, h)  # this card's place is then refilled by the usual draw


card(569, Do(_569, "Every other card in your hand is replaced by a random card of the same "
                   "rarity from your deck", uncertain=True))
card(570, wall(8), enemy_stock(-1))

_BURNING = ids_of(cards_filter(keyword="Burning"))


def _571(ctx):
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.replace_from_list(ctx.A, i, _BURNING)


card(571, tower(15), Do(_571, "Both neighbouring cards become random Burning cards",
                        uncertain=True))
card(572, tower(2), wall(4),
     summon_filter("a random non-rare Charge card", keyword="Charge",
                   rarity=("Common", "Uncommon")))
card(573, SetAttr("tower", max_tower - me.tower),
     If(me.wall > 35, SetAttr("wall", max_wall - me.wall)),
     text="Your tower becomes the maximum tower minus your tower. If your wall is above 35, it "
          "likewise becomes the maximum wall minus your wall")
card(574, attack(35),
     If(Fn(lambda ctx: distinct_keywords(ctx, ctx.A), "the number of different keywords in your hand")
        > Fn(lambda ctx: distinct_keywords(ctx, ctx.B), "in the enemy's hand"), attack(30)),
     text="Attack 35. If your hand holds more different keywords than the enemy's hand: "
          "attack 30 more")
card(575, If((me.tower < 15) | (me.wall < 15), [tower(5), wall(12)], [tower(3), wall(8)]))
card(576, enemy_wall(-23), attack(15), If(me.count("Nature") > 4, gems(20)),
     If(me.count("Undead") > 4, recruits(20)))
card(577, attack(10 * (me.magic + enemy.magic)),
     text="Attack 10 x (your magic + enemy magic)")
card(578, gems(Min(me.count("Nature"), 4)), recruits(Min(me.count("Undead"), 4)),
     text="Gems +1 for each Nature card and recruits +1 for each Undead card in your hand "
          "(this one included), at most +4 each")
card(579, If(me.tower < me.wall, tower(25), tower(12)))
card(580, tower(3 + me.magic), text="Tower +3 + your magic")
card(581, attack(7), stock(2))
card(582, wall(7), bricks(5))


def _583(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        plain = sum(1 for c in P.hand if not cards[c].kw)
        _add_stock(P, plain - distinct_keywords(ctx, P))


card(583, Do(_583, "Each player gets stock +1 for each card without keywords in his hand and "
                   "stock -1 for each different keyword in it"))


def _584(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    rank = cards[ctx.A.hand[sel]].rank
    if sel == ctx.slot:
        ctx.keep()
    else:
        place_self(ctx, sel)
    ctx.A.a[1] += (2, 6, 14)[rank] if rank >= 0 else 0


card(584, Do(_584, "Choose a slot: this card moves there and the card it replaces is discarded "
                   "(its own slot keeps it). Wall +2, +6 or +14 when the chosen card is "
                   "common, uncommon or rare"))


def _585(ctx):
    cards = ctx.cards
    c = cards[ctx.B.hand[ctx.mode - 1]]
    if c.id and c.rank < 2:
        ctx.summon(c.id, reveal=True)


card(585, Do(_585, "Choose a slot: if the enemy card there is not rare, it is copied into your "
                   "hand in place of this card (the enemy sees it)"))
card(586, ProdExtreme(2, "facility", True))
card(587, tower(me.rarity_count("Common")),
     text="Tower +1 for each common card in your hand (this one included)")


def _588(ctx):
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.place_named(ctx.A, i, 566)


card(588, Do(_588, "Both neighbouring cards become Wheat farms (the enemy sees them)"))


def _589(ctx):
    P = ctx.A
    if "Mage" in P.tok_names:
        P.tok[P.tok_names.index("Mage")] += 30


card(589, tower(3), Do(_589, "Your Mage counter +30"))
card(590, tower(4), wall(6), summon_filter(keyword="Unliving"))
card(591, attack(30 + 4 * me.count("Unliving")), quarry(me.count("Unliving") / 2),
     text="Attack 30 + 4N, quarry +N/2 (rounded), where N is the number of Unliving cards in "
          "your hand (this one included)")
card(592, If(last_card(rarity="Rare"), summon_filter(rarity="Rare")))
card(593, gems(8), If(me.count("Far sight") > 0, enemy_tower(-18), attack(20)))
card(594, attack(8), RandomLoss(14),
     Do(lambda ctx: ctx.place_named(ctx.B, ctx.slot, 23),
        "The enemy card opposite becomes a Caravan (shown to you)"))
card(595, RandomLoss(5),
     If(matching(lambda c: c.id and c.rank < 2, "the enemy card opposite is not rare"),
        Do(lambda ctx: ctx.place_named(ctx.B, ctx.slot, 297),
           "it becomes a Palisade (shown to you)")))

_ACADEMY_HAND = (109, 329, 82, 564, 589, 457, 467, 53)
card(596, Do(_replace_hand_fixed(_ACADEMY_HAND),
             "Your hand is replaced by %s (in random order)" % card_names(_ACADEMY_HAND),
             uncertain=True),
     Prod(3, "gems"))
card(597, attack(3 + me.tokens("Mage") / 10), If(enemy.tower > 45, enemy_tower(-5)))
card(598, attack(8), RandomLoss(6, ME))
card(599, attack(8 * me.magic), Prod(6, "gems"), text="Attack 8 x your magic. Gems production x6")
card(600, If(adjacent_kw("Frenzy"), attack(15), attack(21)))
