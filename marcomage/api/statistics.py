"""The Statistics page's figures."""
from typing import Literal

from ninja import Query, Router, Schema

from games.statistics import selectors

from .schemas import StatisticsOut

router = Router(tags=["statistics"])


class StatisticsIn(Schema):
    period: Literal["latest", "overall"] = "latest"
    length: Literal[10, 25, 50] = 10


@router.get("/statistics", response=StatisticsOut, url_name="statistics")
def statistics(request, query: Query[StatisticsIn]):
    cards = selectors.card_statistics(period=query.period, length=query.length)
    reports = [{**report, "entries": [
        {"card": entry["card"].id, "name": entry["card"].name, "count": entry["count"],
         "factor": None if entry["factor"] is None else round(entry["factor"], 2)}
        for entry in report["entries"]]} for report in cards["reports"]]
    return {"games": selectors.game_statistics(),
            "cards": {**cards, "reports": reports}}
