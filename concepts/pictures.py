"""Checking and re-encoding the picture of a concept.

The same approach as the avatars (players.services): the extension and size are checked
before decoding, Pillow decodes with the three allowed formats only and refuses pictures
that claim huge dimensions, and the stored file is always our own PNG re-encoding (no
metadata, no animation, nothing hidden), cropped to the shape of a card's picture.
"""
import io
import warnings

PICTURE_MAX_BYTES = 50 * 1024
# The card component's picture area is 5:3 (static/css/cards.css); twice the normal
# card's width keeps it sharp on large cards and dense screens.
PICTURE_SIZE = (200, 120)
PICTURE_EXTENSIONS = {"jpg": "JPEG", "jpeg": "JPEG", "png": "PNG", "gif": "GIF"}
PICTURE_MAX_PIXELS = 4000 * 4000


class PictureError(Exception):
    """The upload cannot be a concept's picture; the text says why."""


UNREADABLE = "That file is not a picture we can read (JPG, PNG or GIF)."
TOO_LARGE_FILE = "A picture may be at most 50 kB large."
TOO_LARGE_PICTURE = "That picture has too many pixels; please shrink it first."


def _decode(upload):
    from PIL import Image, UnidentifiedImageError

    name = (getattr(upload, "name", "") or "").lower()
    extension = name.rsplit(".", 1)[-1] if "." in name else ""
    if extension not in PICTURE_EXTENSIONS:
        raise PictureError("A picture must be a JPG, JPEG, PNG or GIF file.")
    size = getattr(upload, "size", None)
    if size is None or size > PICTURE_MAX_BYTES:
        raise PictureError(TOO_LARGE_FILE)
    if size == 0:
        raise PictureError("The picture file is empty.")
    data = upload.read(PICTURE_MAX_BYTES + 1)
    if len(data) > PICTURE_MAX_BYTES:
        raise PictureError(TOO_LARGE_FILE)
    formats = ["JPEG", "PNG", "GIF"]
    try:
        with Image.open(io.BytesIO(data), formats=formats) as probe:
            if probe.width * probe.height > PICTURE_MAX_PIXELS:
                raise PictureError(TOO_LARGE_PICTURE)
            probe.verify()
        image = Image.open(io.BytesIO(data), formats=formats)
        image.load()
    except PictureError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise PictureError(TOO_LARGE_PICTURE) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
        raise PictureError(UNREADABLE) from exc
    return image


def _encode(image) -> bytes:
    from PIL import Image, ImageOps

    if getattr(image, "is_animated", False):
        image.seek(0)  # an animated GIF keeps its first frame
    image = image.convert("RGBA")
    image = ImageOps.fit(image, PICTURE_SIZE, method=Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def picture_png(upload) -> bytes:
    """The PNG to store for an uploaded picture; raises PictureError with a clear text."""
    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        image = _decode(upload)
        try:
            return _encode(image)
        except (OSError, ValueError, EOFError) as exc:  # truncated frames show up here
            raise PictureError(UNREADABLE) from exc
