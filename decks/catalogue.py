"""The web side's view of the engine's card catalogue.

Cards are code, not rows: everything here is derived from ``games.engine`` once per
process (the catalogue cannot change while the process runs) and cached. Nothing
in this module touches the database.

A proposed card of the card lab (an id from ``engine.FIRST_CUSTOM_ID`` up, in a playtest's
hands and history) is in no catalogue: the games that hold it carry its definition, and the
card lab keeps each definition under its id for good. The lab hands this module its lookup
when the apps load (``set_proposed_cards``, from concepts.apps), so a card's face is drawn
by its id wherever it appears; a bounded number of those faces is kept.
"""
import hashlib
from dataclasses import dataclass
from functools import cache, lru_cache

from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import slugify

from games import engine
from marcomage.plumbing.imported_art import art_url, imported

from .card_pictures import card_picture, card_picture_document, card_picture_linked, drawing

RARITIES = ("Common", "Uncommon", "Rare")
SECTION_OF_RARITY = {"Common": "common", "Uncommon": "uncommon", "Rare": "rare"}
RARITY_OF_SECTION = {v: k for k, v in SECTION_OF_RARITY.items()}
SECTIONS = ("common", "uncommon", "rare")

COST_CLASSES = (
    ("bricks", "Bricks only"),
    ("gems", "Gems only"),
    ("recruits", "Recruits only"),
    ("mixed", "Mixed"),
    ("zero", "Free (zero cost)"),
)
# The advanced filter: what a card's effect does, as the engine reads it from the card's
# definition (games/engine/cards/effect_tags.py): (key, label, description).
EFFECT_CLASSES = tuple((key, label) for key, label, _text in engine.EFFECT_TAGS)
EFFECT_DESCRIPTIONS = {key: text for key, _label, text in engine.EFFECT_TAGS}


# The same choices in groups, for the filter's drop-down.
_GROUP_OF_TAG = {
    **dict.fromkeys(("attack", "discard", "replace", "reveal", "summons", "evoke", "steal",
                     "production", "persistent"), "What it does"),
    **dict.fromkeys(("wall_plus", "wall_minus", "tower_plus", "tower_minus", "facilities_plus",
                     "facilities_minus", "quarry_plus", "quarry_minus", "magic_plus",
                     "magic_minus", "dungeon_plus", "dungeon_minus"), "Buildings"),
}
EFFECT_GROUPS = tuple(
    (group, tuple((key, label, EFFECT_DESCRIPTIONS[key]) for key, label in EFFECT_CLASSES
                  if _GROUP_OF_TAG.get(key, "Resources") == group))
    for group in ("What it does", "Buildings", "Resources"))


def effect_labels(card_def):
    """The labels of what a card's effect does, in the filter's order."""
    tags = engine.effect_tags(card_def)
    return [label for key, label in EFFECT_CLASSES if key in tags]


@dataclass(frozen=True)
class KeywordFace:
    name: str
    param: int | None
    slug: str
    insignia: str  # static URL of the keyword's SVG insignia
    description: str = ""  # what the keyword does (the engine's keyword text)

    @property
    def label(self):
        return f"{self.name} ({self.param})" if self.param is not None else self.name

    @property
    def hint(self):
        """Name and description in one line: the tooltip of an insignia or a name."""
        return f"{self.label}: {self.description}" if self.description else self.label


@dataclass(frozen=True)
class CardFace:
    """What the card component needs to draw one card (immutable, shared by all viewers)."""

    id: int
    name: str
    rarity: str  # "Common"/"Uncommon"/"Rare"; "" for the Empty card
    rarity_class: str  # CSS modifier
    bricks: int
    gems: int
    recruits: int
    level: int
    modes: int
    keywords: tuple
    text: str
    implemented: bool
    forbidden: bool
    created: str
    modified: str
    art: str  # the picture: imported <img> or our inline SVG (safe markup, decks/card_art.py)
    art_file: str  # the same picture for long lists: ours as an <img> of its file (card_art_file)

    @property
    def is_empty(self):
        return self.id == 0

    @property
    def is_free(self):
        return not (self.bricks or self.gems or self.recruits)

    @property
    def section(self):
        return SECTION_OF_RARITY.get(self.rarity, "")


def keyword_slug(name):
    return slugify(name)


@cache
def keyword_face(name, param):
    slug = keyword_slug(name)
    try:
        description = engine.keyword(name).text
    except engine.EngineError:
        description = ""
    return KeywordFace(name, param, slug, static(f"img/keywords/{slug}.svg"), description)


def emblem_svg(card):
    """The generated picture of a card (decks/card_pictures.py); concepts use it too."""
    return card_picture(card)


def imported_card_picture(card_id):
    """The markup of a card's imported picture (decks/card_art.py imports them), or "" when
    it has none."""
    name = imported()["cards"].get(card_id)
    if not name:
        return ""
    return format_html(
        '<div class="card-art card-art--picture"><img src="{}" alt="" width="200" height="120" '
        'loading="lazy" decoding="async"></div>', art_url(name))


def card_art(c):
    """A card's picture: the imported one if an administrator imported it, else ours inline."""
    if engine.is_custom_card(c.id):
        return card_picture(c)
    return imported_card_picture(c.id) or card_picture(c, _catalogue_drawing(c.id))


def card_art_file(c):
    """card_art for pages that list many cards (the deck builder, the cards section): a
    catalogue card's own picture as an <img> of its file (picture_file), which browsers keep.

    Not for the board: a new browser's first game then asked for some 90 pictures, which cost
    the load harness 10-20 % of its moves at think 0 (docs/performance.md). Inline there;
    linked where hundreds of drawings made the page (the builder's pool: 3.1 MB, 20,000 of its
    37,600 elements). A proposed card's picture stays inline (it changes with its concept)."""
    if imported_card_picture(c.id) or engine.is_custom_card(c.id):
        return card_art(c)
    _, version = picture_file(c.id)
    return card_picture_linked(_catalogue_drawing(c.id),
                               reverse("decks:card_picture", args=[c.id, version]))


@cache
def _catalogue_drawing(cid):
    """A catalogue card's drawing, made once for its inline picture, its file and its link."""
    return drawing(engine.card(cid))


@cache
def picture_file(cid):
    """(the SVG document, its version) of catalogue card ``cid``'s generated picture; the
    version, a digest of the document, is in the file's address, so a changed drawing gets
    a new one. Raises engine.EngineError for the empty card and unknown ids."""
    if cid == 0 or engine.is_custom_card(cid):
        raise engine.EngineError("unknown_card", f"no catalogue picture for {cid!r}")
    document = card_picture_document(_catalogue_drawing(cid))
    return document, hashlib.sha256(document.encode()).hexdigest()[:12]


# ------------------------------------------------------------------ proposed cards
PROPOSED_FACES = 256  # the faces of proposed cards kept (the latest drawn)
_proposed_cards = None  # card id -> the engine's CardDef or None (concepts.apps installs it)


def set_proposed_cards(lookup):
    """Install ``lookup(card_id)``: the engine's CardDef of the proposed card ``card_id``
    (the card lab's), or None when there is none."""
    global _proposed_cards
    _proposed_cards = lookup
    _proposed_face.cache_clear()


def card_def(cid):
    """The engine's CardDef of a card the site shows by id: a catalogue card (0 = Empty) or
    a proposed card of the card lab. Raises engine.EngineError if there is none."""
    if engine.is_custom_card(cid):
        c = _proposed_cards(cid) if _proposed_cards is not None else None
        if c is None:
            raise engine.EngineError("unknown_card", f"no card with id {cid!r}")
        return c
    return engine.card(cid)


def card_face(cid):
    """The CardFace of card ``cid`` (0 = Empty; a proposed card's too). Raises
    engine.EngineError if unknown."""
    if engine.is_custom_card(cid):
        return _proposed_face(cid)
    return _catalogue_face(cid)


def _clear_faces():
    _catalogue_face.cache_clear()
    _proposed_face.cache_clear()


card_face.cache_clear = _clear_faces  # (after an import of pictures; in tests)


@cache
def _catalogue_face(cid):
    return _face(engine.card(cid))


@lru_cache(maxsize=PROPOSED_FACES)
def _proposed_face(cid):
    return _face(card_def(cid))


def _face(c):
    keywords = tuple(keyword_face(name, c.kw_param.get(name)) for name in c.keywords)
    empty = c.id == 0
    return CardFace(
        id=c.id,
        name=c.name,
        rarity="" if empty else c.rarity,
        rarity_class="empty" if empty else c.rarity.lower(),
        bricks=c.bricks,
        gems=c.gems,
        recruits=c.recruits,
        level=c.level,
        modes=c.modes,
        keywords=keywords,
        text=c.text,
        implemented=bool(c.implemented),
        forbidden=bool(c.forbidden),
        created=c.created,
        modified=c.modified,
        art="" if empty else card_art(c),
        art_file="" if empty else card_art_file(c),
    )


def face_of(value):
    """Coerce what callers hold (CardFace, CardDef, id, dict with "id", None) to a CardFace.

    None means a face-down card and returns None.
    """
    if value is None or isinstance(value, CardFace):
        return value
    if isinstance(value, dict):
        value = value.get("id")
    elif not isinstance(value, int):
        value = getattr(value, "id", value)
    try:
        return card_face(int(value))
    except (engine.EngineError, TypeError, ValueError):
        return card_face(0)


# ------------------------------------------------------------------ filters and indexes
SORTS = (
    ("name", "Name"),
    ("cost", "Total cost"),
    ("rarity", "Rarity"),
    ("level", "Level"),
    ("created", "Created"),
    ("modified", "Modified"),
)
_SORT_KEYS = {
    "name": lambda c: (c.name.lower(), c.id),
    "cost": lambda c: (c.total_cost, c.name.lower()),
    "rarity": lambda c: (c.rank, c.name.lower()),
    "level": lambda c: (c.level, c.name.lower()),
    "created": lambda c: (c.created, c.name.lower()),
    "modified": lambda c: (c.modified, c.name.lower()),
}


@dataclass(frozen=True)
class CardFilters:
    """A validated, hashable set of filter choices (the same for the pool and the cards list)."""

    rarity: str = ""  # "Common"/"Uncommon"/"Rare" or "" (all)
    keyword: str = ""  # a keyword name, "any", "none" or ""
    cost: str = ""  # a COST_CLASSES key or ""
    effect: str = ""  # an EFFECT_CLASSES key (an engine effect tag) or ""
    support: str = ""  # a keyword name, "any", "none" or ""
    created: str = ""  # YYYY-MM-DD or ""
    modified: str = ""
    level: str = ""  # "0".."10" or "" (cards section only)
    name: str = ""  # substring
    sort: str = "name"
    descending: bool = False

    @property
    def active(self):
        return any((self.rarity, self.keyword, self.cost, self.effect, self.support,
                    self.created, self.modified, self.level, self.name))


@cache
def keyword_names():
    return tuple(k.name for k in engine.all_keywords())


@cache
def created_dates():
    return tuple(sorted({c.created for c in engine.all_cards()}, reverse=True))


@cache
def modified_dates():
    return tuple(sorted({c.modified for c in engine.all_cards()}, reverse=True))


@cache
def levels():
    return tuple(sorted({c.level for c in engine.all_cards()}))


def clean_filters(params):
    """CardFilters from request parameters; unknown values are dropped, never an error."""
    def pick(key, allowed):
        value = (params.get(key) or "").strip()
        return value if value in allowed else ""

    kw_choices = {*keyword_names(), "any", "none"}
    sort = pick("sort", dict(SORTS)) or "name"
    return CardFilters(
        rarity=pick("rarity", RARITIES),
        keyword=pick("keyword", kw_choices),
        cost=pick("cost", dict(COST_CLASSES)),
        effect=pick("effect", dict(EFFECT_CLASSES)),
        support=pick("support", kw_choices),
        created=pick("created", created_dates()),
        modified=pick("modified", modified_dates()),
        level=pick("level", {str(n) for n in levels()}),
        name=(params.get("name") or "").strip()[:40],
        sort=sort,
        descending=params.get("dir") == "desc",
    )


# Bounded: the name substring comes from users.
@lru_cache(maxsize=512)
def filtered_ids(filters: CardFilters, include_forbidden=True):
    """Card ids matching ``filters``, sorted as asked (cached: the catalogue is immutable)."""
    cards = engine.cards_filter(
        rarity=filters.rarity or None,
        keyword=filters.keyword or None,
        cost=filters.cost or None,
        support=filters.support or None,
        created=filters.created or None,
        modified=filters.modified or None,
        level=int(filters.level) if filters.level else None,
        name=filters.name or None,
        include_forbidden=include_forbidden,
    )
    if filters.effect:
        cards = [c for c in cards if filters.effect in engine.effect_tags(c)]
    cards = sorted(cards, key=_SORT_KEYS[filters.sort], reverse=filters.descending)
    return tuple(c.id for c in cards)


def refusal(card_def, *, player_level):
    """Why a card may not go into a deck ("" if it may). Used by the builder and the import."""
    if card_def.forbidden:
        return "is Forbidden: it can never be put into a deck"
    if not card_def.implemented:
        return "cannot be played on this site yet"
    if card_def.level > player_level:
        return f"needs level {card_def.level} (you are level {player_level})"
    return ""


def pool_ids(filters: CardFilters, *, player_level):
    """The builder's card pool: matching cards a deck may contain at this player's level."""
    return tuple(
        cid for cid in filtered_ids(filters, include_forbidden=False)
        if not refusal(engine.card(cid), player_level=player_level)
    )


def average_cost_per_turn(common, uncommon, rare):
    """Mean cost per turn by resource (draw chances 65/29/6 %), over the filled slots.

    Returns {"bricks": x, "gems": y, "recruits": z} rounded to 2 decimals.
    """
    weights = ((common, 0.65), (uncommon, 0.29), (rare, 0.06))
    result = {}
    for resource in ("bricks", "gems", "recruits"):
        total = 0.0
        for ids, weight in weights:
            costs = [getattr(engine.card(cid), resource) for cid in ids if cid]
            if costs:
                total += weight * sum(costs) / len(costs)
        result[resource] = round(total, 2)
    return result


def token_keyword_names():
    return tuple(engine.token_keywords())


def auto_tokens(card_ids):
    """Automatic token counters (rules §15); the engine's own implementation."""
    return list(engine.deck_auto_tokens(list(card_ids)))
