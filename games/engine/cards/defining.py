"""The cards being defined: what ``register`` gives their effects and texts to.

A catalogue is built by running definitions (``dsl.card(...)``, ``@custom``) while its
CardDefs are open here: the base catalogue's while ``registry.load_all`` imports the defs
modules, a test's new cards inside ``registry.new_cards``. Outside those blocks nothing is
being defined and ``register`` refuses. This module sits below the definitions' language
(``dsl.py``) and the compiler of its trees (``codegen.py``), and the registry, which builds
catalogues with both, sits above them.
"""
import threading
from contextlib import contextmanager

# The cards the definitions being run may register, by id, or None.
_defining = None
_build_lock = threading.RLock()  # one catalogue is built at a time


@contextmanager
def defining(cards):
    """Open ``cards`` (CardDefs) to ``register`` for the block, one catalogue at a time."""
    global _defining
    with _build_lock:
        _defining = {c.id: c for c in cards if c is not None}
        try:
            yield
        finally:
            _defining = None


def building():
    """The lock held while a catalogue is built (``registry.load_all`` checks and marks its
    catalogue loaded under it)."""
    return _build_lock


def register(cid, effect, text, uncertain=False, node=None):
    c = _defining.get(cid) if _defining is not None else None
    if c is None:
        raise ValueError("card %r is not being defined: cards are defined while a catalogue "
                         "is built (load_all, or a test's new_cards)" % (cid,))
    if c.implemented and c.id:
        raise ValueError("card %d registered twice" % cid)
    c.effect = effect
    c.text = text
    c.implemented = True
    c.uncertain = uncertain
    c.node = node
