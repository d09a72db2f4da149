"""Keywords (spec §11): facts, token gains and the 36 effects in execution order."""
from .attributes import add_extreme, attack, pick_extreme, random_gain, random_loss, steal
from .cards import facts
from .cards.filters import cards_filter, ids_of
from .constants import (
    BRICKS,
    DUNGEONS,
    FACILITIES,
    GEMS,
    MAGIC,
    QUARRY,
    RECRUITS,
    RESOURCES,
    TOWER,
    WALL,
)
from .hand import highest_rarity_slot, lowest_rarity_slot, order_by_rarity
from .php import php_round


class KeywordDef:
    __slots__ = ("name", "basic_gain", "bonus_gain", "order", "token", "text", "fn")

    def __init__(self, name, basic, bonus, order, text):
        self.name = name
        self.basic_gain = basic
        self.bonus_gain = bonus
        self.order = order
        self.token = basic > 0 or bonus > 0
        self.text = text
        self.fn = None

    def to_dict(self):
        return {"name": self.name, "basic_gain": self.basic_gain, "bonus_gain": self.bonus_gain,
                "order": self.order, "token": self.token, "text": self.text}


# Player-facing descriptions, written for this project.
TEXTS = {
    "Alliance": "Token keyword. When its counter fills: this turn's production is doubled.",
    "Aqua": "Played right after a different non-common Aqua card: your tower and wall +3, "
            "the enemy loses 3 of each resource.",
    "Barbarian": "Token keyword. When its counter fills: the enemy wall takes 3/8/15 damage "
                 "(by rarity); with no enemy wall the enemy loses half that of each resource.",
    "Beast": "Token keyword. When its counter fills: recruit production is doubled and the "
             "beasts attack for your dungeons (up to 2/5/10 by rarity).",
    "Brigand": "Token keyword. When its counter fills: steal 1/2/3 of each resource (by rarity).",
    "Burning": "Token keyword. When its counter fills: one enemy card of at most this rarity "
               "(without Burning) turns into Searing fire, face up.",
    "Demonic": "Costs you a price: lose random resources, tower or wall (2/3/4 by rarity), "
               "chosen among the resource types the card costs.",
    "Destruction": "Played right after a different non-common Destruction card: the enemy's "
                   "highest facility -1 (above 3), else the enemy's highest resource -6.",
    "Dragon": "With another Dragon in hand: summons a Dragon egg, or doubles gem production "
              "if an egg is already in hand.",
    "Holy": "Token keyword. When its counter fills: gain 1/2/5 random resources and turn one "
            "Demonic or Undead enemy card of at most this rarity into Pile of ashes.",
    "Illusion": "Played right after a different non-common Illusion card: your lowest-rarity "
                "other card is swapped for a rare from the enemy's deck.",
    "Legend": "With another rare card in hand: your lowest facility +1.",
    "Mage": "Token keyword. When its counter fills: magic +1 if it does not exceed the enemy's "
            "by more than one, otherwise gems +10.",
    "Nature": "Played right after a different non-common Nature card: summons a rare Nature card.",
    "Restoration": "Repairs: if you lost resources last round, your lowest resource grows "
                   "(3/6/9); if you lost facilities, a low facility +1.",
    "Runic": "Repairs up to 2/5/10 of the tower and wall damage taken last round.",
    "Soldier": "Token keyword. When its counter fills: recruits + half the card's recruit cost.",
    "Titan": "Token keyword. When its counter fills: summons a Titan card not in your hand.",
    "Undead": "Token keyword. When its counter fills: part of the card's cost is refunded.",
    "Unliving": "Token keyword. When its counter fills: brick production x2/x3/x4 by rarity.",
    "Durable": "The card stays in your hand (and is shown to the enemy).",
    "Quick": "Play again, but this turn produces nothing.",
    "Swift": "Play again.",
    "Far sight": "Bonus by the cost type of the enemy card opposite; reveals enemy cards around it.",
    "Banish": "Removes an enemy card that stays in hand (Durable, Rebirth or self-replacing).",
    "Skirmisher": "Removes an enemy Charge card, or else a recruit-paid attack card.",
    "Horde": "Next to another Horde card: turns a weaker, cheaper enemy card opposite into "
             "a Palisade.",
    "Rebirth": "With more than three Burning, Demonic, Legend or Mage cards in hand: the card "
               "stays and refunds half its gem cost.",
    "Flare blitz": "Sets up to 1/2/4 cards in each hand ablaze (Searing fire), lowest rarity first.",
    "Frenzy": "Next to another Frenzy card: an extra attack based on the recruit cost.",
    "Aria": "Every fifth round: your cheapest common cards are redrawn (1/2/4 by rarity).",
    "Enduring": "Played twice in a row: an extra attack of the given strength.",
    "Charge": "With the enemy wall down: direct tower damage; otherwise random resources.",
    "Siege": "Undoes part of the enemy's last-round tower and wall building when this card "
             "damages them.",
    "Cursed": "Cannot be removed from your hand except by playing it.",
    "Forbidden": "Cannot be put into a deck.",
}

KEYWORDS = {}
ORDER = []
for _name, _basic, _bonus, _order in facts.KEYWORDS:
    KEYWORDS[_name] = KeywordDef(_name, _basic, _bonus, _order, TEXTS.get(_name, ""))
    ORDER.append(_name)
TOKEN_KEYWORDS = tuple(n for n in ORDER if KEYWORDS[n].token)
# order used by automatic token assignment (§15)
AUTO_TOKEN_ORDER = ("Alliance", "Barbarian", "Brigand", "Beast", "Burning", "Holy", "Mage",
                    "Soldier", "Titan", "Undead", "Unliving")

SEARING_FIRE = 248
PILE_OF_ASHES = 381
PALISADE = 297
DRAGON_EGG = 131


def _by(card, c, u, r):
    k = card.rank
    return c if k <= 0 else (u if k == 1 else r)


def _chain(ctx, kw):
    """A's last action was playing a different, non-common card with keyword ``kw``."""
    cards = ctx.cards
    cid, _mode, action = ctx.my_last
    if action != "play" or cid == ctx.card.id or not cid:
        return False
    c = cards[cid]
    return c.rank >= 1 and kw in c.kw


# the cards some keywords summon or put into a hand (fixed when the engine loads)
TITANS = ids_of(cards_filter(keyword="Titan"))
RARE_NATURE = ids_of(cards_filter(keyword="Nature", rarity="Rare"))
COMMON_ZERO_COST = ids_of(cards_filter(rarity="Common", cost="zero"))


# ------------------------------------------------------------ token keywords
def k_alliance(ctx):
    p = ctx.prod
    p[0] *= 2
    p[1] *= 2
    p[2] *= 2


def k_barbarian(ctx):
    d = _by(ctx.card, 3, 8, 15)
    b = ctx.B.a
    if b[WALL] <= 0:
        loss = php_round(d / 2)
        b[BRICKS] -= loss
        b[GEMS] -= loss
        b[RECRUITS] -= loss
    else:
        b[WALL] -= d


def k_beast(ctx):
    ctx.prod[2] *= 2
    attack(ctx.B.a, min(ctx.A.a[DUNGEONS] * ctx.prod[2], _by(ctx.card, 2, 5, 10)))


def k_brigand(ctx):
    k = _by(ctx.card, 1, 2, 3)
    for i in RESOURCES:
        steal(ctx.B.a, ctx.A.a, i, k)


def k_burning(ctx):
    cards = ctx.cards
    B = ctx.B
    r = ctx.card.rank
    slots = [i for i, c in enumerate(B.hand)
             if c and "Burning" not in cards[c].kw and cards[c].rank <= r]
    i = highest_rarity_slot(ctx, B.hand, slots)
    if i is not None:
        ctx.place_named(B, i, SEARING_FIRE)


def k_holy(ctx):
    cards = ctx.cards
    random_gain(ctx.rng, ctx.A.a, _by(ctx.card, 1, 2, 5))
    B = ctx.B
    r = ctx.card.rank
    slots = [i for i, c in enumerate(B.hand)
             if c and ("Demonic" in cards[c].kw or "Undead" in cards[c].kw)
             and cards[c].rank <= r]
    i = highest_rarity_slot(ctx, B.hand, slots)
    if i is not None:
        ctx.place_named(B, i, PILE_OF_ASHES)


def k_mage(ctx):
    a = ctx.A.a
    if a[MAGIC] <= ctx.B.a[MAGIC] + 1:
        a[MAGIC] += 1
    else:
        a[GEMS] += 10


def k_soldier(ctx):
    ctx.A.a[RECRUITS] += php_round(ctx.card.recruits / 2)


def k_titan(ctx):
    hand = ctx.A.hand
    slot = ctx.slot
    present = {c for i, c in enumerate(hand) if i != slot}
    lst = [c for c in TITANS if c not in present]
    if lst:
        ctx.summon_list(lst)


def k_undead(ctx):
    card = ctx.card
    k = (card.bricks > 0) + (card.gems > 0) + (card.recruits > 0)
    if not k:
        return
    frac = 2 / 3 if k == 1 else (1 / 2 if k == 2 else 1 / 3)
    a = ctx.A.a
    a[BRICKS] += php_round(card.bricks * frac)
    a[GEMS] += php_round(card.gems * frac)
    a[RECRUITS] += php_round(card.recruits * frac)


def k_unliving(ctx):
    ctx.prod[0] *= _by(ctx.card, 2, 3, 4)


# -------------------------------------------------------- non-token keywords
def k_aqua(ctx):
    if _chain(ctx, "Aqua"):
        a = ctx.A.a
        b = ctx.B.a
        a[TOWER] += 3
        a[WALL] += 3
        b[BRICKS] -= 3
        b[GEMS] -= 3
        b[RECRUITS] -= 3


def k_demonic(ctx):
    card = ctx.card
    kinds = [k for k, v in (("b", card.bricks), ("g", card.gems), ("r", card.recruits)) if v > 0]
    if not kinds:
        return
    n = _by(card, 2, 3, 4)
    # one random call even for a single kind (the original's call order)
    k = kinds[ctx.rng.below(len(kinds))]
    a = ctx.A.a
    if k == "b":
        random_loss(ctx.rng, a, n)
    elif k == "g":
        a[TOWER] -= n
    else:
        a[WALL] -= n


def k_destruction(ctx):
    if not _chain(ctx, "Destruction"):
        return
    b = ctx.B.a
    if max(b[QUARRY], b[MAGIC], b[DUNGEONS]) > 3:
        add_extreme(ctx.rng, b, FACILITIES, -1, True)
    else:
        add_extreme(ctx.rng, b, RESOURCES, -6, True)


def k_dragon(ctx):
    cards = ctx.cards
    hand = ctx.A.hand
    n = 0
    for c in hand:
        if "Dragon" in cards[c].kw:
            n += 1
    if n >= 2:
        if DRAGON_EGG in hand:
            ctx.prod[1] *= 2
        else:
            ctx.summon(DRAGON_EGG, reveal=True)


def k_illusion(ctx):
    if not _chain(ctx, "Illusion"):
        return
    A = ctx.A
    i = lowest_rarity_slot(ctx, A.hand, [i for i in range(8) if i != ctx.slot])
    ctx.replace_from_list(A, i, ctx.B.deck[2])


def k_legend(ctx):
    cards = ctx.cards
    hand = ctx.A.hand
    for i, c in enumerate(hand):
        if i != ctx.slot and cards[c].rank == 2:
            add_extreme(ctx.rng, ctx.A.a, FACILITIES, 1, False)
            return


def k_nature(ctx):
    if _chain(ctx, "Nature"):
        ctx.summon_list(RARE_NATURE)


def k_restoration(ctx):
    ch = ctx.my_ch
    a = ctx.A.a
    card = ctx.card
    if ch[BRICKS] < 0 or ch[GEMS] < 0 or ch[RECRUITS] < 0:
        add_extreme(ctx.rng, a, RESOURCES, _by(card, 3, 6, 9), False)
    if ch[QUARRY] < 0 or ch[MAGIC] < 0 or ch[DUNGEONS] < 0:
        i = pick_extreme(ctx.rng, a, FACILITIES, False)
        if a[i] < _by(card, 2, 3, 4):
            a[i] += 1


def k_runic(ctx):
    f = _by(ctx.card, 2, 5, 10)
    ch = ctx.my_ch
    a = ctx.A.a
    if ch[TOWER] < 0:
        a[TOWER] += min(-ch[TOWER], f)
    if ch[WALL] < 0:
        a[WALL] += min(-ch[WALL], f)


def k_durable(ctx):
    ctx.keep()
    ctx.reveal(ctx.A, ctx.slot)


def k_quick(ctx):
    ctx.again = True
    ctx.prod[0] = ctx.prod[1] = ctx.prod[2] = 0


def k_swift(ctx):
    ctx.again = True


def k_far_sight(ctx):
    cards = ctx.cards
    B = ctx.B
    s = ctx.slot
    if not ctx.hidden or B.rev[s]:
        m = cards[B.hand[s]]
        f = _by(ctx.card, 1, 3, 9)
        a = ctx.A.a
        cc = m.cost_class if m.id else "zero"
        if cc == "bricks":
            a[TOWER] += 2 * f
        elif cc == "gems":
            A = ctx.A
            idx = [i for i in range(3) if A.tok_names[i]]
            if idx:
                low = min(A.tok[i] for i in idx)
                cand = [i for i in idx if A.tok[i] == low]
                # one random call even for one candidate (docs/rules-corrections.md, 21)
                i = cand[ctx.rng.below(len(cand))]
                A.tok[i] += 10 * f
        elif cc == "recruits":
            a[WALL] += 3 * f
        elif cc == "mixed":
            a[BRICKS] += f
            a[GEMS] += f
            a[RECRUITS] += f
    if ctx.hidden:
        o = _by(ctx.card, 1, 2, 8)
        for i in range(max(0, s - o), min(7, s + o) + 1):
            B.rev[i] = True


def _replace_removed(ctx, B, i):
    if ctx.card.rank == 2:
        ctx.replace_from_list(B, i, COMMON_ZERO_COST)
    else:
        ctx.replace_from_deck(B, i, "different")


def k_banish(ctx):
    cards = ctx.cards
    B = ctx.B
    lim = ctx.card.rank + 1
    slots = []
    for i, c in enumerate(B.hand):
        d = cards[c]
        if c and (d.persistent or "Durable" in d.kw or "Rebirth" in d.kw) and d.rank <= lim:
            slots.append(i)
    i = highest_rarity_slot(ctx, B.hand, slots)
    if i is not None:
        _replace_removed(ctx, B, i)


def k_skirmisher(ctx):
    cards = ctx.cards
    B = ctx.B
    r = ctx.card.rank
    slots = [i for i, c in enumerate(B.hand)
             if c and "Charge" in cards[c].kw and cards[c].rank <= r + 1]
    if not slots:
        slots = [i for i, c in enumerate(B.hand)
                 if c and cards[c].cost_class == "recruits" and "attack" in cards[c].classes
                 and cards[c].rank <= r]
    i = highest_rarity_slot(ctx, B.hand, slots)
    if i is not None:
        _replace_removed(ctx, B, i)


def k_horde(ctx):
    cards = ctx.cards
    s = ctx.slot
    hand = ctx.A.hand
    near = False
    for j in (s - 1, s + 1):
        if 0 <= j < 8 and "Horde" in cards[hand[j]].kw:
            near = True
    if not near:
        return
    B = ctx.B
    m = cards[B.hand[s]]
    card = ctx.card
    if card.rank >= m.rank and card.recruits > m.recruits:
        ctx.place_named(B, s, PALISADE)


def k_rebirth(ctx):
    cards = ctx.cards
    hand = ctx.A.hand
    n = 0
    for c in hand:
        kw = cards[c].kw
        n += ("Burning" in kw) + ("Demonic" in kw) + ("Legend" in kw) + ("Mage" in kw)
    if n > 3:
        ctx.keep()
        ctx.reveal(ctx.A, ctx.slot)
        ctx.A.a[GEMS] += php_round(ctx.card.gems / 2)


def k_flare_blitz(ctx):
    cards = ctx.cards
    n = _by(ctx.card, 1, 2, 4)
    for P, skip in ((ctx.A, ctx.slot), (ctx.B, -1)):
        hand = P.hand
        slots = [i for i, c in enumerate(hand) if i != skip and c and "Burning" not in cards[c].kw]
        # lowest rarity first; unlike other named cards these Searing fires stay unrevealed
        for i in order_by_rarity(ctx, hand, slots)[:n]:
            ctx.place(P, i, SEARING_FIRE)


def k_frenzy(ctx):
    cards = ctx.cards
    s = ctx.slot
    hand = ctx.A.hand
    for j in (s - 1, s + 1):
        if 0 <= j < 8 and "Frenzy" in cards[hand[j]].kw:
            coef = _by(ctx.card, 1, 2, 3)
            attack(ctx.B.a, php_round(coef * ctx.card.recruits / 3))
            return


def k_aria(ctx):
    cards = ctx.cards
    if ctx.round % 5:
        return
    A = ctx.A
    n = _by(ctx.card, 1, 2, 4)
    slots = [i for i, c in enumerate(A.hand)
             if i != ctx.slot and c and cards[c].rank == 0]
    slots.sort(key=lambda i: cards[A.hand[i]].total_cost)
    for i in slots[:n]:
        ctx.replace_from_deck(A, i, "random")


def k_enduring(ctx):
    cid, _m, action = ctx.my_last
    if action == "play" and cid == ctx.card.id:
        attack(ctx.B.a, ctx.card.kw_param.get("Enduring", 0))


def k_charge(ctx):
    n = ctx.card.kw_param.get("Charge", 0)
    if ctx.B.a[WALL] <= 0:
        ctx.B.a[TOWER] -= n
    else:
        random_gain(ctx.rng, ctx.A.a, php_round(n / 2))


def k_siege(ctx):
    f = _by(ctx.card, 1, 2, 5)
    ch = ctx.his_ch
    b = ctx.B.a
    base = ctx.base_b
    if ch[TOWER] > 0 and b[TOWER] < base[TOWER]:
        b[TOWER] -= min(ch[TOWER], f)
    if ch[WALL] > 0 and b[WALL] < base[WALL]:
        b[WALL] -= min(ch[WALL], 2 * f)


def k_passive(ctx):
    pass


FUNCS = {
    "Alliance": k_alliance, "Aqua": k_aqua, "Barbarian": k_barbarian, "Beast": k_beast,
    "Brigand": k_brigand, "Burning": k_burning, "Demonic": k_demonic,
    "Destruction": k_destruction, "Dragon": k_dragon, "Holy": k_holy, "Illusion": k_illusion,
    "Legend": k_legend, "Mage": k_mage, "Nature": k_nature, "Restoration": k_restoration,
    "Runic": k_runic, "Soldier": k_soldier, "Titan": k_titan, "Undead": k_undead,
    "Unliving": k_unliving, "Durable": k_durable, "Quick": k_quick, "Swift": k_swift,
    "Far sight": k_far_sight, "Banish": k_banish, "Skirmisher": k_skirmisher,
    "Horde": k_horde, "Rebirth": k_rebirth, "Flare blitz": k_flare_blitz,
    "Frenzy": k_frenzy, "Aria": k_aria, "Enduring": k_enduring, "Charge": k_charge,
    "Siege": k_siege, "Cursed": k_passive, "Forbidden": k_passive,
}
for _n, _k in KEYWORDS.items():
    _k.fn = FUNCS[_n]

# keywords whose effect uses randomness (for preview "uncertain")
RANDOM_KEYWORDS = frozenset({"Barbarian", "Beast", "Burning", "Holy", "Titan", "Demonic",
                             "Destruction", "Illusion", "Legend", "Nature", "Restoration",
                             "Far sight", "Banish", "Skirmisher", "Flare blitz", "Aria",
                             "Charge"})


def compile_card(card):
    """Precompute the keyword phase of a card: ((name, token, fn), ...) in execution order."""
    phase = []
    for name in ORDER:
        if name in card.kw:
            k = KEYWORDS[name]
            if k.fn is k_passive:
                continue
            phase.append((name, k.token, k.fn))
    card.kw_phase = tuple(phase)
    card.token_kws = tuple((name, KEYWORDS[name].basic_gain, KEYWORDS[name].bonus_gain)
                           for name in ORDER if name in card.kw and KEYWORDS[name].token)
