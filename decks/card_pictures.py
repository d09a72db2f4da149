"""The generated card pictures: our own art, drawn from what a card is.

A picture is built from the card's facts only, so cards that play differently look different:

- the background colour from what the card costs (bricks red, gems blue, recruits green,
  mixed costs a blend of theirs, free cards stone grey);
- the central motif from its main effect, as the engine's effect tags say what the card
  does (``engine.effect_tags``, decided from its rules, not its text; the main one is the
  first in ``KIND_ORDER``): a brick wall, a tower, a weapon (by its keywords or cost), a
  cracked wall, a resource pile, a cog for production, a sack for stealing, cards for
  summons, discards and replacements, an eye for reveals; a second and a third effect as
  small badges in the lower corners;
- the size of the motif (one weapon, two, two in a blaze; a low or high wall) from what
  the card costs for each thing it does;
- a faint texture from its keywords (scales for Dragon, waves for Aqua, flames for
  Burning, chevrons for soldiers, coins for Brigand ...);
- the frame and the halo behind the motif from its rarity and total cost;
- an emblem from its name (a swirl for Wind, a ram for Battering ram, an arch for Gate: the
  first word of the name that names a thing, ``EMBLEM_WORDS``; else one its hash picks),
  large and pale opposite the motif, and a low landscape of hills across the foot, so that
  cards of one cost and one main effect still look different at a glance
  (``python -m devtools.picture_distinctness`` measures it over every card);
- the small placements (texture, badge corner, tilt, where motif and emblem stand, the
  hills) from a hash of its id.

Every picture is a string built once per card and process (``decks.catalogue.card_face``
is cached and built at a server process's start by ``marcomage/site/warmup.py``): no
request draws one. The markup is made of numbers and fixed words only (no card text),
so it is safe to mark safe. The pages that list hundreds of cards show a catalogue card's
picture as a file of its own (``card_picture_linked``; ``decks.views_art.card_picture``
serves it, browsers keep it); elsewhere, and for the card lab's proposed cards, inline.
"""
import hashlib
import math
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import mark_safe

from games import engine

# --------------------------------------------------------------------------- palette
RESOURCE_HUE = {"bricks": 14, "gems": 216, "recruits": 128}
BRICK, BRICK_DARK = "#c4603a", "#5e2412"
GEM, GEM_DARK = "#5ab0ff", "#123d7a"
RECRUIT, RECRUIT_DARK = "#6fd07c", "#1c5626"
STEEL, STEEL_DARK = "#e8edf2", "#38424d"
STONE, STONE_DARK = "#d4cdbd", "#4a443a"
FIRE, FIRE_CORE = "#ff7a22", "#ffd84d"
GOLD, GOLD_DARK = "#f2c94c", "#7a5a0e"
PARCHMENT = "#f4ead2"
DANGER = "#ff5a4a"
WOOD = "#7a4a22"
RESOURCE_COLOURS = {"bricks": (BRICK, BRICK_DARK), "gems": (GEM, GEM_DARK),
                    "recruits": (RECRUIT, RECRUIT_DARK)}

CENTRE = (50, 31)


def _n(value):
    """A coordinate as short text: one decimal, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


# --------------------------------------------------------------------------- effects
@dataclass(frozen=True)
class Effect:
    kind: str              # the motif: see MOTIFS
    subject: str = ""      # a resource, "stock", "wall"/"tower", "" when none
    size: str = "medium"   # "small", "medium" or "large": see effect_size


# The motif kind of each effect tag (games/engine/cards/effect_tags.py); "evoke" is drawn
# as a summons, "persistent" (a card that comes back) as a replacement.
KIND_OF_TAG = {
    "attack": "attack", "wall_minus": "hit", "tower_minus": "hit",
    "wall_plus": "build", "tower_plus": "build", "steal": "steal",
    "production": "production", "summons": "summons", "evoke": "summons",
    "discard": "discard", "replace": "replace", "persistent": "replace", "reveal": "reveal",
    "random_resources": "stock",
    **{f"{facility}_plus": "facility" for facility in ("quarry", "magic", "dungeon", "facilities")},
    **{f"{facility}_minus": "facility_loss"
       for facility in ("quarry", "magic", "dungeon", "facilities")},
    **{f"{res}_plus": "stock" for res in ("bricks", "gems", "recruits", "stock")},
    **{f"{res}_minus": "stock_loss" for res in ("bricks", "gems", "recruits", "stock")},
}
# Which effect is the card's main one (the motif) and which the second (the badge): the
# order in which the cards' texts most often name them.
KIND_ORDER = ("attack", "hit", "build", "facility", "facility_loss", "steal", "production",
              "discard", "stock_loss", "reveal", "summons", "stock", "replace")
# The resource a facility or a stock tag names.
_RESOURCE_OF = {"quarry": "bricks", "magic": "gems", "dungeon": "recruits",
                "bricks": "bricks", "gems": "gems", "recruits": "recruits"}


def _subject(kind, tags, cost_class):
    if kind in ("hit", "build"):
        suffix = "_minus" if kind == "hit" else "_plus"
        wall, tower = f"wall{suffix}" in tags, f"tower{suffix}" in tags
        if wall and tower:  # both: the tower for a card paid in gems (magic builds towers)
            return "tower" if cost_class == "gems" else "wall"
        return "tower" if tower else "wall"
    if kind in ("facility", "facility_loss", "stock", "stock_loss"):
        resources = {_RESOURCE_OF.get(tag.split("_")[0], "") for tag in tags
                     if KIND_OF_TAG.get(tag) == kind}
        if len(resources) == 1 and "" not in resources:
            return resources.pop()
        return "" if kind.startswith("facility") else "stock"
    return ""


def effect_size(total_cost, effects):
    """How big a card's effects are drawn (the weapons of an attack, the height of a wall),
    from what the card costs for each thing it does: Burglar (8 for an attack and a theft)
    is small, Red dragon (30 for an attack and a wall hit) large."""
    per_effect = total_cost / max(effects, 1)
    return "small" if per_effect <= 4 else "large" if per_effect >= 14 else "medium"


def effects_of(card):
    """The card's effects, main one first (one per motif kind), from the engine's effect
    tags; nothing for what is not an engine card (a concept)."""
    if not isinstance(card, engine.CardDef):
        return []
    tags = engine.effect_tags(card)
    kinds = {KIND_OF_TAG[tag] for tag in tags if tag in KIND_OF_TAG}
    size = effect_size(card.total_cost, len(kinds))
    return [Effect(kind, _subject(kind, tags, card.cost_class), size)
            for kind in KIND_ORDER if kind in kinds]


# --------------------------------------------------------------------------- motifs
# Each motif draws around (0, 0) within about 18 units each way; the caller places and
# scales it.

def _rect(x, y, w, h, fill, stroke, width=0.8, rx=0):
    corner = f' rx="{_n(rx)}"' if rx else ""
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner} '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>')


def _poly(points, fill, stroke, width=0.8, extra=""):
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    line = f' stroke="{stroke}" stroke-width="{width}"' if stroke != "none" and width else ""
    return f'<polygon points="{pts}" fill="{fill}"{line}{extra}/>'


def _rects(boxes, fill, stroke, width=0.8):
    """Many rectangles of one paint in one group (the pictures are inlined in every page)."""
    inner = "".join(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/>'
                    for x, y, w, h in boxes)
    return f'<g fill="{fill}" stroke="{stroke}" stroke-width="{width}">{inner}</g>'


def _star(cx, cy, outer, inner, spikes, rotation=0.0):
    points = []
    for i in range(spikes * 2):
        radius = outer if i % 2 == 0 else inner
        angle = rotation + math.pi * i / spikes - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def motif_wall(effect):
    rows = {"small": 2, "large": 4}.get(effect.size, 3)
    brick_w, brick_h = 10, 5.5
    top = -rows * brick_h / 2
    boxes = []
    for row in range(rows):
        offset = -brick_w / 2 if row % 2 else 0
        y = top + row * brick_h
        for col in range(-1 if row % 2 else 0, 3):
            x = -15 + offset + col * brick_w
            left, right = max(x, -15), min(x + brick_w, 15)
            if right - left > 1:
                boxes.append((left, y, right - left, brick_h))
    boxes += [(x + 1.5, top - 4, 7, 4) for x in (-15, -5, 5)]  # battlements
    return f'<g class="motif motif-wall">{_rects(boxes, BRICK, BRICK_DARK)}</g>'


def motif_tower(effect):
    height = {"small": 20, "large": 30}.get(effect.size, 25)
    bottom = height / 2 + 3
    top = bottom - height
    parts = [
        _rect(-7, top, 14, height, STONE, STONE_DARK),
        _rect(-2.5, bottom - 7, 5, 7, WOOD, STONE_DARK, rx=2),
        _rect(-1.2, top + 4, 2.4, 4, STONE_DARK, STONE_DARK, 0),
    ]
    for x in (-9, -3, 3):
        parts.append(_rect(x, top - 4, 6 if x != -3 else 6, 4, STONE, STONE_DARK))
    parts.append(f'<line x1="6" y1="{_n(top - 4)}" x2="6" y2="{_n(top - 13)}" '
                 f'stroke="{STONE_DARK}" stroke-width="1"/>')
    parts.append(_poly([(6, top - 13), (14, top - 10.5), (6, top - 8)], DANGER, STONE_DARK, 0.6))
    return f'<g class="motif motif-tower">{"".join(parts)}</g>'


def _dagger(angle=0.0, scale=1.0):
    blade = _poly([(0, -17), (2.6, -12), (2.6, 4), (-2.6, 4), (-2.6, -12)], STEEL, STEEL_DARK)
    ridge = f'<line x1="0" y1="-14" x2="0" y2="3" stroke="{STEEL_DARK}" stroke-width=".6"/>'
    guard = _rect(-7, 4, 14, 2.6, GOLD, GOLD_DARK, rx=1)
    grip = _rect(-1.5, 6.6, 3, 7, WOOD, GOLD_DARK)
    pommel = f'<circle cx="0" cy="15.6" r="2.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
    return (f'<g transform="rotate({_n(angle)}) scale({_n(scale)})">'
            f"{blade}{ridge}{guard}{grip}{pommel}</g>")


def _axe(angle=0.0, scale=1.0):
    handle = _rect(-1.4, -15, 2.8, 32, WOOD, "#3a220c", rx=1)
    head = (f'<path d="M1,-14 Q11,-15 12,-7 Q11,1 1,-1 Z" fill="{STEEL}" stroke="{STEEL_DARK}" '
            f'stroke-width=".8"/>')
    return f'<g transform="rotate({_n(angle)}) scale({_n(scale)})">{handle}{head}</g>'


def _spear(angle=0.0, scale=1.0):
    shaft = _rect(-1, -10, 2, 28, WOOD, "#3a220c")
    tip = _poly([(0, -18), (3.2, -9), (0, -7), (-3.2, -9)], STEEL, STEEL_DARK)
    tassel = _rect(-2, -7, 4, 2, DANGER, "#5a0d08", 0.5)
    return f'<g transform="rotate({_n(angle)}) scale({_n(scale)})">{shaft}{tip}{tassel}</g>'


def _bolt(x=0.0, scale=1.0):
    return (f'<g transform="translate({_n(x)} 0) scale({_n(scale)})">'
            + _poly([(3, -18), (-7, 2), (0, 2), (-4, 18), (9, -4), (2, -4), (7, -18)],
                    FIRE_CORE, "#8a5a00", 1)
            + "</g>")


def _claws(strokes):
    lefts = [(i - (strokes - 1) / 2) * 7 for i in range(strokes)]
    d = "".join(f"M{_n(x - 5)},-15Q{_n(x + 5)},-2 {_n(x - 3)},15" for x in lefts)
    return (f'<g fill="none" stroke-linecap="round"><path d="{d}" stroke="#4a0c08" '
            f'stroke-width="4.6"/><path d="{d}" stroke="{PARCHMENT}" stroke-width="2.2"/></g>')


def _boulder(x=0.0, y=0.0, scale=1.0):
    rock = _poly([(-9, -3), (-5, -9), (3, -10), (9, -4), (8, 5), (1, 9), (-7, 7)],
                 "#a39a8a", STONE_DARK, 1)
    cracks = f'<path d="M-3,-5 L0,0 L4,2 M0,0 L-2,5" fill="none" stroke="{STONE_DARK}" stroke-width=".8"/>'
    trail = "".join(f'<line x1="{-12 - i * 2}" y1="{-6 + i * 5}" x2="{-20 - i * 2}" y2="{-8 + i * 5}" '
                    f'stroke="{PARCHMENT}" stroke-width="1.4" stroke-linecap="round"/>'
                    for i in range(3))
    return (f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})">'
            f"{trail}{rock}{cracks}</g>")


# The weapon of an attack: from the card's keywords first, then from what it costs.
WEAPON_OF_KEYWORD = {
    "Beast": "claws", "Dragon": "claws", "Nature": "claws",
    "Barbarian": "axe", "Frenzy": "axe", "Horde": "axe", "Unliving": "axe",
    "Soldier": "spear", "Charge": "spear", "Skirmisher": "spear", "Alliance": "spear",
    "Mage": "bolt", "Holy": "bolt", "Illusion": "bolt", "Aria": "bolt", "Demonic": "bolt",
    "Burning": "bolt", "Aqua": "bolt", "Undead": "bolt",
    "Siege": "boulder", "Destruction": "boulder", "Titan": "boulder", "Runic": "boulder",
    "Brigand": "blade",
}
WEAPON_OF_COST = {"bricks": "boulder", "gems": "bolt", "recruits": "blade"}


def weapon_of(card):
    for keyword in getattr(card, "keywords", ()) or ():
        if keyword in WEAPON_OF_KEYWORD:
            return WEAPON_OF_KEYWORD[keyword]
    return WEAPON_OF_COST.get(getattr(card, "cost_class", ""), "blade")


def _weapons(weapon, pair):
    if weapon == "axe":
        return _axe(-35) + _axe(35) if pair else _axe(15)
    if weapon == "spear":
        return _spear(-35) + _spear(35) if pair else _spear(20)
    if weapon == "bolt":
        return _bolt(-7, 0.9) + _bolt(8, 0.9) if pair else _bolt()
    if weapon == "claws":
        return _claws(4 if pair else 3)
    if weapon == "boulder":
        return _boulder(-6, 4, 0.9) + _boulder(9, -5, 0.8) if pair else _boulder(3, 0, 1.1)
    return _dagger(-38, 0.95) + _dagger(38, 0.95) if pair else _dagger(20)


def motif_attack(effect, digest=b"\0" * 8, weapon="blade", badge=False):
    """The weapon by the card's kind; one for a small attack, two for a middling one, two
    in a blaze for a great one (a badge draws one, plainly)."""
    size = "small" if badge else effect.size
    drawn = _weapons(weapon, pair=size != "small")
    blaze = ""
    if size == "large":
        spikes = 9 + digest[6] % 5
        turn = digest[7] / 256
        blaze = (_poly(_star(0, 0, 19, 10, spikes, turn), FIRE, "#a0320c", 0.8)
                 + _poly(_star(0, 0, 12, 6.5, spikes, turn + 0.3), FIRE_CORE, "none", 0))
    return (f'<g class="motif motif-attack motif-attack-{size} weapon-{weapon}">'
            f"{blaze}{drawn}</g>")


def motif_hit(effect):
    if effect.subject == "tower":
        base = _rect(-7, -14, 14, 28, STONE, STONE_DARK)
        crack = "M-2,-14 L2,-6 L-2,0 L3,7"
    else:
        base = _rects([(-15 + (5 if r % 2 else 0) + c * 10, -10 + r * 6, 10, 6)
                       for r in range(3) for c in range(3 if r % 2 == 0 else 2)], STONE, STONE_DARK)
        crack = "M-3,-10 L2,-4 L-2,1 L4,8"
    crack_line = (f'<path d="{crack}" fill="none" stroke="{STONE_DARK}" stroke-width="2" '
                  f'stroke-linejoin="round"/>')
    arrow = _poly([(13, -4), (19, -4), (19, 5), (22, 5), (16, 12), (10, 5), (13, 5)],
                  DANGER, "#5a0d08", 0.8)
    debris = _rects([(x, y, 2.5, 2.5) for x, y in ((-12, 13), (-6, 15), (1, 14))],
                    STONE, STONE_DARK, 0.5)
    return f'<g class="motif motif-hit">{base}{crack_line}{debris}{arrow}</g>'


def _resource_piece(resource, x, y, scale=1.0):
    fill, dark = RESOURCE_COLOURS.get(resource, (GOLD, GOLD_DARK))
    if resource == "bricks":
        shape = _rect(-5, -2.6, 10, 5.2, fill, dark)
    elif resource == "gems":
        shape = (_poly([(0, -6), (5, -1.5), (0, 6), (-5, -1.5)], fill, dark)
                 + _poly([(0, -6), (2, -1.5), (0, 6), (-2, -1.5)], "#bfe3ff", "none", 0,
                         ' fill-opacity=".6"'))
    elif resource == "recruits":
        shape = (f'<circle cx="0" cy="-4" r="2.6" fill="{fill}" stroke="{dark}" stroke-width=".8"/>'
                 f'<path d="M-4.5,5 Q-4.5,-1 0,-1 Q4.5,-1 4.5,5 Z" fill="{fill}" stroke="{dark}" '
                 f'stroke-width=".8"/>')
    else:
        shape = (f'<circle r="5" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
                 f'<circle r="2.6" fill="none" stroke="{GOLD_DARK}" stroke-width=".6"/>')
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})">{shape}</g>'


def _pile(resource):
    kinds = [resource] * 3 if resource in RESOURCE_COLOURS else ["bricks", "gems", "recruits"]
    spots = ((-8, 6), (8, 6), (0, -4))
    return "".join(_resource_piece(kind, x, y, 1.35) for kind, (x, y) in zip(kinds, spots))


def motif_stock(effect):
    sparkle = _poly(_star(13, -12, 5, 1.6, 4), FIRE_CORE, GOLD_DARK, 0.5)
    return f'<g class="motif motif-stock">{_pile(effect.subject)}{sparkle}</g>'


def motif_stock_loss(effect):
    arrow = _poly([(12, -14), (18, -14), (18, -5), (21, -5), (15, 2), (9, -5), (12, -5)],
                  DANGER, "#5a0d08", 0.8)
    return f'<g class="motif motif-stock-loss" opacity=".95">{_pile(effect.subject)}{arrow}</g>'


def _cog(fill, dark, teeth=10, outer=15, inner=11.5):
    points = []
    for i in range(teeth * 4):
        radius = outer if i % 4 in (1, 2) else inner
        angle = 2 * math.pi * i / (teeth * 4)
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    return (_poly(points, fill, dark, 1)
            + f'<circle r="5" fill="none" stroke="{dark}" stroke-width="2"/>')


def motif_production(effect):
    fill, dark = RESOURCE_COLOURS.get(effect.subject, (GOLD, GOLD_DARK))
    arrows = (f'<path d="M-17,8 A18,18 0 0 1 -8,-16" fill="none" stroke="{PARCHMENT}" '
              f'stroke-width="1.6"/>'
              + _poly([(-10, -19), (-5, -16), (-10, -13)], PARCHMENT, "none", 0))
    return f'<g class="motif motif-production">{_cog(fill, dark)}{arrows}</g>'


def motif_facility(effect):
    fill, dark = RESOURCE_COLOURS.get(effect.subject, (GOLD, GOLD_DARK))
    hall = (_rect(-12, -4, 24, 18, STONE, STONE_DARK)
            + _poly([(-15, -4), (0, -17), (15, -4)], fill, dark, 1)
            + f'<path d="M-4,14 V6 A4,4 0 0 1 4,6 V14 Z" fill="{WOOD}" stroke="{STONE_DARK}" '
            f'stroke-width=".8"/>')
    arrow = _poly([(15, 2), (20, -4), (25, 2), (22, 2), (22, 9), (18, 9), (18, 2)],
                  GOLD, GOLD_DARK, 0.7)
    return f'<g class="motif motif-facility">{hall}{arrow}</g>'


def motif_facility_loss(effect):
    fill, dark = RESOURCE_COLOURS.get(effect.subject, (GOLD, GOLD_DARK))
    hall = (_rect(-12, -4, 24, 18, STONE, STONE_DARK)
            + _poly([(-15, -4), (0, -17), (15, -4)], fill, dark, 1)
            + f'<path d="M-6,-10 L-1,-3 L-5,4 L1,13" fill="none" stroke="{STONE_DARK}" '
            f'stroke-width="2"/>')
    arrow = _poly([(17, -4), (21, -4), (21, 3), (24, 3), (19, 9), (14, 3), (17, 3)],
                  DANGER, "#5a0d08", 0.7)
    return f'<g class="motif motif-facility-loss">{hall}{arrow}</g>'


def motif_steal(effect):
    sack = ('<path d="M-9,-6 Q-16,4 -11,13 Q0,17 11,13 Q16,4 9,-6 Z" fill="#a8773e" '
            'stroke="#4a2e10" stroke-width="1"/>'
            '<path d="M-6,-7 L-9,-14 L0,-10 L9,-14 L6,-7 Z" fill="#a8773e" stroke="#4a2e10" '
            'stroke-width="1"/>'
            '<line x1="-8" y1="-7" x2="8" y2="-7" stroke="#4a2e10" stroke-width="1.6"/>')
    coins = "".join(f'<circle cx="{x}" cy="{y}" r="3.2" fill="{GOLD}" stroke="{GOLD_DARK}" '
                    f'stroke-width=".8"/>' for x, y in ((15, 10), (19, 5), (13, 3)))
    hook = (f'<path d="M-21,-2 Q-21,-16 -7,-16" fill="none" stroke="{PARCHMENT}" '
            f'stroke-width="1.6"/>' + _poly([(-8, -19), (-3, -16), (-8, -13)], PARCHMENT, "none", 0))
    return f'<g class="motif motif-steal">{sack}{coins}{hook}</g>'


def _card_shape(x, y, angle, fill=PARCHMENT, opacity=1.0):
    faded = f' opacity="{_n(opacity)}"' if opacity < 1 else ""
    return (f'<g transform="translate({_n(x)} {_n(y)}) rotate({_n(angle)})"{faded}>'
            + _rect(-7, -10, 14, 20, fill, STONE_DARK, 0.9, rx=1.6)
            + _rect(-5, -8, 10, 6, "#b9a77e", "none", 0)
            + "</g>")


def motif_summons(effect):
    glow = _poly(_star(0, 0, 17, 5, 4, 0.4), FIRE_CORE, GOLD_DARK, 0.6, ' fill-opacity=".85"')
    return f'<g class="motif motif-summons">{glow}{_card_shape(0, 2, 0)}' \
           f'{_poly(_star(9, -12, 5, 1.5, 4), "#fff6c2", GOLD_DARK, 0.4)}</g>'


def motif_discard(effect):
    cross = (f'<path d="M5,-4 L17,8 M17,-4 L5,8" stroke="{DANGER}" stroke-width="3" '
             f'stroke-linecap="round"/>')
    return (f'<g class="motif motif-discard">{_card_shape(-6, 0, -10)}'
            f'{_card_shape(9, 4, 28, opacity=0.75)}{cross}</g>')


def motif_replace(effect):
    arrows = (f'<path d="M-6,-15 A16,16 0 0 1 14,-8" fill="none" stroke="{PARCHMENT}" '
              f'stroke-width="1.8"/>' + _poly([(12, -12), (17, -6), (10, -5)], PARCHMENT, "none", 0)
              + f'<path d="M6,15 A16,16 0 0 1 -14,8" fill="none" stroke="{PARCHMENT}" '
              f'stroke-width="1.8"/>' + _poly([(-12, 12), (-17, 6), (-10, 5)], PARCHMENT, "none", 0))
    return (f'<g class="motif motif-replace">{_card_shape(-6, 0, -8)}'
            f'{_card_shape(6, 0, 8, fill="#d8e8ff")}{arrows}</g>')


def motif_reveal(effect):
    return ('<g class="motif motif-reveal">'
            f'<path d="M-18,0 Q0,-15 18,0 Q0,15 -18,0 Z" fill="{PARCHMENT}" stroke="{STONE_DARK}" '
            f'stroke-width="1"/><circle r="6.5" fill="{GEM}" stroke="{GEM_DARK}" stroke-width="1"/>'
            f'<circle r="2.8" fill="#101820"/><circle cx="-2" cy="-2" r="1.2" fill="#fff"/></g>')


def motif_rune(effect, digest=b"\0" * 8):
    sides = 3 + digest[0] % 4
    rotation = digest[1] * 360 / 256
    outer = [(15 * math.cos(2 * math.pi * i / sides), 15 * math.sin(2 * math.pi * i / sides))
             for i in range(sides)]
    return ('<g class="motif motif-rune">'
            f'<circle r="16" fill="none" stroke="{GOLD}" stroke-width="1.4"/>'
            f'<g transform="rotate({_n(rotation)})">{_poly(outer, "none", GOLD, 1.6)}</g>'
            f'<circle r="4" fill="{GOLD}"/></g>')


MOTIFS = {
    "attack": motif_attack, "hit": motif_hit, "build": None, "facility": motif_facility,
    "facility_loss": motif_facility_loss, "production": motif_production,
    "stock": motif_stock, "stock_loss": motif_stock_loss, "steal": motif_steal,
    "summons": motif_summons, "discard": motif_discard, "replace": motif_replace,
    "reveal": motif_reveal,
}


def motif(effect, digest, weapon="blade", badge=False):
    if effect is None:
        return motif_rune(None, digest)
    if effect.kind == "build":
        return motif_tower(effect) if effect.subject == "tower" else motif_wall(effect)
    if effect.kind == "attack":
        return motif_attack(effect, digest, weapon, badge)
    return MOTIFS[effect.kind](effect)


# --------------------------------------------------------------------------- the name's emblem
# A card's name says what it is (Wind, Battering ram, Gate): its first word that names a
# thing below gets that thing's emblem, drawn large and pale opposite the motif, so that
# cards of one cost and one main effect still look different at a glance. Each emblem is one
# path around (0, 0) within about 14 units each way ("f": filled, "s": a line).
EMBLEMS = {
    "swirl": ("s", "M-12,-4C-6,-14 10,-12 9,-2S-4,6 -5,0S2,-6 4,-2M-14,6C-4,2 6,12 14,4"),
    "arch": ("f", "M-12,13V-2A12,12 0 0 1 12,-2V13H6V0A6,6 0 0 0 -6,0V13Z"),
    "ram": ("f", "M-14,-3H8V3H-14ZM8,-6A6,6 0 1 1 8,6ZM-10,-8L-7,-3M-2,-8L1,-3"),
    "wolf": ("f", "M-11,-12L-5,-3H5L11,-12L12,2L0,13L-12,2Z"),
    "helmet": ("f", "M-11,6A11,13 0 0 1 11,6V10H3V2H-3V10H-11Z"),
    "hat": ("f", "M-14,10H14L6,6L2,-13L-7,5Z"),
    "leaf": ("f", "M-12,12C-13,-4 -2,-13 13,-13C12,2 4,12 -12,12ZM-12,12L4,-4"),
    "pick": ("f", "M-13,-6C-4,-13 4,-13 13,-6C4,-9 -4,-9 -13,-6ZM-1,-10H1L2,13H-2Z"),
    "skull": ("f", "M-10,-1A10,10 0 1 1 10,-1V5H5V11H-5V5H-10ZM-6,-2A3,3 0 1 0 -6,-1.9ZM6,-2A3,3 0 1 0 6,-1.9Z"),
    "ghost": ("f", "M-10,13V-2A10,10 0 0 1 10,-2V13L5,9L0,13L-5,9Z"),
    "wings": ("f", "M0,2C-6,-10 -14,-12 -14,-4C-14,2 -8,6 0,6C8,6 14,2 14,-4C14,-12 6,-10 0,2Z"),
    "horns": ("f", "M-12,-13C-12,-2 -6,4 0,4C6,4 12,-2 12,-13C8,-5 4,-3 0,-3C-4,-3 -8,-5 -12,-13ZM-7,6H7L0,14Z"),
    "flame": ("f", "M0,-14C6,-6 11,-1 9,6C7,12 -7,12 -9,6C-11,0 -4,-4 -3,-9C-1,-5 2,-4 0,-14Z"),
    "flake": ("s", "M0,-13V13M-11,-6.5L11,6.5M-11,6.5L11,-6.5M-3,-10L0,-7L3,-10M-3,10L0,7L3,10"),
    "tree": ("f", "M0,-14L11,2H5L12,10H2V14H-2V10H-12L-5,2H-11Z"),
    "crystal": ("f", "M0,-14L9,-4L5,13H-5L-9,-4Z"),
    "coins": ("f", "M-10,8A10,3.5 0 1 0 10,8V2A10,3.5 0 1 0 -10,2ZM-6,-4A8,3 0 1 0 10,-4V-9A8,3 0 1 0 -6,-9Z"),
    "sail": ("f", "M-2,-14V6H-13ZM2,-12C10,-6 12,0 12,6H2ZM-14,9H14L10,14H-10Z"),
    "shoe": ("s", "M-9,12V0A9,9 0 0 1 9,0V12"),
    "turret": ("f", "M-9,14V-6H-12V-13H-7V-9H-3V-13H3V-9H7V-13H12V-6H9V14Z"),
    "sun": ("f", "M0,-6A6,6 0 1 1 0,6A6,6 0 1 1 0,-6ZM-1,-14H1V-9H-1ZM-1,9H1V14H-1ZM-14,-1V1H-9V-1ZM9,-1V1H14V-1Z"),
    "moon": ("f", "M4,-13A13,13 0 1 0 4,13A10,10 0 1 1 4,-13Z"),
    "star": ("f", "M0,-14L4,-4L14,-4L6,3L9,13L0,7L-9,13L-6,3L-14,-4L-4,-4Z"),
    "drop": ("f", "M0,-14C6,-4 10,1 10,5A10,10 0 0 1 -10,5C-10,1 -6,-4 0,-14Z"),
    "mountain": ("f", "M-14,12L-5,-6L0,2L5,-12L14,12Z"),
    "book": ("f", "M-13,-10C-7,-12 -3,-11 -1,-8V12C-4,9 -8,9 -13,11ZM13,-10C7,-12 3,-11 1,-8V12C4,9 8,9 13,11Z"),
    "crown": ("f", "M-13,10V-8L-6,0L0,-12L6,0L13,-8V10Z"),
    "shield": ("f", "M0,-13L12,-8C12,3 7,10 0,14C-7,10 -12,3 -12,-8Z"),
    "paw": ("f", "M-6,4A6,5 0 1 0 6,4A6,5 0 1 0 -6,4ZM-11,-4A3,3.5 0 1 0 -11,-3.9ZM-4,-10A3,3.5 0 1 0 -4,-9.9ZM4,-10A3,3.5 0 1 0 4,-9.9ZM11,-4A3,3.5 0 1 0 11,-3.9Z"),
    "serpent": ("s", "M-13,10C-13,0 -3,2 -3,-4S-11,-12 -4,-13C4,-14 12,-8 6,-2S1,10 13,10"),
    "web": ("s", "M0,-14V14M-14,0H14M-10,-10L10,10M-10,10L10,-10M-5,-5H5V5H-5ZM-10,-8L10,-8L10,8L-10,8Z"),
    "bird": ("f", "M-14,-6C-8,-6 -3,-2 0,4C3,-2 8,-6 14,-6C9,-2 4,4 0,12C-4,4 -9,-2 -14,-6Z"),
    "flask": ("f", "M-3,-14H3V-5L11,10C12,12 11,14 9,14H-9C-11,14 -12,12 -11,10L-3,-5Z"),
    "note": ("f", "M-2,-13H10V-8H2V7A5,4 0 1 1 -2,4Z"),
    "hammer": ("f", "M-12,-12H6V-4H-12ZM-2,-4H2V14H-2Z"),
    "wheat": ("s", "M0,14V-13M0,-8L-5,-12M0,-8L5,-12M0,-2L-6,-6M0,-2L6,-6M0,4L-6,0M0,4L6,0"),
    "hourglass": ("f", "M-10,-14H10V-11L2,0L10,11V14H-10V11L-2,0L-10,-11Z"),
    "fist": ("f", "M-9,-8H9V6L5,13H-5L-9,6ZM-9,-8V-12H-3V-8M-3,-12H3V-8M3,-12H9V-8"),
}
# Words of card names (their stems) and the emblem each calls up.
EMBLEM_WORDS = {
    "swirl": ("wind", "storm", "air", "breeze", "gale", "tornado", "cyclone", "whirl", "tempest"),
    "arch": ("gate", "door", "portal", "arch", "passage", "entrance"),
    "ram": ("ram", "battering", "siege", "catapult", "ballista", "trebuchet"),
    "wolf": ("wolf", "wolves", "hound", "jackal", "fox", "warg"),
    "helmet": ("knight", "soldier", "guard", "warrior", "militia", "legion", "army", "troop",
               "infantry", "pikeman", "swordsman", "veteran", "recruit", "mercenar", "squire",
               "captain", "general", "archer", "crossbow"),
    "hat": ("mage", "wizard", "sorcer", "witch", "warlock", "magician", "enchant", "conjur",
            "apprentice", "shaman", "druid"),
    "leaf": ("elf", "elven", "fairy", "faerie", "sprite", "pixie", "nymph", "dryad", "nature"),
    "pick": ("dwar", "miner", "mine", "quarry", "dig", "tunnel", "excavat"),
    "skull": ("skeleton", "skull", "bone", "undead", "lich", "necro", "death", "grave", "tomb",
              "zombie", "corpse", "plague", "doom"),
    "ghost": ("ghost", "spirit", "soul", "phantom", "wraith", "spectr", "specter", "banshee",
              "shade", "haunt", "emissary"),
    "wings": ("angel", "holy", "heaven", "saint", "priest", "paladin", "divine", "blessing",
              "prayer", "temple", "cleric", "monk", "pegasus"),
    "horns": ("demon", "devil", "hell", "infernal", "imp", "fiend", "minotaur", "satyr"),
    "flame": ("fire", "flame", "burn", "blaze", "inferno", "phoenix", "lava", "volcan", "ember",
              "pyro", "ash", "alastor"),
    "flake": ("ice", "frost", "snow", "cold", "winter", "glacier", "freez", "blizzard"),
    "tree": ("tree", "forest", "wood", "grove", "treant", "oak", "jungle", "thorn", "garden"),
    "crystal": ("crystal", "gem", "diamond", "jewel", "prism", "ruby", "emerald", "sapphire",
                "amethyst", "quartz", "pearl", "lotus"),
    "coins": ("gold", "coin", "treasure", "thief", "bandit", "merchant", "tax", "trade",
              "burglar", "rogue", "rich", "wealth", "market", "bank", "loot", "tribute"),
    "sail": ("ship", "sea", "pirate", "sail", "harbo", "boat", "fleet", "navy", "ocean"),
    "shoe": ("horse", "cavalry", "rider", "unicorn", "centaur", "steed", "charge"),
    "turret": ("castle", "fortress", "keep", "citadel", "tower", "bastion", "fort", "stronghold",
               "laputa", "palace"),
    "sun": ("sun", "dawn", "light", "day", "solar", "radian", "shine", "bright"),
    "moon": ("moon", "night", "dark", "shadow", "lunar", "eclipse", "dusk", "vampire", "bat"),
    "star": ("star", "astral", "celestial", "comet", "meteor", "cosm", "sky", "heroic"),
    "drop": ("water", "river", "rain", "flood", "lake", "wave", "aqua", "tide", "spring", "well",
             "fountain", "swamp", "mermaid"),
    "mountain": ("mountain", "rock", "stone", "earth", "quake", "boulder", "cliff", "hill",
                 "golem", "giant", "titan", "valley", "canyon"),
    "book": ("book", "library", "scroll", "scholar", "school", "academy", "tome", "rune", "lore",
             "sage", "knowledge", "study", "research", "architect", "order", "guild"),
    "crown": ("crown", "king", "queen", "lord", "royal", "emperor", "prince", "throne", "empire",
              "noble", "duke", "baron", "ruler"),
    "shield": ("shield", "defen", "protect", "armo", "bulwark", "aegis", "ward", "fortif",
               "barrier", "wall", "rampart", "reinforce"),
    "paw": ("beast", "bear", "lion", "tiger", "griffin", "monster", "wild", "boar", "panther",
            "troll", "ogre", "goblin", "orc", "kobold", "rat"),
    "serpent": ("snake", "serpent", "hydra", "wyrm", "worm", "basilisk", "naga", "dragon",
                "drake", "wyvern"),
    "web": ("spider", "web", "net", "trap", "snare"),
    "bird": ("bird", "eagle", "hawk", "raven", "crow", "owl", "harpy", "falcon", "roc", "dove"),
    "flask": ("potion", "alchem", "elixir", "brew", "poison", "venom", "tonic", "acid"),
    "note": ("music", "song", "bard", "aria", "harp", "choir", "melod", "hymn", "drum", "lute"),
    "hammer": ("hammer", "smith", "forge", "anvil", "craft", "builder", "mason", "work",
               "engineer", "construct", "factory", "improvement"),
    "wheat": ("farm", "harvest", "grain", "field", "peasant", "village", "crop", "mill",
              "bread", "feast"),
    "hourglass": ("time", "clock", "hour", "age", "era", "eternal", "duplicat"),
    "fist": ("fist", "fight", "brawl", "strike", "punch", "rage", "berserk", "fury", "riot",
             "rebel", "outnumber", "rescue"),
}
_EMBLEM_OF_WORD = sorted(((stem, emblem) for emblem, stems in EMBLEM_WORDS.items()
                          for stem in stems), key=lambda t: -len(t[0]))
_EMBLEM_NAMES = sorted(EMBLEMS)


def emblem_of(name, digest):
    """The emblem of a card's name: that of its first word naming a thing (the longest stem
    first: "wolves" before "wol"), else one picked by the card's hash."""
    for word in (name or "").lower().replace("-", " ").split():
        for stem, emblem in _EMBLEM_OF_WORD:
            if word.startswith(stem):
                return emblem
    return _EMBLEM_NAMES[digest[9] % len(_EMBLEM_NAMES)]


def _emblem(kind, x, y, scale, angle):
    paint, d = EMBLEMS[kind]
    style = ('fill="#fff" fill-opacity=".34"' if paint == "f"
             else 'fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="2.6" '
                  'stroke-linecap="round"')
    return (f'<path class="emblem emblem-{kind}" transform="translate({_n(x)} {_n(y)}) '
            f'rotate({_n(angle)}) scale({_n(scale)})" d="{d}" {style}/>')


# Where the motif and the emblem stand: one of a few layouts, by the card's hash.
_LAYOUTS = (  # (motif x, motif y, motif scale), (emblem x, emblem y, emblem scale)
    ((34, 31, 1.05), (77, 26, 1.35)),
    ((66, 31, 1.05), (23, 26, 1.35)),
    ((50, 33, 1.0), (50, 27, 2.05)),
    ((38, 34, .95), (74, 22, 1.0)),
    ((62, 34, .95), (26, 22, 1.0)),
)


def _horizon(digest):
    """A low landscape across the picture's foot, its hills set by the card's hash: a large
    shape of its own for each card."""
    peaks = 3 + digest[10] % 4
    points = [(0, 60), (0, 46 + digest[11] % 8)]
    for i in range(peaks):
        x = (i + .5) * 100 / peaks + (digest[12 + i] % 11) - 5
        points.append((x, 36 + digest[16 + i] % 14))
    points += [(100, 44 + digest[13] % 10), (100, 60)]
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    return f'<polygon class="horizon" points="{pts}" fill="#000" fill-opacity=".22"/>'


# --------------------------------------------------------------------------- keyword textures
# Each mark is a piece of one path's "d" (one element per texture keeps the markup small).
def _tex_scales(x, y):
    return f"M{_n(x - 3)},{_n(y)}a3,3 0 0 0 6,0"


def _tex_waves(x, y):
    return f"M{_n(x - 5)},{_n(y)}q2.5,-2.5 5,0t5,0"


def _tex_flames(x, y):
    return f"M{_n(x)},{_n(y - 4)}q3,3 1.5,5q-1.5,1 -3,0q-1,-2 1.5,-5z"


def _tex_leaves(x, y):
    return f"M{_n(x - 3)},{_n(y + 2)}q1,-5 6,-4q-1,5 -6,4z"


def _tex_stars(x, y):
    return "M" + "L".join(f"{_n(px)},{_n(py)}" for px, py in _star(x, y, 2.6, 1, 4)) + "z"


def _tex_crosses(x, y):
    return f"M{_n(x - 2)},{_n(y - 2)}l4,4m0,-4l-4,4"


def _tex_plus(x, y):
    return f"M{_n(x - 2.5)},{_n(y)}h5m-2.5,-2.5v5"


def _tex_chevrons(x, y):
    return f"M{_n(x - 3)},{_n(y + 1.5)}l3,-3l3,3"


def _circle_d(x, y, r):
    return f"M{_n(x - r)},{_n(y)}a{r},{r} 0 1 0 {_n(2 * r)},0a{r},{r} 0 1 0 {_n(-2 * r)},0"


def _tex_coins(x, y):
    return _circle_d(x, y, 1.8)


def _tex_dashes(x, y):
    return f"M{_n(x - 4)},{_n(y + 1)}l8,-2"


def _tex_peaks(x, y):
    return f"M{_n(x - 3.5)},{_n(y + 2)}l3.5,-4.5l3.5,4.5"


def _tex_runes(x, y):
    return f"M{_n(x - 1.5)},{_n(y - 3)}v6l3,-3v-3"


def _tex_notes(x, y):
    return f"M{_n(x + 1.2)},{_n(y + 1.5)}v-5.5l2.5,1" + _circle_d(x, y + 1.8, 1.3)


def _tex_rings(x, y):
    return _circle_d(x, y, 2.6)


TEXTURES = {
    "scales": _tex_scales, "waves": _tex_waves, "flames": _tex_flames, "leaves": _tex_leaves,
    "stars": _tex_stars, "crosses": _tex_crosses, "plus": _tex_plus, "chevrons": _tex_chevrons,
    "coins": _tex_coins, "dashes": _tex_dashes, "peaks": _tex_peaks, "runes": _tex_runes,
    "notes": _tex_notes, "rings": _tex_rings,
}
# Filled shapes; the others are lines.
_FILLED = {"flames", "leaves", "stars", "coins"}
KEYWORD_TEXTURE = {
    "Dragon": "scales", "Beast": "scales", "Aqua": "waves", "Burning": "flames",
    "Flare blitz": "flames", "Destruction": "crosses", "Nature": "leaves",
    "Restoration": "plus", "Holy": "stars", "Mage": "stars", "Legend": "stars",
    "Illusion": "rings", "Rebirth": "rings", "Aria": "notes", "Undead": "crosses",
    "Cursed": "crosses", "Forbidden": "crosses", "Demonic": "flames", "Unliving": "runes",
    "Runic": "runes", "Soldier": "chevrons", "Horde": "chevrons", "Barbarian": "chevrons",
    "Charge": "chevrons", "Frenzy": "chevrons", "Skirmisher": "chevrons", "Siege": "peaks",
    "Titan": "peaks", "Brigand": "coins", "Alliance": "coins", "Far sight": "rings",
    "Quick": "dashes", "Swift": "dashes", "Banish": "dashes", "Durable": "runes",
    "Enduring": "runes",
}


def texture_of(keyword):
    kind = KEYWORD_TEXTURE.get(keyword)
    if kind is None:  # a keyword added later: a texture of its own, fixed by its name
        names = sorted(TEXTURES)
        kind = names[sum(map(ord, keyword)) % len(names)]
    return kind


def _texture(keywords, digest):
    """A scatter of small marks for the first two keywords, kept off the motif's centre."""
    if not keywords:
        return ""
    kinds = [texture_of(k) for k in keywords[:2]]
    marks = {kind: [] for kind in kinds}
    for i in range(12):
        x = 6 + (i % 6) * 17.6 + (digest[8 + i] % 9) - 4
        y = 9 + (i // 6) * 42 + (digest[20 + i % 10] % 7) - 3
        marks[kinds[i % len(kinds)]].append(TEXTURES[kinds[i % len(kinds)]](x, y))
    groups = []
    for kind, items in marks.items():
        paint = ('fill="#fff"' if kind in _FILLED
                 else 'fill="none" stroke="#fff" stroke-width="1" stroke-linecap="round"')
        groups.append(f'<path class="texture texture-{kind}" d="{"".join(items)}" {paint} '
                      f'opacity=".28"/>')
    return "".join(groups)


# --------------------------------------------------------------------------- frame
def _frame(rank, cost, centre=CENTRE):
    """Rarity: common plain, uncommon a silver inner line, rare gold corners and rays.
    The halo behind the motif (at ``centre``) grows with the total cost."""
    cx, cy = centre
    halo_r = 15 + min(cost, 60) / 6
    parts = [f'<circle class="halo" cx="{cx}" cy="{cy}" r="{_n(halo_r)}" fill="#fff" '
             f'fill-opacity="{_n(0.1 + 0.05 * max(rank, 0))}"/>']
    if rank >= 2:
        rays = "".join(f"M{cx},{cy}L{_n(cx + 60 * math.cos(a))},{_n(cy + 60 * math.sin(a))}"
                       for a in (2 * math.pi * i / 16 for i in range(16)))
        parts.insert(0, f'<path class="rays" d="{rays}" stroke="{GOLD}" stroke-width="2.2" '
                        f'stroke-opacity=".16"/>')
        corners = "".join(f"M{_n(x)},{_n(y)}h{_n(7 * sx)}L{_n(x)},{_n(y + 7 * sy)}z"
                          for x, y, sx, sy in ((1.5, 1.5, 1, 1), (98.5, 1.5, -1, 1),
                                               (1.5, 58.5, 1, -1), (98.5, 58.5, -1, -1)))
        corners = f'<path d="{corners}" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".5"/>'
        parts.append(f'<g class="frame frame-rare"><rect x="1.5" y="1.5" width="97" height="57" '
                     f'fill="none" stroke="{GOLD}" stroke-width="1.2"/>{corners}</g>')
    elif rank == 1:
        parts.append('<g class="frame frame-uncommon"><rect x="2" y="2" width="96" height="56" '
                     'rx="2" fill="none" stroke="#e4e9f0" stroke-opacity=".75" '
                     'stroke-width="1"/></g>')
    else:
        parts.append('<g class="frame frame-common"></g>')
    return "".join(parts)


# --------------------------------------------------------------------------- background
def _background(card, digest):
    cost = {"bricks": getattr(card, "bricks", 0), "gems": getattr(card, "gems", 0),
            "recruits": getattr(card, "recruits", 0)}
    paid = [res for res in ("bricks", "gems", "recruits") if cost[res]]
    jitter = digest[2] % 17 - 8
    angle = 120 + digest[3] % 60
    if not paid:  # free cards (and concepts without a cost): stone
        stops = [f"hsl({38 + jitter} 14% 46%)", f"hsl({30 + jitter} 12% 24%)"]
    elif len(paid) == 1:
        hue = RESOURCE_HUE[paid[0]] + jitter
        stops = [f"hsl({hue} 46% 38%)", f"hsl({hue + 8} 44% 19%)"]
    else:
        stops = [f"hsl({RESOURCE_HUE[res] + jitter} 44% {37 - 8 * i}%)"
                 for i, res in enumerate(paid)]
    return f"background: linear-gradient({angle}deg, {', '.join(stops)})"


def _badge(effect, digest, weapon, other_corner=False):
    """A further effect, small, in a dark disc in a lower corner (the second effect in the
    corner the card's hash picks, a third one in the other)."""
    if effect is None:
        return ""
    x = 14 if (digest[4] % 2) != other_corner else 86
    inner = motif(effect, digest, weapon, badge=True)
    return (f'<g class="badge" transform="translate({x} 45)">'
            f'<circle r="11" fill="#000" fill-opacity=".35" stroke="#fff" stroke-opacity=".5" '
            f'stroke-width=".8"/><g transform="scale(.45)">{inner}</g></g>')


def drawing(card):
    """(main motif, emblem, the wrapper's background style, the inside of the <svg>) of a
    card: drawn once, then put inline, in a file or linked (the functions below)."""
    digest = hashlib.sha256(f"marcomage-card-{card.id}".encode()).digest()
    effects = effects_of(card)
    main = effects[0] if effects else None
    second = effects[1] if len(effects) > 1 else None
    third = effects[2] if len(effects) > 2 else None
    rank = getattr(card, "rank", 0)
    cost = (getattr(card, "bricks", 0) + getattr(card, "gems", 0)
            + getattr(card, "recruits", 0))
    tilt = (digest[5] % 13) - 6
    keywords = tuple(getattr(card, "keywords", ()) or ())
    kind = main.kind if main else "rune"
    weapon = weapon_of(card)
    emblem = emblem_of(getattr(card, "name", ""), digest)
    (mx, my, ms), (ex, ey, es) = _LAYOUTS[digest[14] % len(_LAYOUTS)]
    emblem_tilt = (digest[15] % 31) - 15
    inside = (
        f"{_texture(keywords, digest)}{_horizon(digest)}{_frame(rank, cost, (mx, my))}"
        f"{_emblem(emblem, ex, ey, es, emblem_tilt)}"
        f'<g transform="translate({mx} {my}) rotate({tilt}) scale({_n(ms)})">'
        f"{motif(main, digest, weapon)}</g>"
        f"{_badge(second, digest, weapon)}{_badge(third, digest, weapon, other_corner=True)}"
    )
    return kind, emblem, _background(card, digest), inside


# The background is a CSS gradient on the wrapper (not an SVG <linearGradient>) so the same
# card drawn twice on a page needs no element ids.
_WRAPPER = '<div class="card-art card-art--drawn" data-motif="{}" data-emblem="{}" style="{}">'


def card_picture(card, drawn=None):
    """The picture of a card (or of anything with its attributes: concepts pass id,
    keywords and rank only) as safe markup: a wrapper with the background, an inline SVG.
    ``drawn``: the card's drawing() when the caller has it already."""
    kind, emblem, background, inside = drawn or drawing(card)
    return mark_safe(
        _WRAPPER.format(kind, emblem, background)
        + '<svg class="card-art-svg" viewBox="0 0 100 60" aria-hidden="true" focusable="false">'
        + f"{inside}</svg></div>"
    )


def card_picture_document(drawn):
    """A drawing()'s SVG as a file of its own (decks.views_art serves the catalogue's): the
    same as card_picture's, without the wrapper's background."""
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">{drawn[3]}</svg>'


def card_picture_linked(drawn, url):
    """A drawing() as card_picture's wrapper around an <img> of its file at ``url``.

    Why: a catalogue card's drawing is the same for everyone and never changes between
    deploys, so browsers keep the file; inline, every page carried it again (the deck
    builder's pool: 3.1 MB and 20,000 of its 37,600 elements, which every layout, hit test
    and screen reader walked). Loaded lazily: a long list fetches what comes into view."""
    kind, emblem, background, _ = drawn
    return mark_safe(
        _WRAPPER.format(kind, emblem, background)
        + f'<img class="card-art-svg" src="{escape(url)}" alt="" width="100" height="60"'
        ' loading="lazy" decoding="async"></div>'
    )
