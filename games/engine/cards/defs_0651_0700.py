"""Card definitions for ids 651-700 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from .defs_0601_0650 import FixedHand, ReplaceChosen, replace_chosen_slot
from ..attributes import add_extreme, attack as _attack, pick_extreme
from .. import draws
from ..draws import starting_hand
from ..hand import replace_hand


def _in_deck(P, cid):
    d = P.deck
    return cid in d[0] or cid in d[1] or cid in d[2]


def replace_neighbours(ctx, what):
    """Both neighbouring own slots of the played card become ``what`` (a card id, revealed in
    hidden mode, or a tuple of ids drawn uniformly with anti-flood, not revealed)."""
    A = ctx.A
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            if isinstance(what, int):
                ctx.place_named(A, i, what)
            else:
                ctx.replace_from_list(A, i, what)


card(651, If(enemy.wall > 30, enemy_wall(-10)), attack(7))


def _652(ctx):
    B = ctx.B
    for i in range(8):
        ctx.place(B, i, ctx.draw_no_rare(B, i))


card(652, Do(_652, "The enemy discards his whole hand; the new cards are never rare",
             uncertain=True))
card(653, attack(3), If(me.gems < enemy.gems, Prod(2, "gems")))


def _654(ctx):
    a = ctx.A.a
    add_extreme(ctx.rng, a, (2, 3, 4), 1, False)
    ctx.prod[pick_extreme(ctx.rng, a, (2, 3, 4), True) - 2] *= 0


card(654, tower(15), Do(_654, "Your lowest facility +1. Then your highest facility produces "
                              "nothing this turn", uncertain=True))
card(655, Prod(2), RandomLoss(8 - me.count("Alliance"), ME),
     text="All production x2. Lose 1 random resource for each non-Alliance card in your hand")


def _656(ctx):
    a = ctx.A.a
    a[0] = max(a[0], min(a[0] + 17, 65))
    a[2] -= 1


card(656, Do(_656, "Tower +17, but not above 65 (a higher tower is not lowered). Quarry -1"))
card(657, If(last_card(costs="gems"), enemy_stock(-3), gems(9)))
card(658, tower(2), Prod(2, "recruits"),
     ReplaceChosen(ids_of(cards_filter(keyword="Horde", rarity=("Common", "Uncommon"))),
                   "a random non-rare Horde card"))
card(659, attack(8 - enemy.count("Alliance")), StealRandom(enemy.count("Alliance")),
     text="Attack 8 - N. Steal N random resources. N is the number of Alliance cards in the "
          "enemy's hand")


def _foreign(ctx):
    A = ctx.A
    return sum(1 for c in A.hand if c and not _in_deck(A, c))


card(660, stock(Min(Fn(_foreign, "the number of cards in your hand that are not from your "
                                 "deck"), 4)),
     text="Stock +1 for each card in your hand that is not from your deck (at most 4)")
card(661, attack(5 + me.count("Aqua")),
     text="Attack 5 + the number of Aqua cards in your hand (this one included)")
card(662, FixedHand((487, 433, 51, 76, 681, 638, 583, 641)))
card(663, attack(20), wall(20), quarry(1))
card(664, SetAttr("stock", me.stock / 3),
     text="Your bricks, gems and recruits each become a third of your stock (rounded)")
card(665, attack(30 + 10 * both.count("Dragon")),
     text="Attack 30 + 10 for each Dragon card in both hands (this one included)")
_TAVERN = me.count("Barbarian") + me.count("Runic") + me.count("Soldier")
card(666, wall(8 - _TAVERN), recruits(_TAVERN),
     text="Wall +8 - N. Recruits +N. N is the number of Barbarian, Runic and Soldier "
          "keywords in your hand")


card(667, RandomGain(me.count_where(lambda c: "attack" not in c.classes, "non-attack cards")),
     text="Gain 1 random resource for each other non-attack card in your hand")
card(668, If(round_divisible(3), gems(15)))


def _669(ctx):
    if ctx.my_last[2] == "play" and ctx.my_last[0] == 669:
        return
    ctx.prod[0] = ctx.prod[1] = ctx.prod[2] = 0
    B = ctx.B
    cands = [i for i in range(8) if B.hand[i]]
    if not cands:  # only empty slots (e.g. the AI's view of a hidden hand): nothing to replace
        return
    ctx.place_named(B, highest_rarity_slot(ctx, B.hand, cands), 274)


card(669, Do(_669, "Unless your last card was Steelbeard: all production x0 and the enemy's "
                   "highest-rarity card becomes Hidden treasure", uncertain=True))
card(670, ReplaceChosen(ids_of(cards_filter(keyword="Dragon", rarity="Rare")),
                        "a random rare Dragon card"))
card(671, attack(30), If(Pred(lambda ctx: not _in_deck(ctx.A, 671),
                              "this card is not from your deck"), attack(60), recruits(20)))
card(672, attack(22), summon_ids(620, 592))
card(673, attack(10), If(last_card(action="discard"), summon_filter(rarity="Rare")))

_NONCOMMON_ARIA = ids_of(c for c in cards_filter(keyword="Aria", rarity=("Uncommon", "Rare"))
                         if c.id != 674)
card(674, Do(lambda ctx: replace_neighbours(ctx, _NONCOMMON_ARIA),
             "Both neighbouring cards become random non-common Aria cards (never Spirit of "
             "Air)", uncertain=True))
card(675, attack(3), wall(7),
     If(matching(lambda c: "attack" in c.classes, "the enemy card opposite is an attack card"),
        Prod(2, "bricks")))


def _676(ctx):
    replace_neighbours(ctx, 247)
    ctx.place_named(ctx.A, ctx.slot, 349)
    ctx.keep()


card(676, enemy_wall(-38), bricks(21),
     Do(_676, "Both neighbouring cards become %s and this card becomes %s"
        % (CARDS[247].name, CARDS[349].name)))
card(677, attack(enemy.dungeons), Sub("recruits", enemy.dungeons, ENEMY),
     text="Attack N. Enemy recruits -N. N is the enemy's dungeons")

_HORDE = ids_of(cards_filter(keyword="Horde"))
card(678, attack(25),
     Do(lambda ctx: replace_neighbours(ctx, _HORDE),
        "Both neighbouring cards become random Horde cards", uncertain=True),
     ReplaceSelf())
card(679, attack(10), If(matching(lambda c: c.id and c.cost_class == "zero",
                                  "the enemy card opposite costs nothing"), attack(10)))
card(680, attack(90))
card(681, tower(me.facilities), wall(me.facilities), Sub("tower", enemy.facilities, ENEMY),
     text="Tower and wall + the sum of your facilities. Enemy tower - the sum of the enemy's "
          "facilities")
card(682, tower(2), RandomGain(me.count("Aria")),
     text="Tower +2. Gain 1 random resource for each Aria card in your hand (this one "
          "included)")
card(683, attack(10), If(enemy.count("Aria") == 0, recruits(5)))

_HORDE_BY_RANK = [ids_of(cards_filter(keyword="Horde", rarity=r))
                  for r in ("Common", "Uncommon", "Rare")]


def _684(ctx):
    cards = ctx.cards
    c = cards[ctx.A.hand[ctx.mode - 1]]
    if c.rank >= 0:
        replace_chosen_slot(ctx, _HORDE_BY_RANK[c.rank])


card(684, Do(_684, "Choose a card in your hand: it becomes a random Horde card of the same "
                   "rarity", uncertain=True), Prod(3, "recruits"))


def _685(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    B = ctx.B
    c = cards[B.hand[sel]]
    if c.id and c.rank == 0:
        cid = draws.from_list(ctx.rng, ctx.A.deck[0], B.hand, sel, ctx.events)
        ctx.place(B, sel, cid)
        ctx.attack(B, c.total_cost)


card(685, Do(_685, "Choose a slot: a common enemy card there becomes a common card from your "
                   "deck. Attack as much as the replaced card cost in total", uncertain=True))


def _titan_tokens(ctx):
    P = ctx.A
    if "Titan" in P.tok_names:
        P.tok[P.tok_names.index("Titan")] += 10


card(686, attack(3), Do(_titan_tokens, "Titan counter +10"), DiscardChosen())
card(687, Prod(4), summon_filter("a random non-common Alliance card", keyword="Alliance",
                                 rarity=("Uncommon", "Rare")))
card(688, wall(me.count("Alliance")), summon_filter(keyword="Alliance"),
     text="Wall +1 for each Alliance card in your hand (this one included). Summons a random "
          "Alliance card")
_N689 = Min(me.bricks, 30)
card(689, attack(38), tower(_N689 / 2), wall(_N689),
     text="Attack 38. Tower +N/2 (rounded), wall +N, where N is your bricks (at most 30)")
card(690, enemy_wall(-3),
     If(Pred(lambda ctx: max(ctx.B.a[1], 0) % 2 == 0, "the enemy wall is now an even number (0 counts)"),
        Prod(2, "recruits")))


def _691(ctx):
    cards = ctx.cards
    n = [0, 0, 0]
    for c in ctx.A.hand:
        r = cards[c].rank
        if r >= 0:
            n[r] += 1
    a = ctx.A.a
    a[2] += n[2]
    a[0] += 5 * n[1]
    a[1] += 8 * n[0]


card(691, Do(_691, "For each card in your hand (this one included): rare quarry +1, "
                   "uncommon tower +5, common wall +8"))


@custom(692, "Attack 28. Dungeons +1. Discard a rare Nature card from your hand to gain "
             "20 recruits.")
def _692(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 28)
    A = ctx.A
    A.a[4] += 1
    cands = [i for i in range(8) if i != ctx.slot and cards[A.hand[i]].rank == 2
             and "Nature" in cards[A.hand[i]].kw]
    if cands:
        # one random call even for one candidate (docs/rules-corrections.md, 21)
        i = cands[ctx.rng.below(len(cands))]
        ctx.replace_from_deck(A, i, "random")
        A.a[7] += 20


card(693, highest("facility", 1), summon_ids(616, 577, 604, 634))
card(694, enemy_tower(-1), enemy_wall(-1), summon_filter(keyword="Aria"))
card(695, attack(2 * (me.count("Aria") + me.rarity_count("Uncommon")
                      + me.rarity_count("Rare"))),
     text="Attack 2 for each Aria card and each non-common card in your hand (this one "
          "counts twice)")


@custom(696, "Attack 3. If every card in your hand is common, throw your hand away and draw "
             "a new starting hand.")
def _696(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 3)
    A = ctx.A
    if all(cards[c].rank == 0 for c in A.hand):
        replace_hand(ctx, A, starting_hand(ctx.rng, A.deck, ctx.events))
        ctx.keep()


def _697(ctx):
    cards = ctx.cards
    B = ctx.B
    for i in range(8):
        c = cards[B.hand[i]]
        if c.classes & {"tower_plus", "wall_plus"}:
            ctx.place_named(B, i, 247)


card(697, attack(15), enemy_tower(-10),
     Do(_697, "Every enemy card that raises a tower or a wall becomes %s" % CARDS[247].name))


def _698(ctx):
    a, b = ctx.A.a, ctx.B.a
    for k in (0, 1):
        low = min(a[k], b[k])
        for x in (a, b):
            if x[k] == low:
                x[k] += 10


card(698, Do(_698, "The player with the lower tower gets tower +10 and the player with the "
                   "lower wall gets wall +10 (both players on a tie)"))
card(699, tower(12), wall(3 * (me.count("Illusion") + me.rarity_count("Rare"))),
     text="Tower +12. Wall +3 for each Illusion card and each rare card in your hand")


def _700(ctx):
    a = ctx.A.a
    cap = php_round(ctx.lim.max_tower / 2)
    a[0] = max(a[0], min(a[0] + 30, cap))
    if a[4] < 4:
        a[4] += 1


card(700, Do(_700, "Tower +30, but not above half the maximum tower (a higher tower is not "
                   "lowered). If your dungeons are below 4: dungeons +1"))
