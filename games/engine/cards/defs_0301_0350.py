"""Card definitions for ids 301-350 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..keywords import TITANS
from ..attributes import attack as _attack

card(301, If((me.tower < me.wall) & (me.tower < 45), tower(12), tower(6)))
card(302, stock(me.count("Unliving")))
card(305, attack(12), If(me.count("Soldier") > 3, dungeons(1)))
card(310, tower(8), If(me.count("Unliving") > 4, magic(1)))
card(312, tower(6), wall(9), If(me.count("Unliving") > 4, quarry(1)))
card(320, If((me.tower < 10) & (me.wall == 0), [SetAttr("tower", 25), SetAttr("wall", 15)],
             stock(1)))
card(322, attack(8 * Min(me.count("Soldier"), 4)), If(me.count("Soldier") > 4, wall(15)))
card(332, Prod(2, "recruits"),
     If((me.changed("tower") < 0) | (me.changed("wall") < 0), enemy_stock(-2)))
card(337, If(last_card(keyword="Barbarian"), enemy_wall(-17)), attack(20))
card(338, attack(26), If(last_card(keyword="Mage"), Prod(4, "gems")))
card(344, wall(20), If(last_card(keyword="Barbarian"), attack(5 + Min(LastCost("recruits"), 15))))
card(348, enemy_stock(-5), If(opp_played("Swift"), enemy_stock(-7)))
card(349, If(last_card(keyword="Unliving", action=None),
             [tower(Min(LastCost("bricks"), 40) / 3), wall(Min(LastCost("bricks"), 40) / 2)]))
card(350, If(last_card(keyword="Undead"), [tower(LastCost() / 3), wall(LastCost() / 2)]))


def _discard_own(ctx, slots):
    """Discard own cards in ``slots`` and refill each from the own deck (type-random)."""
    for i in slots:
        ctx.replace_from_deck(ctx.A, i, "random")


@custom(315, "If every Titan card is in your hand, the enemy tower is destroyed. "
             "Otherwise your Titan counter +60.", uncertain=False)
def _315(ctx):
    hand = ctx.A.hand
    if all(t in hand for t in TITANS):
        ctx.B.a[0] = 0
        ctx.B.a[1] = 0
    else:
        P = ctx.A
        if "Titan" in P.tok_names:
            P.tok[P.tok_names.index("Titan")] += 60


@custom(321, "Choose a slot: discard up to 5 other Undead cards from your hand (not the chosen "
             "one), picked at random if there are more. Wall +10 for each card discarded.")
def _321(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    hand = ctx.A.hand
    slots = [i for i in range(8) if i != sel and i != ctx.slot
             and "Undead" in cards[hand[i]].kw]
    # the candidates are shuffled, then the first five go, in that order (the discard
    # pile shows it; docs/rules-corrections.md, "Unholy shrine discards in a random order")
    ctx.rng.shuffle(slots)
    slots = slots[:5]
    _discard_own(ctx, slots)
    ctx.A.a[1] += 10 * len(slots)


card(328, summon_filter(keyword="Barbarian"),
     If(Pred(lambda ctx: "Barbarian" in ctx.A.tok_names, "you have a Barbarian counter"),
        stock(3)))


@custom(335, "Attack 21. If your last card (played or discarded) was a Burning card, up to "
             "two of your non-rare, non-Burning cards become copies of it.")
def _335(ctx):
    cards = ctx.cards
    _attack(ctx.B.a, 21)
    cid = ctx.my_last[0]  # "last card": played or discarded
    if "Burning" in cards[cid].kw:
        hand = ctx.A.hand
        slots = [i for i in range(8) if i != ctx.slot and hand[i]
                 and cards[hand[i]].rank < 2 and "Burning" not in cards[hand[i]].kw]
        ctx.rng.shuffle(slots)
        for i in slots[:2]:
            ctx.place_named(ctx.A, i, cid)


@custom(336, "Summons a random Burning card; if your last card was a Burning card, "
             "summons that card instead.")
def _336(ctx):
    cards = ctx.cards
    cid, _m, act = ctx.my_last
    if act == "play" and "Burning" in cards[cid].kw:
        ctx.summon(cid)
    else:
        ctx.summon_list(_BURNING)


_BURNING = ids_of(cards_filter(keyword="Burning"))


# ------------------------------------------------------------------ 303-347
from .defs_0601_0650 import ReplaceChosen  # noqa: E402

def upgrade_keyword_cards(keyword):
    """Every common or uncommon ``keyword`` card in your hand (played slot excluded) becomes a
    random ``keyword`` card one rarity higher (slot order, anti-flood, new, not revealed)."""
    up = (ids_of(cards_filter(keyword=keyword, rarity="Uncommon")),
          ids_of(cards_filter(keyword=keyword, rarity="Rare")))

    def fn(ctx):
        cards = ctx.cards
        A = ctx.A
        for i in range(8):
            c = cards[A.hand[i]]
            if i != ctx.slot and keyword in c.kw and 0 <= c.rank < 2:
                ctx.replace_from_list(A, i, up[c.rank])
    return Do(fn, "Every common %s card in your hand becomes a random uncommon %s card, and "
                  "every uncommon one a random rare one" % (keyword, keyword), uncertain=True)


def replace_random_own(ctx, eligible, n, cid):
    """Up to ``n`` random own cards (played slot excluded) that ``eligible(CardDef)`` accepts
    become card ``cid`` (new; revealed in hidden mode, like every named card)."""
    cards = ctx.cards
    A = ctx.A
    slots = [i for i in range(8) if i != ctx.slot and eligible(cards[A.hand[i]])]
    ctx.rng.shuffle(slots)
    for i in slots[:n]:
        ctx.place_named(A, i, cid)


_UNLIVING = me.count("Unliving")
card(303, tower(_UNLIVING), wall(_UNLIVING),
     text="Tower and wall +1 each for every Unliving card in your hand (this one included)")
card(304, attack(20))
card(306, attack(13), If(me.count("Unliving") > 4, quarry(1)))
card(307, stock(2), upgrade_keyword_cards("Undead"))
card(308, wall(9 * Min(_UNLIVING, 5)),
     text="Wall +9 for every Unliving card in your hand (this one included, at most 5)")
card(309, tower(5 * Min(_UNLIVING, 6)),
     text="Tower +5 for every Unliving card in your hand (this one included, at most 6)")
card(311, tower(11), wall(16), stock(2))
card(313, summon_filter("a random uncommon or rare Titan card", keyword="Titan",
                        rarity=("Uncommon", "Rare")))
_BARBARIANS = me.count("Barbarian")
card(314, Sub("tower", 6 * _BARBARIANS, ENEMY), Sub("wall", 9 * _BARBARIANS, ENEMY),
     text="Enemy tower -6 and enemy wall -9 for every Barbarian card in your hand (this one "
          "included)")
_UNDEAD_BY_RANK = tuple(ids_of(cards_filter(keyword="Undead", rarity=r))
                        for r in ("Common", "Uncommon", "Rare"))


@custom(316, "Choose a slot: the enemy card there is discarded (he refills from his deck). "
             "Summons a random Undead card of the discarded card's rarity.")
def _316(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    rank = cards[ctx.B.hand[sel]].rank
    ctx.replace_from_deck(ctx.B, sel, "different")
    if rank >= 0:
        ctx.summon_list(_UNDEAD_BY_RANK[rank])


card(317, attack(22))
card(318, attack(10), ReplaceSelf())
card(319, wall(10), If(~last_card(keyword=("Burning", "Mage")), gems(-4)),
     text="Wall +10. Unless your last card played was a Burning or Mage card: gems -4")
_COMMON_BEASTS = ids_of(cards_filter(keyword="Beast", rarity="Common"))


def _beastmaster(ctx):
    cards = ctx.cards
    B = ctx.B
    cands = [i for i in range(8) if B.hand[i] and "Beast" not in cards[B.hand[i]].kw]
    if cands:
        ctx.replace_from_list(B, highest_rarity_slot(ctx, B.hand, cands), _COMMON_BEASTS)


card(323, Do(_beastmaster, "The enemy's highest-rarity non-Beast card (a random one on a tie) "
                           "becomes a random common Beast card", uncertain=True),
     attack(5 * both.count("Beast")),
     text="The enemy's highest-rarity non-Beast card (a random one on a tie) becomes a random "
          "common Beast card. Then attack 5 for every Beast card in both hands (this one "
          "included)")
_PACK = Min(me.count("Beast") + me.count("Horde"), 7)
card(324, Modes(recruits(3 * _PACK), attack(3 * _PACK)),
     text="N is the number of Beast cards plus the number of Horde cards in your hand (this "
          "one counts twice), at most 7. Mode 1: recruits +3N. Mode 2: attack 3N")
_COMMON_HOLY = ids_of(cards_filter(keyword="Holy", rarity="Common"))


def _cleansing(ctx):
    cards = ctx.cards
    B = ctx.B
    n = min(ctx.kw_count(ctx.A, "Holy"), 4)
    slots = [i for i in range(8) if cards[B.hand[i]].rank == 0 and cards[B.hand[i]].kw
             and "Holy" not in cards[B.hand[i]].kw]
    ctx.rng.shuffle(slots)
    for i in slots[:n]:
        ctx.replace_from_list(B, i, _COMMON_HOLY)


card(325, Do(_cleansing, "For every Holy card in your hand (this one included, at most 4), a "
                         "random common enemy card that has keywords but not Holy becomes a "
                         "random common Holy card", uncertain=True))
_FAITHFUL = Min(me.count("Soldier") + me.count("Holy"), 8)
card(326, attack(2 * _FAITHFUL), wall(4 * _FAITHFUL),
     text="N is the number of Soldier cards plus the number of Holy cards in your hand (this "
          "one included), at most 8. Attack 2N. Wall +4N")
card(327, tower(4), ReplaceChosen(ids_of(cards_filter(keyword="Holy")), "a random Holy card"))
card(329, gems(6), wall(3), Prod(0), ReplaceSelf())
def _graveyard_undead(ctx):
    """Undead cards in "your graveyard": the cards discarded from your hand, by your own
    effects during your last round (your pile 0) and by the enemy's during his (his pile 1);
    never the cards you discarded from his hand (docs/rules-corrections.md, "Your
    graveyard")."""
    cards = ctx.cards
    return sum(1 for c in ctx.disc_snap[0] + ctx.B.disc[1] if "Undead" in cards[c].kw)


card(330, attack(14), tower(16),
     RandomGain(Fn(_graveyard_undead,
                   "the number of Undead cards discarded from your hand during the last "
                   "rounds")),
     text="Attack 14. Tower +16. Gain a random resource for every Undead card discarded "
          "from your hand (by either player's cards) during the last round of each player")


def _benediction(ctx):
    for P in (ctx.A, ctx.B):
        n = min(ctx.kw_count(P, "Holy"), 4)
        a = P.a
        a[5] += n
        a[6] += n
        a[7] += n


card(331, Do(_benediction, "Each player's stock + the number of Holy cards in his own hand "
                           "(at most 4; this card counts for you)"))
card(333, Sub("wall", 4 * Max(Min(me.count("Undead"), 6) - enemy.count("Holy"), 0), ENEMY),
     text="Enemy wall -4N, where N is the number of Undead cards in your hand (at most 6) "
          "minus the number of Holy cards in the enemy's hand")
card(334, If(last_card(keyword="Barbarian"), enemy_wall(-7)), attack(7),
     text="If your last card played was a Barbarian card: enemy wall -7. Then attack 7")


def _prince(ctx):
    a, b = ctx.A.a, ctx.B.a
    for k in (5, 6, 7):
        d = min(max(b[k] - a[k], 5), 15)
        a[k] += d
        b[k] -= d


card(339, If(~is_new(), Do(_prince, "")),
     text="Unless this card is new: for each resource, take from the enemy as much as he has "
          "more than you, at least 5 and at most 15 (he may lose less if he runs out)")
card(340, attack(6), Prod(2, "recruits"))
card(341, attack(10 + 3 * Min(me.count("Soldier") + me.count("Holy"), 7)),
     text="Attack 10 + 3N, where N is the number of Soldier cards plus the number of Holy cards "
          "in your hand (this one counts twice), at most 7")
card(342, Do(lambda ctx: replace_random_own(
    ctx, lambda c: c.rank == 0 and "Frenzy" not in c.kw, 3, 340),
    "Up to 3 random common non-Frenzy cards in your hand become %s" % CARDS[340].name,
    uncertain=True))


@custom(343, "Discard every common and uncommon Barbarian or Soldier card from your hand "
             "(refilled from your deck). Wall +8 for each card discarded (at most 5).")
def _343(ctx):
    cards = ctx.cards
    A = ctx.A
    slots = [i for i in range(8) if i != ctx.slot and cards[A.hand[i]].rank < 2
             and cards[A.hand[i]].kw & {"Barbarian", "Soldier"}]
    _discard_own(ctx, slots)
    A.a[1] += 8 * min(len(slots), 5)


card(345, Sub("wall", 10 * _BARBARIANS, ENEMY), attack(40),
     text="Enemy wall -10 for every Barbarian card in your hand (this one included). "
          "Attack 40")
_FRENZY = ids_of(cards_filter(keyword="Frenzy"))


@custom(346, "Summons a random Frenzy card. Gems - its recruit cost and recruits + its recruit "
             "cost (at most 10).")
def _346(ctx):
    cards = ctx.cards
    cid = ctx.summon_list(_FRENZY)
    if cid:
        n = min(cards[cid].recruits, 10)
        ctx.A.a[6] -= n
        ctx.A.a[7] += n


card(347, upgrade_keyword_cards("Beast"), Prod(0))
