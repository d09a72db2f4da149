"""Card and keyword catalogue: lookups, filters, starter decks, AI challenges, auto tokens."""
from collections import namedtuple

from .cards import facts, model
from .cards.filters import cards_filter, ids_of  # noqa: F401  (part of the catalogue)
from .cards.model import CARDS
from .errors import EngineError
from .keywords import AUTO_TOKEN_ORDER, KEYWORDS, ORDER, TOKEN_KEYWORDS

Deck = namedtuple("Deck", "common uncommon rare tokens")
Deck.__new__.__defaults__ = (("none", "none", "none"),)


def card(cid):
    """CardDef of ``cid`` (0 = the Empty placeholder)."""
    try:
        c = CARDS[cid]
    except (IndexError, TypeError):
        c = None
    if c is None or cid < 0:
        raise EngineError("unknown_card", "no card with id %r" % (cid,))
    return c


def all_cards():
    """All real cards (754 today) in id order (without the Empty placeholder)."""
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


def deck_auto_tokens(ids):
    """Automatic token assignment (§15): the 3 most frequent token keywords, ties by list order."""
    counts = []
    for name in AUTO_TOKEN_ORDER:
        n = sum(1 for cid in ids if cid and name in CARDS[cid].kw)
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
