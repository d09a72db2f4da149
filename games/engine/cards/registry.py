"""Card registry: gives the CardDefs of a catalogue being built their effects and texts.

``load_all()`` builds the base catalogue once, when the engine loads: every ``defs_*.py``
module in this package is imported, and its ``card(...)``/``@custom`` definitions
(``dsl.py``) reach ``register`` (``defining.py``, the cards open to definitions) for the base
catalogue's cards; then the cards defined by trees get their compiled effects
(``codegen.py``), their keywords are compiled and every card is sealed (``CardDef.seal``):
from then on nothing changes the catalogue. The registry sits above the language and its
compiler; the definitions never import it.

Definitions are build-time code: a new real card is a facts entry and a ``defs_*.py``
definition (docs/adding-a-card.md). A test that tries a card which is not in the files yet
builds new CardDefs with ``new_cards`` (the same checks and compilation as at load) and plays
them in a table of its own (``model.with_cards``); ``interpreted`` makes the table whose tree
cards walk their trees instead of running their compiled effects. Neither changes the base
catalogue nor what any other game sees.
"""
import importlib
import os
import pkgutil
from contextlib import contextmanager

from ..keywords import compile_card
from .codegen import FILENAME, compile_effects
from .defining import building, defining
from .model import CARDS, CardDef, check_facts

_loaded = False


def _finish(cards):
    """Compile the trees (``codegen.py``; the compiled function becomes the effect of every
    card whose effect is its tree's ``run``) and the keywords of ``cards``, then seal them."""
    trees = {c.id: c.node for c in cards
             if c is not None and c.node is not None and c.effect == c.node.run}
    compiled = compile_effects(trees)
    for c in cards:
        if c is not None:
            if c.id in compiled:
                c.effect = compiled[c.id]
            compile_card(c)
            c.seal()


@contextmanager
def new_cards(*facts):
    """Build cards that are not in the catalogue's files, for a test: yields their CardDefs
    (from ``facts``, checked like hand-edited entries); the definitions run in the block
    (``dsl.card(id, ...)``, a defs module's code) give them their effects. When the block
    ends they are compiled and sealed like the catalogue's cards. Play them in a table of
    their own: ``model.with_cards(CARDS, cards)``."""
    defs = []
    for f in facts:
        check_facts(f)
        if f.id < len(CARDS) and CARDS[f.id] is not None:
            raise ValueError("card %d already exists" % f.id)
        defs.append(CardDef(f))
    with defining(defs):
        yield defs
    _finish(defs)


def _runs_compiled_tree(card):
    """The card's effect is its tree compiled (``codegen.py``)."""
    code = getattr(card.effect, "__code__", None)
    return (card.node is not None and code is not None
            and code.co_filename.startswith(FILENAME))


def interpreted(cards=CARDS):
    """A new card table: ``cards`` with every card whose effect was compiled from its tree
    walking the tree instead (``node.run``: the reference the compiled effects are tested
    against). ``cards`` itself is not changed."""
    def walking(c):
        if c is None or not _runs_compiled_tree(c):
            return c
        return c.copy(effect=c.node.run).seal()

    if type(cards) is tuple:
        return tuple(walking(c) for c in cards)
    return {cid: walking(c) for cid, c in cards.items()}


def load_all():
    """Build the base catalogue (once): run the defs modules on its cards, compile, seal."""
    global _loaded
    with building():
        if _loaded:
            return
        with defining(CARDS):
            pkg_dir = os.path.dirname(__file__)
            for m in sorted(pkgutil.iter_modules([pkg_dir]), key=lambda m: m.name):
                if m.name.startswith("defs_"):
                    importlib.import_module("%s.%s" % (__package__, m.name))
        _finish(CARDS)
        _loaded = True
