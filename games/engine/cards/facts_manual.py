"""Hand-edited card facts: new cards and corrections of the generated table.

``facts.py`` is generated from the original game's data (``devtools/gen_facts.py``) and is
never edited by hand. Every entry here is merged into it when the engine loads: an entry
with the id of a generated card replaces that card's facts (a correction), any other id
adds a card. Every field is required, effect classes included (see ``card_facts.py``).
How to add a card: docs/adding-a-card.md.

Example (a new card; its definition goes into a ``defs_*.py`` module)::

    CardFacts(id=755, name="Ink golem", rarity="Common", bricks=0, gems=0, recruits=4,
              level=0, modes=0, keywords=("Unliving",), support_keywords=(),
              effect_classes=("attack",), created="2026-11-24", modified="2026-11-24"),
"""
from .card_facts import CardFacts  # noqa: F401  (the entries below are CardFacts)

CARDS = (
)
