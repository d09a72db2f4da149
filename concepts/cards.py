"""Concepts drawn like real cards, and the keyword facts a concept may use.

The card component (templates/partials/card.html) draws engine cards by id and caches
their markup per id, so a concept cannot go through it. ``concept_face`` builds the same
kind of object from a Concept and templates/concepts/_card.html draws it with the same
markup and CSS classes (static/css/cards.css), reusing the keyword insignias and the
generated pictures of decks.catalogue: a concept with a built effect is drawn from the
engine's card of its definition, as a real card is (``concept_art``).
"""
import logging
from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace

from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from decks.catalogue import emblem_svg, keyword_face, keyword_names
from games import engine

from .lab.effects import concept_preview

log = logging.getLogger(__name__)

RANK_OF_RARITY = {"Common": 0, "Uncommon": 1, "Rare": 2}
PARAM_MAX = 99


@cache
def concept_keywords() -> tuple:
    """The 36 keyword names of the game, in the engine's order."""
    return keyword_names()


@cache
def param_keywords() -> tuple:
    """Keywords that carry a number on real cards (Charge (3), Enduring (2))."""
    seen = {name for card in engine.all_cards() for name in card.kw_param}
    return tuple(name for name in concept_keywords() if name in seen)


@dataclass(frozen=True)
class ConceptFace:
    """What templates/concepts/_card.html needs (the same names as decks' CardFace)."""

    id: int | None
    name: str
    rarity: str
    rarity_class: str
    bricks: int
    gems: int
    recruits: int
    keywords: tuple
    text: SafeString
    picture_url: str
    art: str

    @property
    def is_free(self):
        return not (self.bricks or self.gems or self.recruits)


def concept_face(concept) -> ConceptFace:
    """The face of a saved Concept, or of an unsaved one (the edit preview). A concept with
    an effect built in the card lab's builder shows the text the game renders from it."""
    rarity = concept.rarity if concept.rarity in RANK_OF_RARITY else "Common"
    params = concept.keyword_params or {}
    names = [k for k in concept_keywords() if k in (concept.keywords or ())]
    keywords = tuple(keyword_face(name, params.get(name)) for name in names)
    picture_url = ""
    if concept.picture:
        picture_url = reverse("concepts:picture", args=[concept.picture_filename])
    preview = concept_preview(concept)
    return ConceptFace(
        id=concept.pk, name=concept.name or "Unnamed concept", rarity=rarity,
        rarity_class=rarity.lower(), bricks=concept.bricks or 0, gems=concept.gems or 0,
        recruits=concept.recruits or 0, keywords=keywords,
        text=(conditional_escape(preview.text) if preview is not None and preview.text
              else SafeString(concept.effect_html or "")),
        picture_url=picture_url, art=concept_art(concept, preview, names, rarity))


def concept_art(concept, preview, keywords, rarity) -> str:
    """The concept's picture when it has none uploaded, drawn as the site draws its real
    cards (decks.catalogue.emblem_svg): from what its built effect does, what it costs and
    its keywords (the engine's card of its definition); a concept written in words only
    has no effect to draw, so its emblem comes from its cost, keywords and rarity."""
    if preview is not None:
        try:
            return emblem_svg(preview)
        except Exception:  # a picture never costs the page: the emblem below instead
            log.warning("concept %s: its card's picture failed", concept.pk, exc_info=True)
    seed = f"concept-{concept.pk}" if concept.pk else f"concept-new-{concept.name}"
    return emblem_svg(SimpleNamespace(
        id=seed, keywords=keywords, rank=RANK_OF_RARITY[rarity], bricks=concept.bricks or 0,
        gems=concept.gems or 0, recruits=concept.recruits or 0))
