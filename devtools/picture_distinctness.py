"""How alike the generated card pictures are (decks/card_pictures.py, issue 44).

Chromium draws every card's picture (as the site does: the inline SVG on its gradient),
each is reduced to a perceptual hash (the 8 x 8 lowest frequencies of the discrete cosine
transform of the picture in 32 x 32 greys, each bit: above the median or not) and the
hashes are compared pair by pair (the Hamming distance, 0 to 64 bits: 0 means the pictures
look the same once shrunk). Printed: how many distinct hashes, the pairs at distance 0, the
nearest neighbour's distance over all cards, the nearest pairs (with their cost class and
main effect, the cards most alike by what they are), and the markup's size. A contact
sheet of the nearest pairs is written for a person to look at.

    python -m devtools.picture_distinctness [--pairs 16] [--sheet test-artefacts/picture-nearest-pairs.png]
"""
import argparse
import statistics
from pathlib import Path

import numpy as np

from devtools.django_ready import django_ready

W, H = 200, 120  # each picture drawn at twice the large card's picture width
COLUMNS = 20
CHROMIUM = "/usr/bin/chromium"


def _pictures():
    django_ready()
    from decks.card_pictures import card_picture, effects_of
    from games import engine

    cards = [c for c in engine.all_cards() if c.id]
    return cards, [str(card_picture(c)) for c in cards], effects_of


def _render(markups):
    """One screenshot of every picture in a grid, cut into one greyscale image each."""
    from PIL import Image
    from playwright.sync_api import sync_playwright

    css = (f"body{{margin:0;display:grid;grid-template-columns:repeat({COLUMNS},{W}px);"
           f"background:#fff}}.card-art{{width:{W}px;height:{H}px;overflow:hidden;"
           "line-height:0}.card-art-svg{width:100%;height:auto;display:block}")
    html = f"<!doctype html><style>{css}</style>" + "".join(markups)
    rows = -(-len(markups) // COLUMNS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": COLUMNS * W, "height": rows * H})
        page.set_content(html)
        shot = page.screenshot(full_page=True)
        browser.close()
    import io
    sheet = Image.open(io.BytesIO(shot)).convert("RGB")
    return [sheet.crop(((i % COLUMNS) * W, (i // COLUMNS) * H,
                        (i % COLUMNS + 1) * W, (i // COLUMNS + 1) * H))
            for i in range(len(markups))]


def _dct_matrix(n=32):
    k = np.arange(n)
    m = np.cos(np.pi * (2 * k[None, :] + 1) * k[:, None] / (2 * n)) * np.sqrt(2 / n)
    m[0] /= np.sqrt(2)
    return m


def phash(image) -> int:
    """The perceptual hash of a picture (64 bits)."""
    from PIL import Image

    grey = np.asarray(image.convert("L").resize((32, 32), Image.Resampling.LANCZOS),
                      dtype=float)
    c = _dct_matrix()
    low = (c @ grey @ c.T)[:8, :8].flatten()
    bits = low > np.median(low)
    return int("".join("1" if b else "0" for b in bits), 2)


def distances(hashes):
    """The Hamming distance of every pair of hashes (a square matrix)."""
    h = np.array(hashes, dtype=np.uint64)
    x = h[:, None] ^ h[None, :]
    counts = np.zeros(x.shape, dtype=np.int64)
    for shift in range(0, 64, 8):
        byte = ((x >> np.uint64(shift)) & np.uint64(0xFF)).astype(np.int64)
        counts += np.array([bin(i).count("1") for i in range(256)])[byte]
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=16, help="nearest pairs to list")
    parser.add_argument("--sheet", default="test-artefacts/picture-nearest-pairs.png",
                        help="where to write the nearest pairs' contact sheet")
    args = parser.parse_args(argv)
    cards, markups, effects_of = _pictures()
    sizes = [len(m) for m in markups]
    images = _render(markups)
    hashes = [phash(im) for im in images]
    dist = distances(hashes)
    n = len(cards)
    np.fill_diagonal(dist, 99)
    nearest = dist.min(axis=1)
    upper = np.triu_indices(n, 1)
    order = np.argsort(dist[upper], kind="stable")[:args.pairs]
    pairs = [(int(dist[upper[0][k], upper[1][k]]), int(upper[0][k]), int(upper[1][k]))
             for k in order]

    def what_of(c):
        effects = effects_of(c)
        return f"{c.cost_class or 'free'}/{effects[0].kind if effects else 'rune'}"

    kinds = [what_of(c) for c in cards]

    def what(c):
        return kinds[cards.index(c)]

    same = np.array(kinds)[:, None] == np.array(kinds)[None, :]
    alike = sorted(int(d) for d in dist[upper][same[upper]])
    alike = [(d, 0, 0) for d in alike]
    print(f"cards: {n}; distinct pictures (by hash): {len(set(hashes))}; "
          f"pairs at distance 0: {int((dist[np.triu_indices(n, 1)] == 0).sum())}")
    print(f"nearest neighbour's distance (bits of 64): min {nearest.min()}, "
          f"median {statistics.median(nearest.tolist())}, mean {nearest.mean():.1f}; "
          f"cards whose nearest is within 4 bits: {int((nearest <= 4).sum())}")
    if alike:
        print(f"pairs of the same cost class and main effect: {len(alike)}, nearest "
              f"{min(alike)[0]} bits, median {statistics.median([a[0] for a in alike])}")
    print(f"markup per picture: mean {statistics.mean(sizes):.0f} bytes, max {max(sizes)}")
    print("nearest pairs:")
    for d, i, j in pairs:
        print(f"  {d:2d}  {cards[i].name} ({cards[i].id}, {what(cards[i])})  ~  "
              f"{cards[j].name} ({cards[j].id}, {what(cards[j])})")
    if args.sheet:
        from PIL import Image, ImageDraw

        sheet = Image.new("RGB", (2 * W + 30, len(pairs) * (H + 24)), "white")
        draw = ImageDraw.Draw(sheet)
        for row, (d, i, j) in enumerate(pairs):
            y = row * (H + 24)
            sheet.paste(images[i], (0, y + 20))
            sheet.paste(images[j], (W + 30, y + 20))
            draw.text((2, y + 4), f"{d} bits: {cards[i].name} / {cards[j].name}", fill="black")
        Path(args.sheet).parent.mkdir(parents=True, exist_ok=True)
        sheet.save(args.sheet)
        print(f"contact sheet: {args.sheet}")


if __name__ == "__main__":
    main()
