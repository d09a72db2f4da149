"""The shape of a card's facts, shared by the generated table (``facts.py``) and the
hand-edited one (``facts_manual.py``)."""
from collections import namedtuple

# The field order is the order of the generated rows.
CardFacts = namedtuple("CardFacts", (
    "id", "name", "rarity", "bricks", "gems", "recruits", "level", "modes", "keywords",
    "support_keywords", "effect_classes", "created", "modified"))
CardFacts.__doc__ = """Facts of one card.

id: 1.. (new cards take the next free id); name; rarity "Common"/"Uncommon"/"Rare";
bricks, gems, recruits: the cost; level: the player level that unlocks it; modes: how many
modes a player chooses from (0: none); keywords: names, a parameter in brackets
("Charge (3)"); support_keywords: the keywords it works with (deck filters); effect_classes:
what its effect does, from EFFECT_CLASSES (summon effects and deck filters select by them);
created, modified: "YYYY-MM-DD".
"""

# Effect classes: the kinds of effect summon effects and deck filters select cards by.
EFFECT_CLASSES = (
    "attack",      # damages the enemy (an attack on wall then tower)
    "wall_plus",   # builds own wall
    "tower_plus",  # builds own tower
    "summons",     # puts a chosen or random card into a hand
    "replace",     # replaces cards in a hand
    "discard",     # discards cards from a hand
    "persistent",  # replaces a card in hand with itself (spec §7.2)
)
