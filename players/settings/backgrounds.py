"""The game backgrounds a player may choose: the site's own, drawn by static/css/games.css,
and one per background the administrator imported (``manage.py import_card_art``).

The imported ones come from the index of imported pictures, read once per process
(marcomage/plumbing/imported_art.py): offering them costs no query and no file read per request. A
player's row keeps "original-<n>" when the background is removed later; the board then
shows Plain and the settings form offers Plain until the player chooses again.
"""
from marcomage.plumbing import imported_art
from players.models.profiles import (
    PlayerSettings,
    original_background_number,
    original_background_value,
)

OWN = PlayerSettings.Background


def original_label(number):
    return f"Original background {number}"


def choices():
    """[(value, label)]: the site's own backgrounds, then the imported ones by number."""
    originals = sorted(imported_art.imported()["backgrounds"])
    return [*OWN.choices,
            *((original_background_value(n), original_label(n)) for n in originals)]


def previews():
    """[(value, label, small picture URL)] of the imported backgrounds that have a small copy."""
    rows = []
    for number in sorted(imported_art.imported()["backgrounds"]):
        url = imported_art.background_preview_url(number)
        if url:
            rows.append((original_background_value(number), original_label(number), url))
    return rows


def picture_url(value):
    """The URL of the imported picture a game_background names, or "" for the site's own
    backgrounds and for an imported one that is no longer there."""
    number = original_background_number(value)
    return imported_art.background_url(number) if number is not None else ""

