"""Template helpers for the card component (templates/partials/card.html)."""
from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from decks.catalogue import face_of

register = template.Library()


@register.filter
def card_face(value):
    """A CardFace from a card id, CardDef, CardFace or dict with "id"; None stays None."""
    return face_of(value)


@register.simple_tag(takes_context=True)
def card_options(context, images=None, insignias=None):
    """Display choices for one card: explicit include parameters win, else the viewer's settings.

    Anonymous visitors (no settings) see card art and keyword insignias.
    """
    viewer = context.get("viewer")
    prefs = getattr(viewer, "settings", None)
    if images is None or images == "":
        images = getattr(prefs, "show_card_images", True)
    if insignias is None or insignias == "":
        insignias = getattr(prefs, "keyword_insignias", True)
    return {"images": bool(images), "insignias": bool(insignias)}


@register.filter
def in_set(value, collection):
    """``cid|in_set:foils`` -> True/False (include parameters cannot use the ``in`` operator)."""
    try:
        return value in collection
    except TypeError:
        return False


_BODY_CACHE: dict = {}


@register.simple_tag
def card_body(face, opts, link=False):
    """The cached inside of a card (partials/card_body.html); depends only on its arguments."""
    key = (face.id, opts["images"], opts["insignias"], bool(link))
    html = _BODY_CACHE.get(key)
    if html is None:
        html = mark_safe(render_to_string(
            "partials/card_body.html", {"face": face, "opts": opts, "link": bool(link)}))
        _BODY_CACHE[key] = html
    return html
