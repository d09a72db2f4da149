"""Effect tags: what a card's effect does, read from its definition (the deck builder's
"advanced filter", spec §8.3).

A card defined with the vocabulary of ``dsl.py`` is a tree of building blocks; walking it
says what the card can do (attack, build a wall, summon, steal, ...), every branch of an
``If`` and every mode counted. The effect text is rendered from the same tree, so the tags
and the text cannot disagree. Parts the tree cannot see into (``Do`` steps and ``@custom``
functions) are declared in ``OPAQUE_TAGS`` below; a test keeps that table complete.

Attribute tags do not care whose attribute changes: "Wall −" is a card that lowers a
wall, the enemy's (most of them) or your own, as the original's filter found "Wall: -"
in "Enemy wall: -" too. An attack is its own tag ("attack"), not "Wall −"/"Tower −".
"""
from . import dsl, model

# (tag, label, description) in the order a filter offers them.
EFFECT_TAGS = (
    ("attack", "Attack", "Attacks the enemy: the damage hits the wall first, then the tower"),
    ("discard", "Discard", "Discards cards from a hand"),
    ("replace", "Replace", "Replaces cards in a hand with other cards"),
    ("reveal", "Reveal", "Reveals cards of a hand (hidden-cards games)"),
    ("summons", "Summon", "Puts a card into your hand as the next card"),
    ("evoke", "Evoke", "Puts a card you choose, or a copy of a card in play, into your hand "
                       "for the enemy to see"),
    ("steal", "Steal", "Takes resources from the enemy"),
    ("production", "Production", "Changes this turn's resource production"),
    ("persistent", "Persistent", "Replaces a card of your hand with itself"),
    ("wall_plus", "Wall +", "Raises a wall (yours or the enemy's)"),
    ("wall_minus", "Wall −", "Lowers a wall directly (yours or the enemy's)"),
    ("tower_plus", "Tower +", "Raises a tower (yours or the enemy's)"),
    ("tower_minus", "Tower −", "Lowers a tower directly (yours or the enemy's)"),
    ("facilities_plus", "Facilities +", "Raises every facility, or the highest or lowest one"),
    ("facilities_minus", "Facilities −", "Lowers every facility, or the highest or lowest one"),
    ("quarry_plus", "Quarry +", "Raises a quarry"),
    ("quarry_minus", "Quarry −", "Lowers a quarry"),
    ("magic_plus", "Magic +", "Raises a magic"),
    ("magic_minus", "Magic −", "Lowers a magic"),
    ("dungeon_plus", "Dungeon +", "Raises a dungeon"),
    ("dungeon_minus", "Dungeon −", "Lowers a dungeon"),
    ("stock_plus", "Stock +", "Adds to every resource, or to the highest or lowest one"),
    ("stock_minus", "Stock −", "Takes from every resource, or from the highest or lowest one"),
    ("bricks_plus", "Bricks +", "Adds bricks"),
    ("bricks_minus", "Bricks −", "Takes bricks away"),
    ("gems_plus", "Gems +", "Adds gems"),
    ("gems_minus", "Gems −", "Takes gems away"),
    ("recruits_plus", "Recruits +", "Adds recruits"),
    ("recruits_minus", "Recruits −", "Takes recruits away"),
    ("random_resources", "Random resources", "Gains, loses or steals resources picked at random"),
)
TAG_NAMES = frozenset(t for t, _label, _text in EFFECT_TAGS)

# The attribute a tag is named after ("dungeons" is "dungeon" in the tags, as in the game's
# texts).
_ATTR_TAG = {"wall": "wall", "tower": "tower", "quarry": "quarry", "magic": "magic",
             "dungeons": "dungeon", "bricks": "bricks", "gems": "gems",
             "recruits": "recruits", "stock": "stock", "facilities": "facilities"}


def _sign(n):
    """+1, -1 or 0 for an amount; an expression that is not visibly negative counts as
    positive (it is written "+N": a count, a cost, a share of something)."""
    n = dsl.E(n)
    if isinstance(n, dsl.Const):
        return (n.v > 0) - (n.v < 0)
    if isinstance(n, dsl.BinOp) and n.op == "*":
        return _sign(n.a) * _sign(n.b)
    if isinstance(n, (dsl.Div, dsl.Floor)):
        return _sign(n.a) * _sign(n.b)
    return 1


def _lowers_itself(node):
    """``SetAttr(x, x - k)`` or ``SetAttr(x, Max(x - k, floor))``: a loss written as a set."""
    n = node.n
    if isinstance(n, dsl.Max):
        n = n.xs[0]
    return (isinstance(n, dsl.BinOp) and n.op == "-" and isinstance(n.a, dsl.Attr)
            and n.a.name == node.name and n.a.side == node.side)


def _changes(name, up, down):
    base = _ATTR_TAG[name]
    out = set()
    if up:
        out.add(base + "_plus")
    if down:
        out.add(base + "_minus")
    return out


def _walk(node, out, opaque, chosen=False):
    """Add the tags of ``node`` to ``out``; set ``opaque[0]`` when a part cannot be seen.
    ``chosen``: inside a mode choice (a summon the player picks is an evocation)."""
    kind = type(node)
    if isinstance(node, dsl.Seq):
        for a in node.acts:
            _walk(a, out, opaque, chosen)
    elif isinstance(node, dsl.If):
        _walk(node.then, out, opaque, chosen)
        if node.else_ is not None:
            _walk(node.else_, out, opaque, chosen)
    elif isinstance(node, dsl.Modes):
        for a in node.alts:
            _walk(a, out, opaque, True)
    elif isinstance(node, dsl.Attack):
        if node.side == dsl.ENEMY:
            out.add("attack")
        else:  # "Attack yourself": your own wall, then tower, go down
            out |= {"wall_minus", "tower_minus"}
    elif kind is dsl.Sub:
        out |= _changes(node.name, False, True)
    elif kind is dsl.Add:
        d = _sign(node.n)
        out |= _changes(node.name, d > 0, d < 0)
    elif isinstance(node, dsl.SetAttr):
        # "becomes N": to 0 (or to itself minus something) is a loss; anything else goes
        # either way, depending on the game.
        loss = (isinstance(node.n, dsl.Const) and node.n.v == 0) or _lowers_itself(node)
        gain = isinstance(node.n, dsl.ModeConst) and node.n.name in ("max_tower", "max_wall")
        out |= _changes(node.name, not loss, not gain)
    elif isinstance(node, dsl.MulAttr):
        out |= _changes(node.name, node.k > 1, node.k < 1)
    elif isinstance(node, dsl.Extreme):
        d = _sign(node.n)
        out |= _changes("stock" if node.kind == "resource" else "facilities", d > 0, d < 0)
    elif isinstance(node, dsl.StealRandom):
        out |= {"steal", "random_resources"}
    elif isinstance(node, dsl.Steal):
        out.add("steal")
    elif isinstance(node, (dsl.RandomGain, dsl.RandomLoss)):
        out.add("random_resources")
    elif isinstance(node, (dsl.Prod, dsl.ProdExtreme)):
        out.add("production")
    elif isinstance(node, dsl.SummonCard):
        # Evoking: the player names the card (by the mode); summoning: the card picks it.
        out.add("evoke" if chosen else "summons")
    elif isinstance(node, (dsl.Summon, dsl.SummonDeck)):
        out.add("summons")
    elif isinstance(node, dsl.ReplaceSelf):
        out |= {"persistent", "replace"}
    elif isinstance(node, dsl.DiscardChosen):
        out.add("discard")
    elif isinstance(node, dsl.ReplaceHand):
        out.add("replace")
    elif isinstance(node, dsl.Keep):
        pass
    elif getattr(node, "effect_tags", None) is not None:
        # A building block of a card module that names its own tags.
        out |= set(node.effect_tags)
    else:  # Do steps and any block this walker does not know
        opaque[0] = True


def tree_tags(card):
    """(tags seen in the card's definition tree, whether a part of it is opaque)."""
    if card.node is None:
        return frozenset(), card.implemented and card.id > 0
    out, opaque = set(), [False]
    _walk(card.node, out, opaque)
    return frozenset(out), opaque[0]


# What the opaque parts of cards do (Do steps, @custom functions), by card id: read from
# their code and checked against their text. The tags the tree shows are added to these.
# One card a line: its id, then its opaque parts' tags (none: they change no attribute
# and no hand, e.g. a token counter).
_OPAQUE = """
20 discard
51 discard
69 replace
76 persistent replace
105 summons
108
130 attack recruits_plus
144 attack summons stock_plus
150 attack replace stock_minus
152 replace
168 summons
170 stock_plus
171 tower_plus wall_plus facilities_plus stock_plus
173
179 tower_plus wall_minus
182 stock_minus attack
194 summons recruits_plus
195 stock_plus replace
203 summons stock_plus
207 evoke
217 discard
224 dungeon_minus quarry_minus
249 wall_plus wall_minus
251 discard
252 replace
255 discard replace
264 discard
270 replace
280 discard gems_plus
282 stock_minus
288 random_resources replace
292 replace
298 replace
307 replace
315 tower_minus
316 discard summons
321 discard wall_plus
323 replace
325 replace
327 replace
331 stock_plus
335 attack replace
336 summons
339 steal
342 replace
343 discard wall_plus
346 gems_minus recruits_plus summons
347 replace
355 discard attack
356 persistent replace recruits_plus
363 discard stock_plus
364 stock_minus
366 stock_plus
372 attack discard
373 discard stock_plus
377 tower_plus wall_plus
380 tower_plus tower_minus wall_plus wall_minus facilities_plus facilities_minus stock_plus stock_minus
383 replace
386 replace
388 stock_plus
389 stock_plus
390 tower_minus wall_minus facilities_minus stock_minus
392 replace
394 replace
398 attack discard gems_plus magic_minus magic_plus
399 replace
400 summons
402 stock_plus
405 wall_plus
408 attack discard magic_minus
409 attack discard
414 discard stock_minus facilities_minus
415 replace
419 discard bricks_minus quarry_minus
421 stock_plus
425 discard gems_plus tower_plus wall_plus
429 facilities_plus
430 summons
431 tower_plus wall_plus
432 facilities_plus stock_plus
433 replace
439 facilities_minus
448 discard
449 summons
457 discard
459 discard
462 discard
466 stock_plus
467 replace
468 wall_plus
470 discard stock_plus
472 replace
473 attack
474 replace
476 persistent replace summons
478
480 discard persistent replace
482 attack discard
486 gems_plus
487 stock_plus stock_minus
490 summons
492 reveal
494 replace
495 replace
497 replace
510 discard
513 replace
514 stock_minus attack
516 stock_plus
519 replace
525 stock_minus tower_minus wall_minus
528 replace
533 discard wall_plus
537 tower_plus
540 stock_plus
549 recruits_plus replace
555 random_resources
556 summons
557 replace
560 discard
563 attack discard
564 summons
565 summons
567 replace
569 replace
571 replace
583 stock_plus stock_minus
584 persistent replace wall_plus
585 summons
588 replace
589
594 replace
595 replace
596 replace
601
603 replace
605 replace recruits_plus
608 discard
610 discard summons
613 replace
616 attack tower_plus
620 discard
623 replace
625 summons
626 replace
627 discard
635 attack replace
636 replace
641 discard
642 replace
643 replace
644 replace
645 stock_plus
650 summons
652 discard
654 production facilities_plus
656 tower_plus quarry_minus
658 replace
662 replace
669 production replace
670 replace
674 replace
676 replace summons
678
684 replace
685 attack replace
686
691 quarry_plus tower_plus wall_plus
692 attack discard dungeon_plus recruits_plus
696 attack discard
697 replace
698 tower_plus wall_plus
700 dungeon_plus tower_plus
704 replace
707 replace
712 replace summons
714 replace
715 replace
717 discard
722 replace
726 replace
728 discard
729 replace
732 attack discard
740 attack persistent replace
744 summons
746 replace
747 replace
748 facilities_plus facilities_minus
749 replace
750 replace
751 evoke
753 stock_minus wall_plus
"""


def _parse_opaque(table):
    out = {}
    for line in table.strip().splitlines():
        cid, *tags = line.split()
        unknown = set(tags) - TAG_NAMES
        if unknown:
            raise ValueError("card %s: unknown effect tags %r" % (cid, sorted(unknown)))
        out[int(cid)] = frozenset(tags)
    return out


OPAQUE_TAGS = _parse_opaque(_OPAQUE)


def _compute(card):
    tags, opaque = tree_tags(card)
    return tags | OPAQUE_TAGS.get(card.id, frozenset()) if opaque else tags


_CACHE = {}  # card id -> the tags of the base catalogue's card (it never changes)


def effect_tags(card):
    """The effect tags of a card (a CardDef or the id of a catalogue card): a frozenset of
    ``TAG_NAMES``. Those of the base catalogue's cards are kept; another card's (a game's
    proposed card, a test's new card) are worked out each time, so memory stays bounded."""
    if isinstance(card, int):
        card = model.CARDS[card]
    if model.card_in(model.CARDS, card.id) is not card:
        return frozenset(_compute(card))
    tags = _CACHE.get(card.id)
    if tags is None:
        tags = _CACHE[card.id] = frozenset(_compute(card))
    return tags


def cards_with_tag(tag, cards=None):
    """The cards (of ``cards``, default every real card) whose effect has ``tag``."""
    if tag not in TAG_NAMES:
        raise ValueError("unknown effect tag %r" % (tag,))
    return [c for c in (model.REAL_CARDS if cards is None else cards) if tag in effect_tags(c)]
