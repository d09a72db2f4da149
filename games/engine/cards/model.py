"""Card definitions: facts from ``facts.py`` plus the registered effect and text."""
import re

from ..constants import RANK
from . import facts

_PARAM = re.compile(r"^(.*?) \((\d+)\)$")


class CardDef:
    __slots__ = ("id", "name", "rarity", "rank", "bricks", "gems", "recruits", "cost",
                 "total_cost", "level", "modes", "keywords", "keywords_raw", "kw", "kw_param",
                 "support", "classes", "created", "modified", "cost_class", "quick", "swift",
                 "playagain", "persistent", "forbidden", "cursed", "effect", "text",
                 "implemented", "kw_phase", "token_kws", "uncertain", "node")

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
        self.kw_param = params
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


def _empty_card():
    c = CardDef((0, "Empty", "Common", 0, 0, 0, 0, 0, (), (), (), "", ""))
    c.rarity = "None"
    c.rank = -1
    c.implemented = True
    c.effect = None
    return c


MAX_ID = max(row[0] for row in facts.CARDS)
CARDS = [None] * (MAX_ID + 1)
CARDS[0] = _empty_card()
for _row in facts.CARDS:
    CARDS[_row[0]] = CardDef(_row)
REAL_CARDS = tuple(c for c in CARDS[1:] if c is not None)
