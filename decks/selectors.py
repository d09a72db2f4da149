"""Read-only queries for the deck and card pages; a fixed number of SQL queries each."""
from dataclasses import dataclass

from django.http import Http404

from games import engine

from . import catalogue
from .models import Deck


def decks_of(player) -> list[Deck]:
    """The player's decks for the deck list (one query)."""
    return list(Deck.objects.filter(player=player).order_by("name").defer("note"))


def deck_of(player, deck_id) -> Deck:
    """The player's own deck or 404 (outsiders cannot tell a foreign deck from a missing one)."""
    try:
        return Deck.objects.get(pk=deck_id, player=player)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404("No such deck") from None


@dataclass
class Slot:
    section: str
    index: int
    card_id: int
    playable: bool = True


@dataclass
class DeckSummary:
    counts: dict
    total: int
    average: dict
    unplayable: list  # names of cards in the deck the engine cannot play yet

    @property
    def missing(self):
        return 45 - self.total


def deck_sections(deck) -> dict:
    """{section: [Slot x15]} for the builder."""
    out = {}
    for section in catalogue.SECTIONS:
        out[section] = [
            Slot(section, i, cid, bool(engine.card(cid).implemented) if cid else True)
            for i, cid in enumerate(getattr(deck, section))
        ]
    return out


def deck_summary(deck) -> DeckSummary:
    counts = {s: sum(1 for cid in getattr(deck, s) if cid) for s in catalogue.SECTIONS}
    unplayable = [engine.card(cid).name for cid in deck.card_ids()
                  if cid and not engine.card(cid).implemented]
    return DeckSummary(
        counts=counts,
        total=sum(counts.values()),
        average=catalogue.average_cost_per_turn(deck.common, deck.uncommon, deck.rare),
        unplayable=unplayable,
    )


def pool_for(deck, filters, *, player_level) -> tuple[list, set, int]:
    """(pool ids, ids already in the deck, how many matching cards are above the level)."""
    ids = catalogue.pool_ids(filters, player_level=player_level)
    in_deck = {cid for cid in deck.card_ids() if cid}
    locked = sum(
        1 for cid in catalogue.filtered_ids(filters, include_forbidden=False)
        if engine.card(cid).level > player_level
    )
    return list(ids), in_deck, locked
