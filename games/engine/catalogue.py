"""Card and keyword catalogue: lookups, filters, starter decks, AI challenges, auto tokens."""
from collections import namedtuple

from .cards import facts, model
from .cards.filters import cards_filter, ids_of  # noqa: F401  (part of the catalogue)
from .cards.model import CARDS, card_in
from .errors import EngineError
from .keywords import AUTO_TOKEN_ORDER, KEYWORDS, ORDER, TOKEN_KEYWORDS

Deck = namedtuple("Deck", "common uncommon rare tokens")
Deck.__new__.__defaults__ = (("none", "none", "none"),)


def card(cid):
    """CardDef of ``cid`` in the base catalogue (0 = the Empty placeholder). A proposed card
    is not in it: a game's own cards are read through the game (``GameState.card``,
    ``custom_cards.game_card``)."""
    c = card_in(CARDS, cid)
    if c is None:
        raise EngineError("unknown_card", "no card with id %r" % (cid,))
    return c


def all_cards():
    """All real cards (754 today) in id order (without the Empty placeholder): a tuple that
    never changes."""
    return model.REAL_CARDS


def keyword(name):
    try:
        return KEYWORDS[name]
    except KeyError:
        raise EngineError("unknown_keyword", "no keyword %r" % (name,))


def all_keywords():
    return tuple(KEYWORDS[n] for n in ORDER)


def token_keywords():
    return TOKEN_KEYWORDS


def deck_auto_tokens(ids, cards=CARDS):
    """Automatic token assignment (§15): the 3 most frequent token keywords, ties by list
    order (the cards read from the card table ``cards``)."""
    counts = []
    for name in AUTO_TOKEN_ORDER:
        n = sum(1 for cid in ids if cid and name in cards[cid].kw)
        if n:
            counts.append((name, n))
    counts.sort(key=lambda t: -t[1])  # stable: ties keep AUTO_TOKEN_ORDER
    names = [n for n, _ in counts[:3]]
    return names + ["none"] * (3 - len(names))


STARTER_DECKS = tuple(
    Deck(tuple(d["common"]), tuple(d["uncommon"]), tuple(d["rare"]), tuple(d["tokens"]))
    for d in facts.STARTER_DECKS)
STARTER_DECK_NAMES = tuple(d["name"] for d in facts.STARTER_DECKS)

AIChallenge = namedtuple("AIChallenge", "name fullname deck ai_start human_start weights")
AI_CHALLENGES = {
    c["name"]: AIChallenge(
        c["name"], c["fullname"],
        Deck(tuple(c["common"]), tuple(c["uncommon"]), tuple(c["rare"]),
             tuple((list(c["tokens"]) + ["none"] * 3)[:3])),
        c["ai"], c["human"], (c["weights_ai"], c["weights_opponent"]))
    for c in facts.CHALLENGES
}
