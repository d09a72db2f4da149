"""The post-game analysis drawn for the replay page: an inline SVG of both players' win
probability along the game, with labelled axes, and the notes on the marked moves (no
JavaScript needed).

The horizontal axis counts turns as the replay does ("Turn N of M", ``?turn=N``): the
point at turn N is the judged win probability of the board the replay shows at turn N,
and a marked move sits at the turn that shows its result, where its cost shows in the
line.
"""
from bisect import bisect_left

WIDTH, HEIGHT = 600, 160
# Room around the plot for the axes' numbers and titles (SVG units).
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 10, 40
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)
MOST_TICKS = 10


def _x(step: float, steps: int) -> float:
    return round(WIDTH * step / steps, 1) if steps else 0.0


def _y(p: float) -> float:
    return round(HEIGHT * (1 - p), 1)


def _turn_ticks(steps: int) -> list[dict]:
    every = next((s for s in TICK_STEPS if steps / s <= MOST_TICKS), TICK_STEPS[-1])
    return [{"x": _x(turn, steps), "label": turn} for turn in range(0, steps + 1, every)]


def _value_at(points: list[tuple[int, float]], step: int) -> float:
    """The line's value at ``step`` (points sorted by step; straight between them)."""
    steps = [s for s, _ in points]
    i = bisect_left(steps, step)
    if i < len(points) and points[i][0] == step:
        return points[i][1]
    if i == 0:
        return points[0][1]
    if i == len(points):
        return points[-1][1]
    (s0, p0), (s1, p1) = points[i - 1], points[i]
    return p0 + (p1 - p0) * (step - s0) / (s1 - s0)


def analysis_graph(result: dict, *, step: int | None = None) -> dict | None:
    """What the template draws from a done analysis's ``result``: ``lines`` (one polyline
    per seat, "x,y x,y ..."), ``marks`` (the marked moves: x, y and the entry), the axes'
    ticks, ``now_x`` (the replay's current turn) and the sizes; None when there is
    nothing to draw."""
    entries = result.get("turns") or []
    steps = int(result.get("steps") or 0) or (entries[-1]["number"] if entries else 0)
    if not entries or steps <= 0:
        return None
    final = result.get("final") or [0.5, 0.5]
    # A seat's win probability at each replay turn judged: entry "step" is the board
    # before the move (the replay's turn number - 1); the game's end closes the line.
    series = []
    for seat in (0, 1):
        points = sorted({e["step"]: e["win"][seat] for e in entries}.items())
        if points[-1][0] < steps:
            points.append((steps, final[seat]))
        series.append(points)
    lines = [" ".join(f"{_x(s, steps)},{_y(p)}" for s, p in points) for points in series]
    marks = []
    for entry in entries:
        if entry.get("marked"):
            turn = min(entry["number"], steps)
            marks.append({**entry, "x": _x(turn, steps),
                          "y": _y(_value_at(series[entry["seat"]], turn)),
                          "loss_pct": round(100 * entry["loss"])})
    return {"width": WIDTH, "height": HEIGHT, "mid": HEIGHT / 2, "lines": lines,
            "marks": marks, "steps": steps,
            "view_box": f"{-LEFT} {-TOP} {WIDTH + LEFT + RIGHT} {HEIGHT + TOP + BOTTOM}",
            "x_ticks": _turn_ticks(steps),
            "y_ticks": [{"y": _y(p), "label": f"{round(100 * p)}%"} for p in (0, .25, .5, .75, 1)],
            "x_title_x": WIDTH / 2, "x_title_y": HEIGHT + 34, "y_title_x": -LEFT + 12, "tick_y": HEIGHT + 16,
            "now_x": None if step is None else _x(min(max(step, 0), steps), steps)}


def note_for_step(result: dict, step: int) -> dict | None:
    """The marked move whose result the replay shows at turn ``step``, if any."""
    for entry in result.get("turns") or []:
        if entry["number"] == step and entry.get("marked"):
            return {**entry, "loss_pct": round(100 * entry["loss"])}
    return None
