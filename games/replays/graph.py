"""The post-game analysis drawn for the replay page: an inline SVG of both players' win
probability along the game, and the notes on the marked moves (no JavaScript needed)."""

WIDTH, HEIGHT = 600, 150


def _xy(step: int, steps: int, p: float) -> tuple[float, float]:
    x = WIDTH * step / steps if steps else 0
    return round(x, 1), round(HEIGHT * (1 - p), 1)


def analysis_graph(result: dict, *, step: int | None = None) -> dict | None:
    """What the template draws from a done analysis's ``result``: ``lines`` (one polyline
    per seat, "x,y x,y ..."), ``marks`` (the marked moves: x, y, the turn's number and the
    step that shows the board before it), ``now_x`` (the replay's current step), the size;
    None when there is nothing to draw."""
    entries = result.get("turns") or []
    steps = int(result.get("steps") or 0) or (entries[-1]["number"] if entries else 0)
    if not entries or steps <= 0:
        return None
    final = result.get("final") or [0.5, 0.5]
    lines = []
    for seat in (0, 1):
        points = [_xy(e["step"], steps, e["win"][seat]) for e in entries]
        points.append(_xy(steps, steps, final[seat]))
        lines.append(" ".join(f"{x},{y}" for x, y in points))
    marks = []
    for entry in entries:
        if entry.get("marked"):
            x, y = _xy(entry["step"], steps, entry["win"][entry["seat"]])
            marks.append({"x": x, "y": y, **entry, "loss_pct": round(100 * entry["loss"])})
    return {"width": WIDTH, "height": HEIGHT, "mid": HEIGHT / 2, "lines": lines,
            "marks": marks,
            "now_x": None if step is None else _xy(min(step, steps), steps, 0)[0]}


def note_for_step(result: dict, step: int) -> dict | None:
    """The marked move that led to ``step`` (the turn numbered ``step``), if any."""
    for entry in result.get("turns") or []:
        if entry["number"] == step and entry.get("marked"):
            return {**entry, "loss_pct": round(100 * entry["loss"])}
    return None
