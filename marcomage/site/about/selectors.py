"""The card changes by date, read from the rules engine's card catalogue."""
from dataclasses import dataclass
from functools import cache
from itertools import groupby

from games import engine


@dataclass(frozen=True)
class ChangedCard:
    id: int
    name: str
    rarity: str
    is_new: bool  # the card first appeared on that date


@dataclass(frozen=True)
class CardChanges:
    date: str  # "YYYY-MM-DD"
    cards: tuple[ChangedCard, ...]


@cache
def cards_modified_by_date() -> tuple[CardChanges, ...]:
    """Each date on which cards were last changed, newest first, with those cards by name.

    A card counts on the date of its latest change only (the catalogue keeps no older
    ones); a card never changed since it appeared is marked new. Cached: the catalogue
    does not change while the site runs.
    """
    by_name = sorted(engine.all_cards(), key=lambda c: (c.name.lower(), c.id))
    cards = sorted(by_name, key=lambda c: c.modified, reverse=True)  # stable: names stay sorted
    return tuple(
        CardChanges(date=date, cards=tuple(
            ChangedCard(id=c.id, name=c.name, rarity=c.rarity, is_new=c.created == c.modified)
            for c in group))
        for date, group in groupby(cards, key=lambda c: c.modified)
    )
