"""Cards and keywords: the engine's catalogue, filtered like the Cards section."""
from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate

from decks import catalogue
from games import engine
from marcomage.api_base.errors import ApiError, not_found
from marcomage.api_base.pagination import ApiPagination

from .schemas import CardOut, KeywordOut

router = Router(tags=["cards"])

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


@router.get("/cards", response=list[CardOut], url_name="cards",
            summary="Cards, filtered and sorted like the Cards section")
@paginate(ApiPagination)
def card_list(request, filters: Query[CardFiltersIn]):
    ids = catalogue.filtered_ids(card_filters(filters.dict()))
    return [engine.card(cid).to_dict() for cid in ids]


@router.get("/cards/{card_id}", response=CardOut, url_name="card")
def card_detail(request, card_id: int):
    if card_id <= 0 or engine.is_custom_card(card_id):  # proposed cards are no catalogue's
        raise not_found("That card")
    try:
        return engine.card(card_id).to_dict()
    except (engine.EngineError, KeyError, IndexError, ValueError, OverflowError):
        raise not_found("That card")


@router.get("/keywords", response=list[KeywordOut], url_name="keywords",
            summary="Every keyword with the ids of the cards that have it")
def keyword_list(request):
    return [{**kw.to_dict(), "cards": [c.id for c in engine.cards_filter(
        keyword=kw.name, include_forbidden=True)]} for kw in engine.all_keywords()]
