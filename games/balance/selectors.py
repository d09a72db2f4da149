"""Read-only queries of the balance dashboard and of the chart on a card's page: the
precomputed rows as they are (nothing is counted here; a fixed number of queries)."""
from dataclasses import dataclass

from decks import catalogue
from games import engine

from .counting import MIN_GAMES
from .models import BalanceState, CardBalance, SelfPlayRun

PER_PAGE = 100
# key: (column title, the row's value to sort on)
SORTS = {
    "card": "Card",
    "in_deck": "In decks",
    "played": "Played",
    "discarded": "Discarded",
    "played_rate": "Win rate when played",
    "unplayed_rate": "Win rate when not played",
    "difference": "Difference",
}
_SORT_VALUES = {
    "in_deck": lambda e: e.row.in_deck,
    "played": lambda e: e.row.times_played,
    "discarded": lambda e: e.row.times_discarded,
    "played_rate": lambda e: e.row.played_rate,
    "unplayed_rate": lambda e: e.row.unplayed_rate,
    "difference": lambda e: e.row.difference,
}
DEFAULT_SORT = "difference"
RECENT_RUNS = 5
FINISHED = (SelfPlayRun.Status.DONE, SelfPlayRun.Status.STOPPED)


@dataclass(frozen=True)
class BalanceFilters:
    """Validated choices of the dashboard (unknown values fall back to the defaults)."""

    source: str = CardBalance.Source.ALL
    mode: str = CardBalance.Mode.ALL
    rarity: str = ""
    keyword: str = ""
    level: str = ""
    sort: str = DEFAULT_SORT
    descending: bool = True

    def card_filters(self):
        return catalogue.CardFilters(rarity=self.rarity, keyword=self.keyword,
                                     level=self.level)

    def query(self, **change) -> dict:
        """The GET parameters of these choices with ``change`` applied (for links)."""
        values = {"source": self.source, "mode": self.mode, "rarity": self.rarity,
                  "keyword": self.keyword, "level": self.level, "sort": self.sort,
                  "dir": "desc" if self.descending else "asc"}
        values.update(change)
        return {key: value for key, value in values.items() if value}


def default_source() -> str:
    """The games the dashboard opens on: the site's finished games once any card has
    enough of them for both win rates; until then the latest self-play run's, if one has
    finished (a new site's page showed nothing but "too few games"); else the site's games
    (1 query, 2 at most)."""
    rows = CardBalance.objects.filter(mode=CardBalance.Mode.ALL, difference__isnull=False)
    if rows.filter(source=CardBalance.Source.ALL).exists():
        return CardBalance.Source.ALL
    if rows.filter(source=CardBalance.Source.SELFPLAY).exists():
        return CardBalance.Source.SELFPLAY
    return CardBalance.Source.ALL


def clean_filters(params) -> BalanceFilters:
    def pick(key, allowed, default=""):
        value = (params.get(key) or "").strip()
        return value if value in allowed else default

    sort = pick("sort", SORTS, DEFAULT_SORT)
    direction = pick("dir", ("asc", "desc"), "asc" if sort == "card" else "desc")
    source = pick("source", CardBalance.Source.values)
    return BalanceFilters(
        source=source or default_source(),
        mode=pick("mode", CardBalance.Mode.values, CardBalance.Mode.ALL),
        rarity=pick("rarity", catalogue.RARITIES),
        keyword=pick("keyword", {*catalogue.keyword_names(), "any", "none"}),
        level=pick("level", {str(n) for n in catalogue.levels()}),
        sort=sort,
        descending=direction == "desc",
    )


def next_direction(filters: BalanceFilters, key: str) -> str:
    """A column's link: the shown column turns round, another starts with its natural
    order (names A to Z, numbers largest first)."""
    if key == filters.sort:
        return "asc" if filters.descending else "desc"
    return "asc" if key == "card" else "desc"


@dataclass(frozen=True)
class Entry:
    card: object  # engine CardDef
    row: CardBalance


def _sorted(entries, sort: str, descending: bool):
    by_name = sorted(entries, key=lambda e: (e.card.name.lower(), e.card.id))
    if sort == "card":
        return by_name[::-1] if descending else by_name
    value = _SORT_VALUES[sort]
    present = [e for e in by_name if value(e) is not None]
    missing = [e for e in by_name if value(e) is None]  # "too few games": always last
    present.sort(key=value, reverse=descending)  # stable: ties stay by name
    return present + missing


def dashboard(filters: BalanceFilters) -> dict:
    """The dashboard's rows for these choices, sorted, and what they come from (4 queries)."""
    ids = catalogue.filtered_ids(filters.card_filters(), include_forbidden=True)
    rows = {row.card_id: row for row in CardBalance.objects.filter(source=filters.source,
                                                                   mode=filters.mode)}
    entries = [Entry(engine.card(cid), rows.get(cid) or CardBalance(card_id=cid))
               for cid in ids]
    state = BalanceState.objects.filter(pk=1).first()
    runs = list(SelfPlayRun.objects.select_related("requested_by")[:RECENT_RUNS])
    return {
        "entries": _sorted(entries, filters.sort, filters.descending),
        "cards_shown": len(entries),
        "cards_enough": sum(1 for e in entries if e.row.difference is not None),
        "state": state,
        "runs": runs,
        # the run whose figures the self-play rows hold
        "selfplay_run": SelfPlayRun.objects.filter(status__in=FINISHED).first(),
        "min_games": MIN_GAMES,
    }


def headline(source: str, mode: str = CardBalance.Mode.ALL, *, top: int = 5) -> dict:
    """The figures a report starts with (1 query): how many of the 754 cards have enough
    games for both win rates, and the ``top`` cards with the largest and the smallest
    difference (played minus not played)."""
    ranked = _sorted([Entry(engine.card(row.card_id), row) for row in CardBalance.objects
                      .filter(source=source, mode=mode, difference__isnull=False)],
                     "difference", True)
    return {"cards": len(engine.all_cards()), "enough": len(ranked), "top": ranked[:top],
            "bottom": ranked[::-1][:top]}


SOURCE_ORDER = (CardBalance.Source.RATED, CardBalance.Source.ALL, CardBalance.Source.SELFPLAY)


def card_balance(card_id: int) -> list:
    """The card's rows of every mode "all", rated games first (1 query): what its chart
    shows."""
    rows = {row.source: row for row in CardBalance.objects.filter(card_id=card_id, mode="all")}
    labels = dict(CardBalance.Source.choices)
    return [{"source": source, "label": labels[source],
             "row": rows.get(source) or CardBalance(card_id=card_id, source=source)}
            for source in SOURCE_ORDER]
