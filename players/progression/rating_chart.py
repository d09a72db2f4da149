"""The profile's Glicko-2 rating chart: an inline SVG drawn on the server (no script).

``rating_chart(player)`` gives the template the polyline of the rating after each rated
game (the latest CHART_GAMES), the band of one rating deviation around it, and the axis
labels, all in the SVG's own coordinates.
"""
from players.models import RatingHistory

CHART_GAMES = 100
WIDTH, HEIGHT = 600, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 8, 10, 20


def rating_chart(player) -> dict | None:
    """None before the player's first rated game."""
    rows = list(RatingHistory.objects.filter(player=player).order_by("-created_at", "-pk")
                .values_list("rating", "deviation", "rating_before")[:CHART_GAMES])
    if not rows:
        return None
    rows.reverse()
    first_before = rows[0][2]
    # The start (before the first game) and the rating after each game.
    ratings = [first_before] + [rating for rating, _dev, _before in rows]
    deviations = [None] + [dev for _rating, dev, _before in rows]
    band = [(r - d, r + d) for r, d in zip(ratings, deviations) if d is not None]
    low = min([*ratings, *(lo for lo, _hi in band)])
    high = max([*ratings, *(hi for _lo, hi in band)])
    if high - low < 50:
        middle = (high + low) / 2
        low, high = middle - 25, middle + 25
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    steps = max(1, len(ratings) - 1)

    def x(i):
        return round(PAD_LEFT + inner_w * i / steps, 1)

    def y(value):
        return round(PAD_TOP + inner_h * (high - value) / (high - low), 1)

    line = " ".join(f"{x(i)},{y(r)}" for i, r in enumerate(ratings))
    upper = [f"{x(i)},{y(r + d)}" for i, (r, d) in enumerate(zip(ratings, deviations)) if d]
    lower = [f"{x(i)},{y(r - d)}" for i, (r, d) in enumerate(zip(ratings, deviations)) if d]
    return {
        "width": WIDTH, "height": HEIGHT, "line": line,
        "band": " ".join(upper + lower[::-1]),
        "left": PAD_LEFT, "right": WIDTH - PAD_RIGHT, "top": PAD_TOP,
        "bottom": HEIGHT - PAD_BOTTOM,
        "high": round(high), "low": round(low), "high_y": y(high), "low_y": y(low),
        "games": len(rows), "last": round(ratings[-1]),
        "last_x": x(len(ratings) - 1), "last_y": y(ratings[-1]),
    }
