"""Imported card pictures and game backgrounds (decks/card_art.py), by their stored names."""
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

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
