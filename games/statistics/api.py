"""The Statistics page's figures in the public API (/api/v1/statistics), from the page's
selectors. Mounted by the site's NinjaAPI (marcomage/api/api.py)."""
from typing import Any, Literal

from ninja import Field, Query, Router, Schema

from marcomage.plumbing.api_base.errors import ApiError

from . import selectors

router = Router(tags=["statistics"])


class StatisticsOut(Schema):
    games: dict[str, Any]
    cards: dict[str, Any]


class StatisticsIn(Schema):
    period: Literal["latest", "overall"] = "latest"
    length: int = Field(10, description="10, 25 or 50 cards per list")


@router.get("/statistics", response=StatisticsOut, url_name="statistics")
def statistics(request, query: Query[StatisticsIn]):
    if query.length not in selectors.LIST_LENGTHS:
        raise ApiError(400, "invalid", "Lists are 10, 25 or 50 cards long.",
                       fields={"length": ["Choose 10, 25 or 50."]})
    cards = selectors.card_statistics(period=query.period, length=query.length)
    reports = [{**report, "entries": [
        {"card": entry["card"].id, "name": entry["card"].name, "count": entry["count"],
         "factor": None if entry["factor"] is None else round(entry["factor"], 2)}
        for entry in report["entries"]]} for report in cards["reports"]]
    return {"games": selectors.game_statistics(),
            "cards": {**cards, "reports": reports}}
