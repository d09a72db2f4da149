"""Card filters (spec §8.3): the queries summon effects, keywords and deck tools run on the
catalogue. They read only the cards' facts, so every module may use them."""
from . import model


def cards_filter(rarity=None, keyword=None, cost=None, effect=None, support=None,
                 level_max=None, level=None, created=None, modified=None, name=None,
                 include_forbidden=False, implemented=None, ids=None, cards=None):
    """Cards matching every given criterion (spec §8.3 filter semantics), among the real
    cards of the card table ``cards`` (default the base catalogue; ``model.real_cards``).

    rarity: "Common"/"Uncommon"/"Rare" (or a tuple of them: the cards are then listed
    rarity by rarity in the tuple's order, by id within one rarity);
    keyword: a keyword name, "any" (has a keyword) or "none" (no keyword);
    cost: "bricks", "gems", "recruits", "zero", "mixed";
    effect: an effect class ("attack", "wall_plus", "tower_plus", "summons", "replace",
    "discard", "persistent");
    support: a keyword in the card's support list, "any" or "none";
    level_max / level: level bound / exact; created / modified: exact date "YYYY-MM-DD";
    name: case-insensitive substring. Forbidden cards are excluded unless asked.
    """
    out = []
    rar = (rarity,) if isinstance(rarity, str) else rarity
    for c in model.REAL_CARDS if cards is None else model.real_cards(cards):
        if not include_forbidden and c.forbidden:
            continue
        if rar is not None and c.rarity not in rar:
            continue
        if keyword is not None:
            if keyword == "any":
                if not c.kw:
                    continue
            elif keyword == "none":
                if c.kw:
                    continue
            elif keyword not in c.kw:
                continue
        if cost is not None and c.cost_class != cost:
            continue
        if effect is not None and effect not in c.classes:
            continue
        if support is not None:
            if support == "any":
                if not c.support:
                    continue
            elif support == "none":
                if c.support:
                    continue
            elif support not in c.support:
                continue
        if level_max is not None and c.level > level_max:
            continue
        if level is not None and c.level != level:
            continue
        if created is not None and c.created != created:
            continue
        if modified is not None and c.modified != modified:
            continue
        if name is not None and name.lower() not in c.name.lower():
            continue
        if implemented is not None and c.implemented != implemented:
            continue
        if ids is not None and c.id not in ids:
            continue
        out.append(c)
    if rar is not None and len(rar) > 1:
        # several rarities: one rarity after the other, in the order asked, as the original
        # lists them; a random pick by index then picks the same card for the same number
        # (docs/rules-corrections.md, "Lists of several rarities")
        out.sort(key=lambda c: rar.index(c.rarity))
    return out


def ids_of(cards):
    """The ids of ``cards`` (a tuple, in their order)."""
    return tuple(c.id for c in cards)

