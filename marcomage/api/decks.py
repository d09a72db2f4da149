"""Shared decks: the ones their authors put on the Shared decks page (never any other)."""
from typing import Literal

from django.db.models import F
from django.db.models.expressions import OrderBy
from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate

from decks.models import Deck
from decks.selectors import SHARED_SORTS, SHARED_SORTS_DESCENDING_FIRST
from marcomage.api_base.errors import not_found
from marcomage.api_base.pagination import ApiPagination, Mapped

from .schemas import DeckOut, DeckSummaryOut

router = Router(tags=["decks"])


class SharedDecksIn(Schema):
    author: str = Field("", max_length=150)
    sort: Literal["name", "author", "modified", "wins", "losses", "draws"] = "modified"
    dir: Literal["asc", "desc", ""] = ""


def deck_summary_out(deck: Deck) -> dict:
    return {"id": deck.pk, "name": deck.name, "author": deck.player.name, "wins": deck.wins,
            "losses": deck.losses, "draws": deck.draws, "is_ready": deck.is_ready,
            "modified": deck.modified_at}


def _shared():
    return Deck.objects.filter(is_shared=True).select_related("player__user").defer("note")


@router.get("/decks", response=list[DeckSummaryOut], url_name="decks",
            summary="Shared decks, sorted like the Shared decks page")
@paginate(ApiPagination)
def deck_list(request, filters: Query[SharedDecksIn]):
    decks = _shared()
    author = " ".join(filters.author.replace("\x00", "").split())
    if author:
        decks = decks.filter(player__user__username__iexact=author)
    descending = (filters.dir == "desc" if filters.dir
                  else filters.sort in SHARED_SORTS_DESCENDING_FIRST)
    ordering = [OrderBy(F(key) if isinstance(key, str) else key, descending=descending)
                for key in SHARED_SORTS[filters.sort]]
    return Mapped(decks.order_by(*ordering, "-pk" if descending else "pk"), deck_summary_out)


@router.get("/decks/{deck_id}", response=DeckOut, url_name="deck",
            summary="A shared deck with its cards (ids, 0 = empty slot) and tokens")
def deck_detail(request, deck_id: int):
    deck = _shared().filter(pk=deck_id).first() if 0 < deck_id < 2**63 else None
    if deck is None:
        raise not_found("That shared deck")
    return {**deck_summary_out(deck),
            "cards": {"common": deck.common, "uncommon": deck.uncommon, "rare": deck.rare},
            "tokens": list(deck.tokens)}
