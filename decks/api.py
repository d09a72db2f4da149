"""The decks app in the public API (/api/v1/): the cards and keywords of the engine's
catalogue, filtered like the Cards section (``catalogue.py``), and the shared decks, the
ones their authors put on the Shared decks page (never any other), sorted like that page
(``selectors.py``). Mounted by the site's NinjaAPI (marcomage/api/api.py).
"""
from datetime import datetime
from typing import Literal

from django.db.models import F
from django.db.models.expressions import OrderBy
from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate

from games import engine
from marcomage.plumbing.api_base.errors import ApiError, not_found
from marcomage.plumbing.api_base.pagination import ApiPagination, Mapped

from . import catalogue
from .models import Deck
from .selectors import SHARED_SORTS, SHARED_SORTS_DESCENDING_FIRST

router = Router()


# ------------------------------------------------------------------ cards and keywords
class CostOut(Schema):
    bricks: int
    gems: int
    recruits: int


class CardOut(Schema):
    id: int
    name: str
    rarity: str
    cost: CostOut
    level: int
    modes: int
    keywords: list[str]
    text: str
    created: str
    modified: str
    implemented: bool


class KeywordOut(Schema):
    name: str
    basic_gain: int
    bonus_gain: int
    order: int
    token: bool
    text: str
    cards: list[int]



_CHECKED = ("rarity", "keyword", "cost", "effect", "support", "created", "modified", "level",
            "sort")


class CardFiltersIn(Schema):
    rarity: str = ""
    keyword: str = ""
    cost: str = ""
    effect: str = Field("", description=(
        "What the card's effect does, read from its rules: one of "
        + ", ".join(key for key, _label in catalogue.EFFECT_CLASSES)
        + ". Attribute tags (wall_plus, tower_minus, ...) count either player's attribute."))
    support: str = Field("", description=(
        "A keyword the card works with (its support keywords), \"any\" or \"none\"."))
    created: str = ""
    modified: str = ""
    level: str = ""
    name: str = ""
    sort: str = "name"
    dir: str = "asc"


def card_filters(params: dict) -> catalogue.CardFilters:
    """The Cards section's filters; a value it would drop is a 400 here (field errors)."""
    filters = catalogue.clean_filters(params)
    problems = {}
    for key in _CHECKED:
        given = (params.get(key) or "").strip()
        if given and getattr(filters, key) != given:
            problems[key] = [f"Unknown value {given[:40]!r}: see the Cards section's choices."]
    if params.get("dir") not in ("asc", "desc", "", None):
        problems["dir"] = ["Choose asc or desc."]
    if problems:
        raise ApiError(400, "invalid", "Some filters are not valid.", fields=problems)
    return filters


@router.get("/cards", response=list[CardOut], url_name="cards", tags=["cards"],
            summary="Cards, filtered and sorted like the Cards section")
@paginate(ApiPagination)
def card_list(request, filters: Query[CardFiltersIn]):
    ids = catalogue.filtered_ids(card_filters(filters.dict()))
    return [engine.card(cid).to_dict() for cid in ids]


@router.get("/cards/{card_id}", response=CardOut, url_name="card", tags=["cards"])
def card_detail(request, card_id: int):
    if card_id <= 0 or engine.is_custom_card(card_id):  # proposed cards are no catalogue's
        raise not_found("That card")
    try:
        return engine.card(card_id).to_dict()
    except (engine.EngineError, KeyError, IndexError, ValueError, OverflowError):
        raise not_found("That card")


@router.get("/keywords", response=list[KeywordOut], url_name="keywords", tags=["cards"],
            summary="Every keyword with the ids of the cards that have it")
def keyword_list(request):
    return [{**kw.to_dict(), "cards": [c.id for c in engine.cards_filter(
        keyword=kw.name, include_forbidden=True)]} for kw in engine.all_keywords()]


# ------------------------------------------------------------------ shared decks
class DeckCardsOut(Schema):
    common: list[int]
    uncommon: list[int]
    rare: list[int]


class DeckSummaryOut(Schema):
    id: int
    name: str
    author: str
    wins: int
    losses: int
    draws: int
    is_ready: bool
    modified: datetime


class DeckOut(DeckSummaryOut):
    cards: DeckCardsOut
    tokens: list[str]



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


@router.get("/decks", response=list[DeckSummaryOut], url_name="decks", tags=["decks"],
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


@router.get("/decks/{deck_id}", response=DeckOut, url_name="deck", tags=["decks"],
            summary="A shared deck with its cards (ids, 0 = empty slot) and tokens")
def deck_detail(request, deck_id: int):
    deck = _shared().filter(pk=deck_id).first() if 0 < deck_id < 2**63 else None
    if deck is None:
        raise not_found("That shared deck")
    return {**deck_summary_out(deck),
            "cards": {"common": deck.common, "uncommon": deck.uncommon, "rare": deck.rare},
            "tokens": list(deck.tokens)}
