"""Card definitions: facts (``facts.py`` merged with ``facts_manual.py``) plus the
registered effect and text, and the base catalogue built from them."""
import re
from types import MappingProxyType

from ..constants import RANK
from . import facts, facts_manual
from .card_facts import EFFECT_CLASSES, CardFacts

_PARAM = re.compile(r"^(.*?) \((\d+)\)$")


class CardDef:
    __slots__ = ("id", "name", "rarity", "rank", "bricks", "gems", "recruits", "cost",
                 "total_cost", "level", "modes", "keywords", "keywords_raw", "kw", "kw_param",
                 "support", "classes", "created", "modified", "cost_class", "quick", "swift",
                 "playagain", "persistent", "forbidden", "cursed", "effect", "text",
                 "implemented", "kw_phase", "token_kws", "uncertain", "node", "plays")

    def __init__(self, row):
        (cid, name, rarity, b, g, r, level, modes, kws, support, classes, created,
         modified) = row
        self.id = cid
        self.name = name
        self.rarity = rarity
        self.rank = RANK[rarity]
        self.bricks, self.gems, self.recruits = b, g, r
        self.cost = (b, g, r)
        self.total_cost = b + g + r
        self.level = level
        self.modes = modes
        self.keywords_raw = tuple(kws)
        names = []
        params = {}
        for k in kws:
            m = _PARAM.match(k)
            if m:
                names.append(m.group(1))
                params[m.group(1)] = int(m.group(2))
            else:
                names.append(k)
        self.keywords = tuple(names)
        self.kw = frozenset(names)
        self.kw_param = MappingProxyType(params)
        self.support = frozenset(support)
        self.classes = frozenset(classes)
        self.created = created
        self.modified = modified
        nz = (b > 0) + (g > 0) + (r > 0)
        if nz == 0:
            self.cost_class = "zero"
        elif nz > 1:
            self.cost_class = "mixed"
        elif b:
            self.cost_class = "bricks"
        elif g:
            self.cost_class = "gems"
        else:
            self.cost_class = "recruits"
        self.quick = "Quick" in self.kw
        self.swift = "Swift" in self.kw
        self.playagain = self.quick or self.swift
        self.persistent = "persistent" in self.classes
        self.forbidden = "Forbidden" in self.kw
        self.cursed = "Cursed" in self.kw
        self.effect = None
        self.text = ""
        self.implemented = False
        self.kw_phase = ()
        self.token_kws = ()
        self.uncertain = False
        self.node = None
        self.plays = None  # legality.py's moves of the card, by slot (built when first asked)

    def has(self, keyword):
        return keyword in self.kw

    def to_dict(self):
        """Player-facing facts (safe to send to a browser)."""
        return {
            "id": self.id, "name": self.name, "rarity": self.rarity,
            "cost": {"bricks": self.bricks, "gems": self.gems, "recruits": self.recruits},
            "level": self.level, "modes": self.modes, "keywords": list(self.keywords_raw),
            "text": self.text, "created": self.created, "modified": self.modified,
            "implemented": self.implemented,
        }

    def __repr__(self):
        return "<Card %d %s>" % (self.id, self.name)

    def copy(self, **changes):
        """An unsealed copy of this card with ``changes`` (attribute: value) made (its
        ``plays`` are worked out again when asked)."""
        c = object.__new__(CardDef)
        for name in CardDef.__slots__:
            setattr(c, name, changes[name] if name in changes else getattr(self, name))
        c.plays = None
        return c

    def seal(self):
        """Make the card read-only: what a catalogue holds never changes (a table holding
        other cards is a new table; ``copy`` makes a changed card). Only ``plays``, a cache
        of legality.py's that depends on the facts alone, may still be filled in."""
        if type(self) is CardDef:
            self.__class__ = SealedCardDef
        return self

    @property
    def sealed(self):
        return type(self) is not CardDef


class SealedCardDef(CardDef):
    """A card of a built catalogue (``CardDef.seal``): its attributes cannot be set."""

    __slots__ = ()

    def __setattr__(self, name, value):
        if name != "plays":
            raise AttributeError("card %d is sealed: a built catalogue never changes"
                                 % self.id)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise AttributeError("card %d is sealed: a built catalogue never changes" % self.id)


def _empty_card():
    c = CardDef((0, "Empty", "Common", 0, 0, 0, 0, 0, (), (), (), "", ""))
    c.rarity = "None"
    c.rank = -1
    c.implemented = True
    c.effect = None
    return c


_KEYWORD_NAMES = frozenset(row[0] for row in facts.KEYWORDS)


def check_facts(f):
    """Raise ValueError unless ``f`` is a complete, valid ``CardFacts`` (hand-edited
    entries are checked: a typo must not become a silently different card)."""
    if not isinstance(f, CardFacts):
        raise ValueError("card facts must be a CardFacts, not %r" % (f,))
    problems = []
    if type(f.id) is not int or f.id < 1:
        problems.append("id must be a positive int")
    if not isinstance(f.name, str) or not f.name:
        problems.append("name must be a non-empty string")
    if f.rarity not in ("Common", "Uncommon", "Rare"):
        problems.append("rarity must be Common, Uncommon or Rare")
    for field in ("bricks", "gems", "recruits", "level", "modes"):
        value = getattr(f, field)
        if type(value) is not int or value < 0:
            problems.append("%s must be an int >= 0" % field)
    for field in ("keywords", "support_keywords"):
        names = [_PARAM.sub(r"\1", k) for k in getattr(f, field)]
        unknown = [k for k in names if k not in _KEYWORD_NAMES]
        if unknown:
            problems.append("unknown %s %r" % (field, unknown))
    if not set(f.effect_classes) <= set(EFFECT_CLASSES):
        problems.append("effect_classes must be among %r" % (EFFECT_CLASSES,))
    for field in ("created", "modified"):
        if not re.fullmatch(r"\d{4}-\d\d-\d\d", str(getattr(f, field))):
            problems.append("%s must be a date YYYY-MM-DD" % field)
    if problems:
        raise ValueError("card %r: %s" % (f.id, "; ".join(problems)))


def merge_facts(generated, manual):
    """The facts of every card, in id order: the ``generated`` rows with the ``manual``
    (hand-edited) entries merged in; an entry replaces the generated row of its id."""
    by_id = {row[0]: CardFacts(*row) for row in generated}
    for f in manual:
        check_facts(f)
        by_id[f.id] = f
    return [by_id[cid] for cid in sorted(by_id)]


# The base catalogue. CARDS[id] is the CardDef of card ``id`` (None for an unused id; 0 is
# the Empty placeholder); REAL_CARDS the real ones in id order. Both are tuples, built once
# when the engine loads (the defs_*.py modules give the cards their effects and texts, then
# every card is sealed: ``registry.load_all``) and never changed after: nothing at run time
# adds a card or changes one. A game reads its cards through its own table
# (``GameState.cards``): this one, or one extended with the proposed cards it holds
# (``custom_cards.py``, ids from FIRST_CUSTOM_ID up; ``with_cards``).
FIRST_CUSTOM_ID = 10_000


def _table(defs):
    """The tuple indexed by id of the CardDefs ``defs`` (None where an id has none)."""
    defs = list(defs)
    out = [None] * (max(c.id for c in defs) + 1)
    for c in defs:
        out[c.id] = c
    return tuple(out)


CARDS = _table([_empty_card()] + [CardDef(f) for f in merge_facts(facts.CARDS,
                                                                  facts_manual.CARDS)])
REAL_CARDS = tuple(c for c in CARDS[1:] if c is not None)


# ---------------------------------------------------------------- card tables
# A card table maps a card id to its CardDef by indexing (``cards[cid]``): the base
# catalogue's tuple, a longer tuple (a test's new real card), or a read-only mapping holding
# the base cards and a game's proposed cards (their ids are far above the real ones). The
# turn reads its game's table once and indexes it, as fast as the module's tuple was.
def with_cards(cards, defs):
    """A new card table, read-only like every table: the table ``cards`` with the CardDefs
    ``defs`` added (a card of ``defs`` takes the place of the one with its id). ``cards``
    itself is not changed."""
    defs = list(defs)
    if not defs:
        return cards
    if type(cards) is tuple and all(c.id < FIRST_CUSTOM_ID for c in defs):
        out = list(cards) + [None] * max(0, max(c.id + 1 for c in defs) - len(cards))
        for c in defs:
            out[c.id] = c
        return tuple(out)
    out = dict(enumerate(cards)) if type(cards) is tuple else dict(cards)
    for c in defs:
        out[c.id] = c
    return MappingProxyType(out)


def card_in(cards, cid):
    """The CardDef of ``cid`` in the table ``cards`` (0 is the Empty card), None if the table
    has no such card."""
    if type(cid) is not int or cid < 0:
        return None
    try:
        return cards[cid]
    except (IndexError, KeyError):
        return None


def real_cards(cards):
    """The real cards of the table ``cards`` (not the Empty card, not proposed cards), in id
    order."""
    if cards is CARDS:
        return REAL_CARDS
    ids = range(1, len(cards)) if type(cards) is tuple else sorted(cards)
    return tuple(c for c in (cards[i] for i in ids if 0 < i < FIRST_CUSTOM_ID)
                 if c is not None)
