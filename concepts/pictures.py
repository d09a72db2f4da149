"""The rules for a concept's picture (the checks and re-encoding are marcomage/plumbing/images.py)."""
import re

from marcomage.plumbing.images import PictureRules, upload_to_png

# The card component's picture area is 5:3 (static/css/cards.css); twice the normal
# card's width keeps it sharp on large cards and dense screens.
CONCEPT_PICTURE = PictureRules(what="A picture", max_bytes=50 * 1024, size=(200, 120),
                               max_pixels=4000 * 4000)

# A stored picture's file name (a new upload gets a new name).
PICTURE_NAME = re.compile(r"^c[0-9]+-[0-9a-f]{12}\.png$")


def picture_png(upload) -> bytes:
    """The PNG to store for an uploaded concept picture; raises ImageUploadError."""
    return upload_to_png(upload, CONCEPT_PICTURE)
