"""Imported card pictures and game backgrounds (decks/card_art.py), by their stored names."""
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games import engine
from marcomage.imported_art import FOLDER, STORED_NAME

from .catalogue import card_picture_svg

# A drawn picture's address carries its version: the browser may keep what it fetched with
# the current one for good, anything else (an old page's address) only for a while.
PICTURE_KEPT = 365 * 24 * 3600
PICTURE_KEPT_STALE = 3600


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
def card_picture(request, card_id):
    """A catalogue card's drawn picture as an SVG image (decks/card_pictures.py): public
    like the cards, built once per process (the warm-up), the same for every viewer."""
    if card_id == 0:  # the Empty placeholder has no picture
        raise Http404("No such card")
    try:
        svg, version = card_picture_svg(card_id)
    except engine.EngineError:
        raise Http404("No such card") from None
    response = HttpResponse(svg, content_type="image/svg+xml")
    if request.GET.get("v") == version:
        patch_cache_control(response, public=True, max_age=PICTURE_KEPT, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=PICTURE_KEPT_STALE)
    response["ETag"] = f'"{version}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response
