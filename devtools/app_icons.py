"""The installable app's icons, drawn with Pillow from the site's own icon
(static/img/favicon.svg: a gold tower with a door on a violet tile, on a strip of ground).

    python -m devtools.app_icons            # writes static/img/app/*.png
    python -m devtools.app_icons --check    # exits 1 when a written icon differs

The pictures (sizes as the web app manifest, Android and iOS ask for them):

- icon-192.png, icon-512.png: the tile with rounded corners ("any" purpose);
- icon-maskable-512.png: the tile filling the square, the tower within the middle 80 %
  circle that every launcher mask keeps ("maskable");
- apple-touch-icon.png (180): square and opaque, iOS rounds it itself;
- badge-96.png: the tower alone in white on transparent, for Android's status bar.

Drawn four times larger and scaled down (smooth edges); Pillow's output is the same on
every run, so tests/site/test_webapp.py checks the files against a new drawing.
"""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "img" / "app"
TILE, GOLD, DOOR, GROUND = "#3b2f5c", "#e8c468", "#3b2f5c", "#9a7b3c"
# The favicon's shapes in its 64-unit square.
# The favicon's tower, moved 3 units right so that it stands centred on its door and its
# strip of ground.
TOWER = [(x + 3, y) for x, y in (
    (20, 54), (20, 24), (16, 20), (16, 12), (22, 12), (22, 16), (26, 16), (26, 12),
    (32, 12), (32, 16), (36, 16), (36, 12), (42, 12), (42, 20), (38, 24), (38, 54))]
DOOR_BOX = (28, 40, 36, 54)
GROUND_BOX = (12, 54, 52, 58)
SUPERSAMPLE = 4


def _draw(size: int, *, tile: str | None, rounded: bool, scale: float = 1.0,
          mono: str | None = None) -> Image.Image:
    """The icon at ``size`` pixels: the 64-unit drawing scaled by ``scale`` about the
    middle of the tower's box (x 12-52, y 12-58), on the tile (None: transparent)."""
    big = size * SUPERSAMPLE
    unit = big / 64
    picture = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(picture)
    if tile:
        if rounded:
            pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=12 * unit, fill=tile)
        else:
            pen.rectangle((0, 0, big - 1, big - 1), fill=tile)
    centre_x, centre_y = 32, 35

    def at(x, y):
        return ((32 + (x - centre_x) * scale) * unit, (32 + (y - centre_y) * scale) * unit)

    pen.polygon([at(x, y) for x, y in TOWER], fill=mono or GOLD)
    x0, y0, x1, y1 = GROUND_BOX
    pen.rectangle((*at(x0, y0), *at(x1, y1)), fill=mono or GROUND)
    x0, y0, x1, y1 = DOOR_BOX
    left, top = at(x0, y0)
    right, bottom = at(x1, y1)
    door = (0, 0, 0, 0) if mono else DOOR
    pen.rounded_rectangle((left, top, right, bottom), radius=4 * unit * scale, fill=door)
    return picture.resize((size, size), Image.LANCZOS)


def icons() -> dict[str, Image.Image]:
    return {
        "icon-192.png": _draw(192, tile=TILE, rounded=True),
        "icon-512.png": _draw(512, tile=TILE, rounded=True),
        # The tower's box (40 x 46 units) within the 80 % circle (radius 25.6 units).
        "icon-maskable-512.png": _draw(512, tile=TILE, rounded=False, scale=0.72),
        "apple-touch-icon.png": _draw(180, tile=TILE, rounded=False, scale=0.85).convert("RGB"),
        "badge-96.png": _draw(96, tile=None, rounded=False, scale=1.2, mono="#ffffff"),
    }


def png_bytes(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Draw the installable app's icons.")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files instead of writing them")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, picture in icons().items():
        path = OUT / name
        if args.check:
            if not path.exists() or Image.open(path).tobytes() != picture.tobytes():
                stale.append(name)
            continue
        path.write_bytes(png_bytes(picture))
        print(f"{path.relative_to(OUT.parents[2])} {picture.size[0]}x{picture.size[1]}")
    if stale:
        print("differ from a new drawing:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
