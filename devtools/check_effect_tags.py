"""Compare the effect tags the engine derives from the card definitions
(``games/engine/cards/effect_tags.py``) with the phrases of the original effect texts.

Run from the repository root at development time::

    .venv/bin/python -m devtools.check_effect_tags [../shared/reference]

Prints, per tag, the cards the two disagree on (ours only / text only) with our text, so
a person can judge each one: a difference is either a card whose definition does more or
less than its text says (a rule to check) or a phrase that means something else
("can't summon self" is no summon). The reference data is read here only; nothing of it
is written anywhere.
"""
import json
import os
import re
import sys

# Tag -> a pattern on the original effect text (case-insensitive, as the original
# searched it).
PHRASES = {
    "attack": r"attack:",
    "discard": r"discard",
    "replace": r"replace",
    "reveal": r"reveal",
    "summons": r"summons",
    "evoke": r"evoke",
    "steal": r"steal",
    "production": r"prod(uction)? x",
    "persistent": r"replace a card in hand with self",
    "random_resources": r"random resource",
}
for _attr, _word in (("wall", "wall"), ("tower", "tower"), ("facilities", "facilities"),
                     ("quarry", "quarry"), ("magic", "magic"), ("dungeon", "dungeon"),
                     ("stock", "stock"), ("bricks", "bricks"), ("gems", "gems"),
                     ("recruits", "recruits")):
    PHRASES[_attr + "_plus"] = _word + r": \+"
    PHRASES[_attr + "_minus"] = _word + r": -"


def text_tags(text):
    return {tag for tag, pattern in PHRASES.items() if re.search(pattern, text, re.I)}


def main(argv):
    from games import engine

    ref = argv[0] if argv else os.path.join("..", "shared", "reference")
    cards = json.load(open(os.path.join(ref, "cards.json"), encoding="utf-8"))
    by_id = {c["id"]: c for c in cards}
    for tag, _label, _desc in engine.EFFECT_TAGS:
        ours = {c.id for c in engine.all_cards() if tag in engine.effect_tags(c)}
        theirs = {cid for cid, c in by_id.items() if tag in text_tags(c["effect"])}
        print("== %s: %d derived, %d by text; ours only %d, text only %d" % (
            tag, len(ours), len(theirs), len(ours - theirs), len(theirs - ours)))
        for label, ids in (("ours only", ours - theirs), ("text only", theirs - ours)):
            for cid in sorted(ids):
                card = engine.card(cid)
                print("  %s %d %s: %s" % (label, cid, card.name, card.text))


if __name__ == "__main__":
    main(sys.argv[1:])
