"""Card definitions for ids 601-650 (see cards/README.md for the vocabulary)."""
from .dsl import *  # noqa: F401,F403
from ..php import php_round  # noqa: F401
from ..hand import replace_hand, shuffle_hand
from ..attributes import attack as _attack
from ..draws import starting_hand


# ------------------------------------------------------------------ shared helpers
def _pick(ctx, cands):
    """Uniform pick among ``cands`` (no random call for a single candidate)."""
    return cands[ctx.rng.below(len(cands))] if len(cands) > 1 else cands[0]


def replace_chosen_slot(ctx, what):
    """Mode = slot: the own card there becomes ``what`` (a card id, or a tuple of ids drawn
    uniformly with anti-flood). Choosing the played slot puts the new card there and keeps
    it (no draw). A named card is revealed (hidden mode), a random one is not. Returns the
    placed id."""
    sel = ctx.mode - 1
    A = ctx.A
    if isinstance(what, int):
        ctx.place_named(A, sel, what)
        cid = what
    else:
        cid = ctx.replace_from_list(A, sel, what)
    if sel == ctx.slot:
        ctx.keep()
    return cid


class ReplaceChosen(Action):
    """Mode = slot: the own card there is replaced by a fixed card (revealed to the enemy in
    hidden mode) or a random card of a list (not revealed); choosing the played slot keeps the new card
    there instead of drawing."""

    def __init__(self, what, name):
        self.what = what if isinstance(what, int) else tuple(what)
        self.name = name
        self.uncertain = not isinstance(what, int)

    def run(self, ctx):
        replace_chosen_slot(ctx, self.what)

    def text(self):
        return "Choose a card in your hand: it becomes %s" % self.name


def fixed_hand(ctx, P, ids):
    """Replace P's whole hand with a fixed list of 8 ids in random order (no anti-flood)."""
    replace_hand(ctx, P, ids, shuffled=True)
    if P is ctx.A:
        ctx.keep()


def _names(ids):
    names = [CARDS[i].name for i in ids]
    return ", ".join(names[:-1]) + " and " + names[-1]


def FixedHand(ids, side=ME):
    ids = tuple(ids)
    who = ("Your", "The enemy's")[side]
    return Do(lambda ctx: fixed_hand(ctx, _P(ctx, side), ids),
              "%s hand is replaced by %s (in random order)" % (who, _names(ids)),
              uncertain=True)


# ------------------------------------------------------------------ cards
def _601(ctx):
    A = ctx.A
    # the refill of a play-again card: never a rare (docs/rules-corrections.md,
    # "Whirlwind's refill is a Quick card's refill")
    ctx.place(A, ctx.slot, ctx.draw_no_rare(A, ctx.slot))
    shuffle_hand(ctx, A)
    ctx.keep()


card(601, enemy_wall(-3), enemy_stock(-1),
     Do(_601, "This card is replaced from your deck, then your hand is shuffled",
        uncertain=True))
card(602, wall(10), enemy_wall(10), summon_filter(keyword="Barbarian"))

_FRENZY = ids_of(cards_filter(keyword="Frenzy"))
card(603, attack(8), ReplaceChosen(_FRENZY, "a random Frenzy card"))
card(604, dungeons(1), attack(10 * (me.dungeons - enemy.dungeons)), Prod(0, "recruits"),
     text="Dungeons +1. Then attack 10 for each point your dungeons exceed the enemy's. "
          "Recruits production x0")

_REINFORCEMENTS = ids_of(cards_filter(cost="recruits", support="none", effect="attack"))


def _605(ctx):
    cards = ctx.cards
    cid = replace_chosen_slot(ctx, _REINFORCEMENTS)
    ctx.A.a[7] += min(php_round(cards[cid].recruits / 2), 6)


card(605, Do(_605, "Choose a card in your hand: it becomes a random recruits-only attack card "
                   "that supports no keyword. Recruits + half its recruits cost (rounded, "
                   "at most 6)", uncertain=True))
card(606, attack(2), enemy_recruits(-1))
card(607, gems(Min(both.count("Burning"), 7)), recruits(Min(me.count("Beast"), 7)),
     text="Gems +1 for each Burning card in both hands (at most 7). Recruits +1 for each "
          "Beast card in your hand (at most 7)")


def _in_deck(P, cid):
    d = P.deck
    return cid in d[0] or cid in d[1] or cid in d[2]


def _608(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        for i in range(8):
            if P is ctx.A and i == ctx.slot:
                continue
            c = cards[P.hand[i]]
            if c.id and c.rank < 2 and not _in_deck(P, c.id):
                ctx.place(P, i, ctx.draw_no_rare(P, i))


card(608, Do(_608, "Both players discard every non-rare card in their hands that is not part "
                   "of their deck; the replacements are never rare", uncertain=True))
card(609, wall(6))


def _610(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    B = ctx.B
    cid = B.hand[sel]
    if cid and cards[cid].rank < 2:
        ctx.replace_from_deck(B, sel, "different")
        ctx.summon(cid, reveal=True)


card(610, attack(16), Do(_610, "Choose a slot: a non-rare enemy card there is discarded and "
                               "summoned into your hand", uncertain=True))
card(611, Prod(0), recruits(20))
_N612 = me.count("Nature")
_M612 = me.count("Undead")
card(612, wall(5 * _N612), enemy_wall(-5 * _M612), stock(_N612 + _M612),
     text="Wall +5 for each Nature card and enemy wall -5 for each Undead card in your hand; "
          "stock +1 for each of those cards")
card(613, FixedHand((521, 553, 550, 560, 507, 505, 530, 506)))
card(614, facilities(1), If(round_no > 35, facilities(1)))
card(615, attack(45), Modes(magic(1), dungeons(1)))


def _616(ctx):
    b = ctx.B.a
    before = b[0]
    _attack(b, 10 * ctx.A.a[2])
    floor = min(before, 10)
    if b[0] < floor:
        b[0] = floor
    ctx.A.a[0] += 10 * b[2]


card(616, Do(_616, "Attack 10 for each point of your quarry, but the enemy tower does not "
                   "fall below 10 from it. Tower +10 for each point of the enemy quarry"))
card(617, tower(4), wall(6), lowest("facility", 2))
card(618, attack(13), If(enemy.count("Runic") + enemy.count("Durable") < 1, attack(12)),
     text="Attack 13. If the enemy holds no Runic and no Durable card: attack 12 more")
card(619, wall(me.facilities), text="Wall + the sum of your facilities")


def _620(ctx):
    A = ctx.A
    replace_hand(ctx, A, starting_hand(ctx.rng, A.deck, ctx.events))
    ctx.keep()


card(620, Do(_620, "Your hand is discarded and you draw a new starting hand", uncertain=True))
card(621, attack(6 + 2 * (me.magic + me.dungeons)),
     text="Attack 6 + 2 x (your magic + your dungeons)")
card(622, magic(1), dungeons(1), summon_filter(rarity="Rare", keyword="Dragon"))
card(623, recruits(45), enemy_wall(120), FixedHand((45, 334, 281, 68, 344, 345, 337, 535)))
card(624, If(me.tower < 65, tower(7), wall(9)))


def _625(ctx):
    cards = ctx.cards
    best, cands = -1, []
    for P in (ctx.A, ctx.B):
        for cid in P.hand:
            if cid == 625 or not cid:
                continue
            t = cards[cid].total_cost
            if t > best:
                best, cands = t, [cid]
            elif t == best:
                cands.append(cid)
    if cands:
        ctx.summon(_pick(ctx, cands))


card(625, Do(_625, "Summons a copy of the most expensive card in both hands (never Shifting "
                   "mass)", uncertain=True))

_UNLIVING_BY_RANK = [ids_of(cards_filter(keyword="Unliving", rarity=r))
                     for r in ("Common", "Uncommon", "Rare")]


def _626(ctx):
    cards = ctx.cards
    sel = ctx.mode - 1
    c = cards[ctx.A.hand[sel]]
    if "Unliving" not in c.kw and c.rank >= 0:
        replace_chosen_slot(ctx, _UNLIVING_BY_RANK[c.rank])


card(626, tower(3), Do(_626, "Choose a card in your hand: if it is not Unliving, it becomes a "
                             "random Unliving card of the same rarity", uncertain=True))


def _627(ctx):
    from .defs_0401_0450 import _discard_enemy_where
    _discard_enemy_where(ctx, lambda c: c.rank < 2 and bool(c.classes & {"discard", "replace"}),
                         highest=True)


card(627, attack(4), Do(_627, "The enemy discards his highest-rarity non-rare card that "
                              "discards or replaces cards", uncertain=True))
card(628, attack(5), Modes(Prod(2, "gems"), Prod(2, "recruits")))
card(629, Modes(summon_ids(22, reveal=True), summon_ids(34, reveal=True),
                summon_ids(12, reveal=True)))
card(630, tower(7), Prod(0))
card(631, Modes(SetAttr("tower", 21), SetAttr("wall", 21)))
card(632, Modes(Prod(3, "bricks"), Prod(3, "gems"), Prod(3, "recruits")))
card(633, enemy_wall(-9), attack(Min(enemy.tower, 30)),
     text="Enemy wall -9. Attack as much as the enemy tower (at most 30)")


def _top3_facilities(ctx):
    v = sorted(ctx.A.a[2:5] + ctx.B.a[2:5], reverse=True)
    return v[0] + v[1] + v[2]


card(634, attack(10 * Fn(_top3_facilities, "the three highest facilities in both players")),
     text="Attack 10 x the sum of the three highest facilities among both players")


def _635(ctx):
    A = ctx.A
    for i in (ctx.slot - 1, ctx.slot + 1):
        if 0 <= i < 8:
            ctx.place_named(A, i, 635)
    n = A.hand.count(635) + ctx.B.hand.count(635)
    ctx.attack(ctx.B, 5 * n)


card(635, Do(_635, "Both neighbouring cards become Hydras. Then attack 5 for each Hydra in "
                   "both hands"))
card(636, wall(15), ReplaceChosen(479, CARDS[479].name))
card(637, enemy_wall(-80), attack(150))
card(638, tower(4), wall(8), enemy_tower(4), enemy_wall(8))
card(639, wall(10), Prod(0, "bricks"), Prod(0, "recruits"))
card(640, bricks(5), recruits(-5), enemy_bricks(5), enemy_recruits(-5))


def _641(ctx):
    cards = ctx.cards
    B = ctx.B
    for i in range(8):
        if cards[B.hand[i]].rank == 2:
            ctx.place(B, i, ctx.draw_no_rare(B, i))


card(641, Do(_641, "The enemy discards all his rare cards; their replacements are never rare",
             uncertain=True))
card(642, magic(1), ReplaceChosen(34, CARDS[34].name))
card(643, quarry(1), ReplaceChosen(22, CARDS[22].name))
card(644, dungeons(1), ReplaceChosen(12, CARDS[12].name))


def _645(ctx):
    cards = ctx.cards
    for P in (ctx.A, ctx.B):
        n = sum((cards[c].rank == 2) + ("Dragon" in cards[c].kw) for c in P.hand)
        a = P.a
        a[5] += n
        a[6] += n
        a[7] += n


card(645, Do(_645, "Each player gains 1 stock for every rare card and every Dragon card in his "
                   "hand"))
card(646, Sub("tower", me.count("Barbarian"), ENEMY), enemy_wall(me.count("Barbarian")),
     text="Enemy tower -N, enemy wall +N, where N is the number of Barbarian cards in your hand")
card(647, tower(2), If((me.changed("tower") < 0) | (me.changed("wall") < 0), wall(8)))
card(648, summon_ids(530))
card(649, SetAttr("tower", 10, ENEMY), SetAttr("wall", 10, ENEMY))


def _650(ctx):
    # one of the 45 cards of the enemy's deck, each as likely (not a type-random draw)
    # (docs/rules-corrections.md, "Baku picks any card of the enemy's deck")
    d = ctx.B.deck
    ctx.summon_list([*d[0], *d[1], *d[2]])


card(650, attack(6), Do(_650, "Summons a random card from the enemy's deck", uncertain=True))
