"""Card registry: attaches effects and texts to the catalogue's CardDefs.

Every ``defs_*.py`` module in this package is imported by ``load_all()``.
"""
import importlib
import os
import pkgutil

from ..keywords import compile_card
from .model import CARDS, CardDef, check_facts, drop_card, put_cards

_loaded = False
_defs_imported = False  # every defs_*.py module is in: a card registered now is compiled alone
# the compiled effect of each card defined by a tree (``codegen.py``): id -> (tree, function)
_COMPILED = {}
_use_compiled = True


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
    if _defs_imported and node is not None and effect == node.run:
        _compile_trees([c])  # a card registered after the engine loaded (tests)


def _compile_trees(cards):
    """Compile the tree of every card of ``cards`` whose effect is its tree's ``run``
    (``codegen.py``); the compiled function becomes the card's effect unless
    ``use_compiled_effects(False)`` was asked."""
    from .codegen import compile_effects

    trees = {c.id: c.node for c in cards
             if c is not None and c.node is not None and c.effect == c.node.run}
    for cid, fn in compile_effects(trees).items():
        _COMPILED[cid] = (trees[cid], fn)
        if _use_compiled:
            CARDS[cid].effect = fn


def use_compiled_effects(compiled=True):
    """Run the cards defined by trees through their compiled effects (the default) or by
    walking their trees (``node.run``: the reference the compiled ones are tested
    against); returns the previous setting."""
    global _use_compiled
    previous = _use_compiled
    _use_compiled = compiled
    for c in CARDS:
        if c is not None and c.node is not None:
            tree, fn = _COMPILED.get(c.id, (None, None))
            if tree is c.node and c.effect in (fn, c.node.run):
                c.effect = fn if compiled else c.node.run
    return previous


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
    global _loaded, _defs_imported
    if _loaded:
        return
    _loaded = True
    pkg_dir = os.path.dirname(__file__)
    for m in sorted(pkgutil.iter_modules([pkg_dir]), key=lambda m: m.name):
        if m.name.startswith("defs_"):
            importlib.import_module("%s.%s" % (__package__, m.name))
    _defs_imported = True
    _compile_trees(CARDS)
    for c in CARDS:
        if c is not None:
            compile_card(c)
