"""Card pictures and game backgrounds: the imported ones (decks/card_art.py) by their stored
names, and the site's own drawings of the catalogue's cards (decks/card_pictures.py)."""
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from decks.catalogue import picture_file
from games import engine
from marcomage.plumbing.imported_art import FOLDER, STORED_NAME


@require_GET
@cache_control(max_age=7 * 24 * 3600, public=True, immutable=True)
def art_file(request, filename):
    """A stored picture: its name changes with its content, so browsers may keep it.

    Public like the cards themselves (the public pages draw cards too); only names the
    import makes are served, so nothing outside the folder can be asked for.
    """
    path = f"{FOLDER}/{filename}"
    if not STORED_NAME.fullmatch(filename) or not default_storage.exists(path):
        raise Http404("No such picture")
    content_type = "image/png" if filename.endswith(".png") else "image/jpeg"
    response = FileResponse(default_storage.open(path, "rb"), content_type=content_type)
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_GET
def card_picture(request, card_id, version):
    """A catalogue card's generated picture as an SVG file (decks.catalogue.picture_file).

    Its address carries the drawing's version, so browsers may keep it for good; an address
    with another version (a page from before a deploy that changed the drawing) is sent on
    to the current one. The drawing is made of numbers and fixed words only; the policy
    header keeps the file from running anything even so.
    """
    try:
        document, current = picture_file(card_id)
    except engine.EngineError:
        raise Http404("No such card") from None
    if version != current:
        response = HttpResponseRedirect(
            reverse("decks:card_picture", args=[card_id, current]))
        response["Cache-Control"] = "no-cache"
        return response
    response = HttpResponse(document, content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={365 * 24 * 3600}, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    return response
