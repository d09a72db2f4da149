"""Card registry: attaches effects and texts to the catalogue's CardDefs.

Every ``defs_*.py`` module in this package is imported by ``load_all()``.
"""
import importlib
import os
import pkgutil

from ..keywords import compile_card
from .model import CARDS, CardDef, check_facts, drop_card, put_cards

_loaded = False


def register(cid, effect, text, uncertain=False, node=None):
    c = CARDS[cid]
    if c is None:
        raise ValueError("unknown card id %r" % (cid,))
    if c.implemented and c.id:
        raise ValueError("card %d registered twice" % cid)
    c.effect = effect
    c.text = text
    c.implemented = True
    c.uncertain = uncertain
    c.node = node


def add_card(facts):
    """Add a card to the catalogue at run time from its ``CardFacts`` (checked like a
    hand-edited entry); returns its CardDef, which a definition then registers as usual.

    For tests only: a real new card is an entry of ``facts_manual.py`` and a definition
    in a ``defs_*.py`` module (docs/adding-a-card.md). ``remove_card`` undoes it.
    """
    check_facts(facts)
    if facts.id < len(CARDS) and CARDS[facts.id] is not None:
        raise ValueError("card %d already exists" % facts.id)
    c = CardDef(facts)
    compile_card(c)
    put_cards([c])
    return c


def remove_card(cid):
    """Take a card added by ``add_card`` out of the catalogue again."""
    drop_card(cid)


def load_all():
    global _loaded
    if _loaded:
        return
    _loaded = True
    pkg_dir = os.path.dirname(__file__)
    for m in sorted(pkgutil.iter_modules([pkg_dir]), key=lambda m: m.name):
        if m.name.startswith("defs_"):
            importlib.import_module("%s.%s" % (__package__, m.name))
    for c in CARDS:
        if c is not None:
            compile_card(c)
