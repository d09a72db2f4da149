"""Card and keyword catalogue: lookups, filters, starter decks, AI challenges, auto tokens."""
from collections import namedtuple

from .cards import facts
from .cards.model import CARDS, REAL_CARDS
from .constants import RANK
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
    """All 754 real cards in id order (without the Empty placeholder)."""
    return REAL_CARDS


def cards_filter(rarity=None, keyword=None, cost=None, effect=None, support=None,
                 level_max=None, level=None, created=None, modified=None, name=None,
                 include_forbidden=False, implemented=None, ids=None):
    """Cards matching every given criterion (spec §8.3 filter semantics).

    rarity: "Common"/"Uncommon"/"Rare" (or a tuple of them);
    keyword: a keyword name, "any" (has a keyword) or "none" (no keyword);
    cost: "bricks", "gems", "recruits", "zero", "mixed";
    effect: an effect class ("attack", "wall_plus", "tower_plus", "summons", "replace",
    "discard", "persistent");
    support: a keyword in the card's support list, "any" or "none";
    level_max / level: level bound / exact; created / modified: exact date "YYYY-MM-DD";
    name: case-insensitive substring. Forbidden cards are excluded unless asked.
    """
    out = []
    rar = (rarity,) if isinstance(rarity, str) else rarity
    for c in REAL_CARDS:
        if not include_forbidden and c.forbidden:
            continue
        if rar is not None and c.rarity not in rar:
            continue
        if keyword is not None:
            if keyword == "any":
                if not c.kw:
                    continue
            elif keyword == "none":
                if c.kw:
                    continue
            elif keyword not in c.kw:
                continue
        if cost is not None and c.cost_class != cost:
            continue
        if effect is not None and effect not in c.classes:
            continue
        if support is not None:
            if support == "any":
                if not c.support:
                    continue
            elif support == "none":
                if c.support:
                    continue
            elif support not in c.support:
                continue
        if level_max is not None and c.level > level_max:
            continue
        if level is not None and c.level != level:
            continue
        if created is not None and c.created != created:
            continue
        if modified is not None and c.modified != modified:
            continue
        if name is not None and name.lower() not in c.name.lower():
            continue
        if implemented is not None and c.implemented != implemented:
            continue
        if ids is not None and c.id not in ids:
            continue
        out.append(c)
    return out


def ids_of(cards):
    return tuple(c.id for c in cards)


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

# ---------------------------------------------------------------- lists used by keywords
TITANS = ids_of(cards_filter(keyword="Titan"))
RARE_NATURE = ids_of(cards_filter(keyword="Nature", rarity="Rare"))
COMMON_ZERO_COST = ids_of(cards_filter(rarity="Common", cost="zero"))

RANK_OF = RANK
