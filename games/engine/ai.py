"""The computer player (spec §14): standard AI, challenge AI, tutorial relief.

The AI never reads hidden information: it scores its moves on a copy of the
game where, in hidden-cards mode, the opponent's unrevealed cards are replaced
by the neutral Empty card, and the opponent's deck (never visible to a player,
whatever the mode) is unknown (empty slots): ``knowledge.mask_opponent``.
Its previews use its own random generator (``rng``, by default derived from the
game state, salted), never the game's generator, so it cannot foresee the real
draws. The levels (``levels.choose_action``, the one door to the computer's decisions)
always pass a generator of their own.
"""
from .catalogue import AI_CHALLENGES
from .constants import ATTRS
from .knowledge import mask_opponent, seat_knowledge, shown_cards  # noqa: F401
from .legality import Action, legal_actions
from .php import php_round
from .rng import Rng
from .turn import run_turn

_ORDER = ATTRS  # tower, wall, quarry, magic, dungeons, bricks, gems, recruits
STANDARD_WEIGHTS = (
    {"quarry": 80, "magic": 120, "dungeons": 100, "bricks": 4, "gems": 6, "recruits": 5,
     "tower": 7.5, "wall": 5},
    {"quarry": 96, "magic": 144, "dungeons": 120, "bricks": 4.8, "gems": 7.2, "recruits": 6,
     "tower": 9, "wall": 6},
)
_AI_SALT = 0xA1A1_5EED_C0FF_EE11


def dynamic_factors(a, lim):
    """§14.1 dynamic factor per attribute (in ATTRS order) for one side."""
    t = a[0]
    w = a[1]
    out = [((100 * t / lim.max_tower - 50) ** 2) / 3000 + 0.9,
           min(1.5, 5 / (100 * w / lim.max_wall + 5) + 0.85)]
    for f in a[2:5]:
        out.append(min(2.5, 6 / (f * f) + 0.6) if f else 2.5)
    for r in a[5:8]:
        out.append(20 / (r + 40) + 0.8)
    return out


def _ratio(card, res):
    if not card.total_cost:
        return 1.0
    missing = (max(0, card.bricks - res[0]) + max(0, card.gems - res[1])
               + max(0, card.recruits - res[2]))
    return (card.total_cost - missing) / card.total_cost


def _hand_score(cards, before, after, played_slot, deck_common, res, sign):
    s = 0.0
    for i in range(8):
        old, new = before[i], after[i]
        if old == new:
            continue
        nc, oc = cards[new], cards[old]
        if nc.rank == 2:
            s += 150
        if oc.rank == 2 and i != played_slot:
            s -= 250 * _ratio(oc, res)
        if oc.rank == 0 and old not in deck_common[oc.rank] and new in deck_common[nc.rank]:
            s += 50
        elif nc.rank == 0 and new not in deck_common[nc.rank] and old in deck_common[oc.rank]:
            s -= 50
    return sign * s


def _ai_view(state, seat):
    """Copy of ``state`` without the hidden information of the other seat."""
    st = state.clone()
    mask_opponent(st, seat)
    return st


def _shown_deck(known, seat):
    """The opponent's deck as far as ``seat`` knows it, for the Common-card rules of
    ``_hand_score``: by rarity, the cards he has shown (his real deck is never read)."""
    secs = (set(), set(), set())
    cards = known.cards
    for c in shown_cards(known, seat):
        rank = cards[c].rank
        if rank >= 0:
            secs[rank].add(c)
    return tuple(frozenset(s) for s in secs)


def score_moves(state, seat, weights=None, rng=None):
    """[(score, position, mode)] for every legal play of ``seat`` (``legal_actions``)."""
    if weights is None:
        weights = STANDARD_WEIGHTS
    wm = [weights[0][k] for k in _ORDER]
    wh = [weights[1][k] for k in _ORDER]
    lim = state.limits
    base = _ai_view(state, seat)
    P = base.p[seat]
    opp = base.p[1 - seat]
    pa = P.a[:]
    oa = opp.a[:]
    dm = dynamic_factors(pa, lim)
    dh = dynamic_factors(oa, lim)
    rng = rng or Rng((state.rng if type(state.rng) is int else 0) ^ _AI_SALT)
    p_stock = pa[5] + pa[6] + pa[7]
    p_res = pa[5:8]
    o_res = oa[5:8]
    own_deck = tuple(frozenset(s) for s in P.deck)
    opp_deck = _shown_deck(base, seat)
    cards = base.cards
    out = []
    for kind, position, mode in legal_actions(base, seat):
        if kind != "play":
            continue
        slot = position - 1
        card = cards[P.hand[slot]]
        st = base.copy_shell()  # (a turn replaces both players: theirs stay as they are)
        st.rng = rng.randint(0, (1 << 63) - 1)
        run_turn(st, seat, slot, mode, True, preview=True)
        A2 = st.p[seat].a
        B2 = st.p[1 - seat].a
        s = 0.0
        for x1, x0, w1, d1, y0, y1, w2, d2 in zip(A2, pa, wm, dm, oa, B2, wh, dh):
            s += (x1 - x0) * w1 * d1 + (y0 - y1) * w2 * d2
        if card.playagain:
            s += 300
        # (most plays change neither hand in a preview: then both terms are zero)
        hand = st.p[seat].hand
        if hand != P.hand:
            s += _hand_score(cards, P.hand, hand, slot, own_deck, p_res, 1)
        hand = st.p[1 - seat].hand
        if hand != opp.hand:
            s += _hand_score(cards, opp.hand, hand, -1, opp_deck, o_res, -1)
        s *= (1 + card.total_cost / p_stock) if p_stock else 2
        win = (B2[0] <= 0 or A2[0] >= lim.max_tower
               or A2[5] + A2[6] + A2[7] >= lim.res_victory)
        loss = (A2[0] <= 0 or B2[0] >= lim.max_tower
                or B2[5] + B2[6] + B2[7] >= lim.res_victory)
        if win and not loss:
            s = 99999
        elif loss and not win:
            s = 0
        out.append((s, slot + 1, mode))
    return out


def choose_discard(state, seat, rng):
    P = state.p[seat]
    a = P.a
    cards = state.cards
    slots = [i for i in range(8) if cards[P.hand[i]].rank != 2] or list(range(8))

    def missing(i):
        c = cards[P.hand[i]]
        return (max(0, c.bricks - a[5]) + max(0, c.gems - a[6])
                + max(0, c.recruits - a[7]))

    worst = max(missing(i) for i in slots)
    slots = [i for i in slots if missing(i) == worst]
    low = min(cards[P.hand[i]].rank for i in slots)
    slots = [i for i in slots if cards[P.hand[i]].rank == low]
    return Action("discard", slots[rng.below(len(slots))] + 1, 0)


def standard_ai_seed(state):
    """The seed the site's standard AI has always played with (and ``ai_choose_action``'s
    default generator): the game's generator state, salted. It changes with every turn like
    the original's AI; the salt keeps it from foreseeing the game's draws. (The other levels
    seed from what the seat sees: ``levels.knowledge_seed``.)"""
    return (state.rng if type(state.rng) is int else 0) ^ (_AI_SALT >> 1)


def ai_choose_action(state, seat, *, weights=None, relief_level=None, rng=None):
    """Choose the move of ``seat`` (§14). ``weights`` = (mine, his) dicts; by default the
    challenge weights in an AI challenge (for the AI seat 1) else the standard weights.
    ``relief_level``: the human's level for tutorial relief (§14.2), None for none.
    """
    if weights is None:
        ch = AI_CHALLENGES.get(state.ai_challenge) if state.ai_challenge else None
        weights = ch.weights if (ch is not None and seat == 1) else STANDARD_WEIGHTS
    rng = rng or Rng(standard_ai_seed(state))
    scored = score_moves(state, seat, weights, rng)
    best = max([0] + [s for s, _p, _m in scored])
    if best > 0:
        top = [(p, m) for s, p, m in scored if s == best]
        pos, mode = top[rng.below(len(top))]
        # below level 10 (rating.TUTORIAL_END_LEVEL, the tutorial's end; rating sits above
        # this module), never in a challenge
        if relief_level is not None and relief_level < 10 and not state.ai_challenge:
            chance = php_round(100 * max(0.5 - relief_level / 20, 0))
            if rng.randint(1, 100) <= chance:
                return Action("discard", pos, 0)
        return Action("play", pos, mode)
    return choose_discard(state, seat, rng)
