"""What one seat may know of a game, and whole games ("worlds") sampled from that.

Every computer level decides on ``seat_knowledge(state, seat)`` only: a copy of the game
holding what the seat's player may know (spec §13 and §14). Known: the seat's own hand and
the contents of its own deck (a player built it; draws pick a random slot, there is no
order to know), both players' attributes, tokens, history of the latest round, discard
piles, new and revealed flags, and the opponent's hand when hands are open. Unknown: the
opponent's unrevealed cards in hidden-cards mode, the opponent's deck (always), and the
game's random generator (its state and seed).

A search then plays on ``sample_world``: the unknown parts filled in from a ``DeckPrior``
(decks consistent with the cards the opponent has shown) and a fresh generator state, all
drawn from the searcher's own generator, so nothing it computes can depend on the real
hidden cards, deck or draws.
"""
from . import draws
from .cards.model import CARDS, REAL_CARDS, card_in
from .catalogue import STARTER_DECKS
from .rng import Rng

UNKNOWN_CARD = 0  # the Empty placeholder stands for a card the seat cannot see
UNKNOWN_DECK = ((UNKNOWN_CARD,) * 15,) * 3
_MASK64 = (1 << 64) - 1

# Prior over the opponent's deck: half on the starter decks every new player owns (and the
# standard AI plays), half on "some other deck" built around the cards shown.
_STARTER_PRIOR = 0.5
# Chance that a card the opponent showed is not from his deck (summoned by an effect).
_FOREIGN_CARD = 0.005


def seat_knowledge(state, seat):
    """Copy of ``state`` holding only what ``seat`` may know (the module docstring lists it).

    The opponent's unrevealed cards (hidden-cards mode) become ``UNKNOWN_CARD``, his deck
    ``UNKNOWN_DECK``, the generator state and seed 0. The input is not touched.
    """
    st = state.clone()
    mask_opponent(st, seat)
    st.rng = 0
    st.seed = 0
    return st


def mask_opponent(st, seat):
    """In place: the opponent's unrevealed cards (hidden-cards mode) and his deck become
    unknown to ``seat``."""
    opp = st.p[1 - seat]
    if st.hidden:
        opp.hand = [c if opp.rev[i] else UNKNOWN_CARD for i, c in enumerate(opp.hand)]
    opp.deck = UNKNOWN_DECK


def shown_cards(known, seat):
    """Ids of the cards the opponent of ``seat`` shows in ``known`` (a ``seat_knowledge``
    copy): his visible hand cards, his latest round's plays and discards, and the cards
    effects removed from his hand (his own discard pile and ``seat``'s pile of the
    opponent's cards)."""
    opp = known.p[1 - seat]
    out = [c for c in opp.hand if c]
    out += [c for c, _m, _a in opp.hist if c]
    out += opp.disc[0]
    out += known.p[seat].disc[1]
    return out


class DeckPrior:
    """A distribution over the opponent's deck given the cards he has shown.

    Hypotheses: each starter deck (weighted by how well it explains the shown cards: a
    shown card outside the deck counts as summoned, which is rare), or a generic deck made
    of the shown cards filled up with random cards of each rarity, at most as advanced
    (level) as the most advanced card shown. ``cards``: the game's card table (the cards
    shown are looked up in it; the decks are made of the catalogue's real cards).
    """

    def __init__(self, shown, cards=CARDS):
        shown = [c for c in dict.fromkeys(shown) if c > 0 and card_in(cards, c)]
        self.shown = shown
        self.cards = cards
        level = max([cards[c].level for c in shown] + [0])
        pools = []
        for rank in (0, 1, 2):
            pools.append(tuple(c.id for c in REAL_CARDS
                               if c.rank == rank and not c.forbidden and c.level <= level))
        self.pools = pools
        # weights: a shown card is 1/15 likely in a deck holding it (per draw of its rarity
        # section), 1/len(pool) for the generic deck, _FOREIGN_CARD when summoned
        weights = []
        for deck in STARTER_DECKS:
            members = set(deck.common) | set(deck.uncommon) | set(deck.rare)
            w = _STARTER_PRIOR / len(STARTER_DECKS)
            for c in shown:
                w *= (1 / 15) if c in members else _FOREIGN_CARD
            weights.append(w)
        w = 1 - _STARTER_PRIOR
        for c in shown:
            rank = cards[c].rank
            pool = pools[rank] if rank >= 0 else ()
            w *= 1 / max(15, len(pool))
        weights.append(w)
        total = sum(weights)
        self.weights = [x / total for x in weights]

    def sample(self, rng):
        """One deck (three 15-tuples) drawn with ``rng``."""
        r = rng.random()
        for i, deck in enumerate(STARTER_DECKS):
            r -= self.weights[i]
            if r < 0:
                return (tuple(deck.common), tuple(deck.uncommon), tuple(deck.rare))
        return self._generic(rng)

    def _generic(self, rng):
        secs = []
        cards = self.cards
        for rank in (0, 1, 2):
            sec = [c for c in self.shown if cards[c].rank == rank][:15]
            taken = set(sec)
            pool = [c for c in self.pools[rank] if c not in taken]
            while len(sec) < 15 and pool:
                sec.append(pool.pop(rng.below(len(pool))))
            while len(sec) < 15:  # a tiny pool (tests): repeat what there is
                sec.append(sec[len(sec) % max(1, len(sec))] if sec else 0)
            secs.append(tuple(sec))
        return tuple(secs)


def sample_world(known, seat, prior, rng):
    """A complete game consistent with ``known`` (a ``seat_knowledge`` copy of ``seat``):
    the opponent's deck drawn from ``prior``, his unknown hand cards drawn from that deck,
    and a generator state, all with ``rng``. ``known`` is not touched."""
    st = known.clone()
    opp = st.p[1 - seat]
    deck = opp.deck = prior.sample(rng)
    if st.hidden:
        hand = opp.hand
        for i in range(8):
            if hand[i] == UNKNOWN_CARD and not opp.rev[i]:
                hand[i] = draws.type_random(rng, deck, hand, i, [])
    st.rng = rng.randint(0, _MASK64)
    return st


def sample_worlds(state, seat, count, *, seed, seen=()):
    """``count`` complete games that ``seat`` cannot tell from ``state``: each a
    ``sample_world`` of ``seat_knowledge(state, seat)`` (the opponent's deck from the
    ``DeckPrior`` of the cards he has shown and ``seen``, his unknown hand cards from that
    deck, a fresh generator state), all drawn from ``Rng(seed)``: the same arguments give
    the same worlds, and nothing in them depends on what ``seat`` cannot see. For tools that
    check a claim in every world a player considers possible (the puzzles' verification).
    ``state`` is not touched."""
    known = seat_knowledge(state, seat)
    prior = DeckPrior(shown_cards(known, seat) + list(seen), known.cards)
    rng = Rng(seed)
    return [sample_world(known, seat, prior, rng) for _ in range(count)]
