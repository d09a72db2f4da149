"""The Statistics page's figures."""
from typing import Literal

from ninja import Field, Query, Router, Schema

from games.statistics import selectors
from marcomage.api_base.errors import ApiError

from .schemas import StatisticsOut

router = Router(tags=["statistics"])


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
