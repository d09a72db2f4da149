"""What an administrator imported of the original game's pictures: its index, read once.

``manage.py import_card_art`` (decks/card_art.py) stores card pictures and game backgrounds
under MEDIA_ROOT/card_art/ and lists them in ``index.json`` there; ``decks.views_art`` serves
them by name. The index is read once per process (the warm-up of a server process,
marcomage/site/warmup.py, builds the card faces from it), so no request reads the folder and
a new import shows after the web processes restart. It lives in the base layer because the
players' settings (the backgrounds a player may choose) read it as well as the cards.
"""
import json
import re
from functools import cache

from django.core.files.storage import default_storage
from django.urls import reverse

FOLDER = "card_art"
INDEX = f"{FOLDER}/index.json"
# The names the import stores and the site serves (decks.views_art): nothing else can be
# asked for. A background has a small copy beside it for previews (its name ends "-small").
STORED_NAME = re.compile(
    r"^(?:card_[0-9]{1,5}-[0-9a-f]{12}\.png|bg_[0-9]{1,3}-[0-9a-f]{12}(?:-small)?\.jpg)$")
# The index's lists: card pictures by card id, backgrounds and their small copies by number
# (an import made before the small copies existed has no "background_previews").
KEYS = ("cards", "backgrounds", "background_previews")


@cache
def imported():
    """{"cards": {id: stored name}, "backgrounds": {n: stored name}, "background_previews":
    {n: stored name}} from the index (cached per process; empty lists when nothing was
    imported or the index cannot be read)."""
    empty = {key: {} for key in KEYS}
    try:
        with default_storage.open(INDEX, "rb") as handle:
            data = json.loads(handle.read().decode("utf-8"))
    except (OSError, ValueError):
        return empty
    result = {}
    for key in empty:
        entries = data.get(key) if isinstance(data, dict) else None
        result[key] = {int(k): v for k, v in (entries if isinstance(entries, dict) else {}).items()
                       if str(k).isdigit() and isinstance(v, str) and STORED_NAME.fullmatch(v)}
    return result


def art_url(name):
    """Where the site serves a stored picture (decks.views_art)."""
    return reverse("decks:art", args=[name])


def background_url(number):
    """The URL of imported background ``number``, or "" when there is none (never imported,
    or removed since)."""
    name = imported()["backgrounds"].get(number)
    return art_url(name) if name else ""


def background_preview_url(number):
    """The URL of the small copy of imported background ``number``, or "" when it has none."""
    name = imported()["background_previews"].get(number)
    return art_url(name) if name and number in imported()["backgrounds"] else ""
