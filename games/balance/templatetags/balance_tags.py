"""The small chart of a card's win rates on its page (decks' card page loads it, as the
Statistics page loads the concepts' tables): server-drawn SVG, no script.

For each source (rated games, all games, self-play) two lines: the win rate of the games
where the card was played and of those where it stayed in the deck, each a dot with its
95 % interval as a whisker over a 0-100 % axis; a group below the minimum sample says so.
"""
from django import template

from games.balance import selectors
from games.balance.counting import MIN_GAMES

register = template.Library()

WIDTH = 460
PLOT_LEFT = 190  # where 0 % is drawn
PLOT_RIGHT = 440  # where 100 % is drawn
ROW = 18
GROUP_GAP = 10
TOP = 8
TICKS = (0, 25, 50, 75, 100)


def _x(rate: float) -> float:
    return round(PLOT_LEFT + rate * (PLOT_RIGHT - PLOT_LEFT), 1)


def chart_geometry(groups: list) -> dict:
    """Coordinates of the chart for ``selectors.card_balance`` groups."""
    y = TOP
    lines = []
    for group in groups:
        row = group["row"]
        lines.append({"kind": "heading", "label": group["label"], "y": y + 12})
        y += ROW
        for key, label, games in (("played", "played", row.played_games),
                                  ("unplayed", "in the deck, not played", row.unplayed_games)):
            rate = getattr(row, f"{key}_rate")
            mid = y + ROW // 2
            line = {"kind": key, "label": label, "games": games, "y": y + 12, "mid": mid,
                    "cap_top": mid - 4, "cap_bottom": mid + 4, "rate": rate}
            if rate is not None:
                low, high = getattr(row, f"{key}_low"), getattr(row, f"{key}_high")
                line.update(low=low, high=high, x=_x(rate), x_low=_x(low), x_high=_x(high))
            lines.append(line)
            y += ROW
        y += GROUP_GAP
    axis_y = y
    return {
        "width": WIDTH, "height": axis_y + 22, "axis_y": axis_y, "tick_y": axis_y + 14,
        "few_x": PLOT_LEFT + 6, "lines": lines, "top": TOP,
        "ticks": [{"x": _x(t / 100), "label": f"{t} %", "middle": t == 50} for t in TICKS],
    }


@register.inclusion_tag("balance/_card_chart.html", takes_context=True)
def card_balance_chart(context, card_id):
    """The chart, for viewers who may open the Statistics section (1 query); nothing for
    the others."""
    if "statistics" not in context.get("sections_open", ()):
        return {"shown": False}
    groups = selectors.card_balance(int(card_id))
    return {"shown": True, "card_id": card_id, "groups": groups, "min_games": MIN_GAMES,
            "chart": chart_geometry(groups)}


@register.simple_tag
def balance_min_games():
    """The minimum sample of a win rate (for the help)."""
    return MIN_GAMES


@register.filter
def percent(rate):
    """0.5432 -> "54.3 %" (a rate of the tables); "" for None."""
    if rate is None:
        return ""
    return f"{rate * 100:.1f} %"


@register.filter
def points(difference):
    """0.052 -> "+5.2" (percentage points, signed); "" for None."""
    if difference is None:
        return ""
    value = difference * 100
    return f"{value:+.1f}".replace("-", "\N{MINUS SIGN}")
