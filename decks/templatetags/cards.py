"""Template helpers for the card component (templates/partials/card.html)."""
from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from decks.catalogue import face_of
from games import engine

register = template.Library()


@register.filter
def card_face(value):
    """A CardFace from a card id, CardDef, CardFace or dict with "id"; None stays None."""
    return face_of(value)


def card_display(viewer, images=None, insignias=None):
    """Display choices for one card: explicit parameters win, else the viewer's settings.

    Anonymous visitors (no settings) see card art and keyword insignias.
    """
    prefs = getattr(viewer, "settings", None)
    if images is None or images == "":
        images = getattr(prefs, "show_card_images", True)
    if insignias is None or insignias == "":
        insignias = getattr(prefs, "keyword_insignias", True)
    return {"images": bool(images), "insignias": bool(insignias)}


@register.simple_tag(takes_context=True)
def card_options(context, images=None, insignias=None):
    """card_display for the page's viewer (explicit include parameters win)."""
    return card_display(context.get("viewer"), images, insignias)


@register.filter
def in_set(value, collection):
    """``cid|in_set:foils`` -> True/False (include parameters cannot use the ``in`` operator)."""
    try:
        return value in collection
    except TypeError:
        return False


def _face_key(face):
    """What a cached drawing of ``face`` is kept under: a catalogue card's id (its face never
    changes), a proposed card's whole face (no catalogue vouches for what its id names)."""
    if face is None or not engine.is_custom_card(face.id):
        return None if face is None else face.id
    return face


# The inside of a card per face and display choices. Bounded like _CARD_CACHE: the catalogue
# gives a few thousand keys, but every proposed card drawn adds its own.
_BODY_CACHE: dict = {}
BODY_CACHE_MAX = 20000


@register.simple_tag
def card_body(face, opts, link=False, art_file=False):
    """The cached inside of a card (partials/card_body.html); depends only on its arguments."""
    key = (_face_key(face), opts["images"], opts["insignias"], bool(link), bool(art_file))
    html = _BODY_CACHE.get(key)
    if html is None:
        if len(_BODY_CACHE) >= BODY_CACHE_MAX:
            _BODY_CACHE.clear()
        html = mark_safe(render_to_string(
            "partials/card_body.html", {"face": face, "opts": opts, "link": bool(link),
                                        "art_file": bool(art_file)}))
        _BODY_CACHE[key] = html
    return html


# The whole drawn card, per card and every argument that changes its markup. Bounded: the
# keys are a card id (or a face-down card) times a few flags and display choices, but a
# page could pass free text (extra_class, empty_label), so the cache starts over when full.
_CARD_CACHE: dict = {}
CARD_CACHE_MAX = 20000


def card_html(viewer, value, hidden=False, selected=False, dimmed=False, new=False,
              revealed=False, foil=False, locked=False, link=False, size="", images=None,
              insignias=None, extra_class="", empty_label="", art_file=False):
    """partials/card.html for one card as ``viewer`` sees it, rendered once per process and
    reused (the ``card`` tag, and the board's Jinja templates: games/jinja.py).

    Takes the include's parameters (see partials/card.html); the same arguments always give
    the same markup, so a board of twenty cards costs twenty dictionary look-ups.
    """
    opts = card_display(viewer, images, insignias)
    face = face_of(value)
    key = (_face_key(face), bool(hidden), bool(selected), bool(dimmed),
           bool(new), bool(revealed), bool(foil), bool(locked), bool(link), size or "",
           opts["images"], opts["insignias"], extra_class or "", empty_label or "",
           bool(art_file))
    html = _CARD_CACHE.get(key)
    if html is None:
        if len(_CARD_CACHE) >= CARD_CACHE_MAX:
            _CARD_CACHE.clear()
        html = mark_safe(render_to_string("partials/card.html", {
            "card": face, "hidden": hidden, "selected": selected, "dimmed": dimmed,
            "new": new, "revealed": revealed, "foil": foil, "locked": locked, "link": link,
            "size": size, "images": opts["images"], "insignias": opts["insignias"],
            "extra_class": extra_class, "empty_label": empty_label, "art_file": art_file}))
        _CARD_CACHE[key] = html
    return html


@register.simple_tag(takes_context=True)
def card(context, value, **flags):
    """{% card value flag=... %}: card_html for the page's viewer."""
    return card_html(context.get("viewer"), value, **flags)
