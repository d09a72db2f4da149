"""Uploaded pictures (avatars, concept pictures): checked, then re-encoded as our own PNG.

The name and the size are checked before anything is decoded; Pillow may only decode the
three allowed formats and refuses pictures that claim huge dimensions (a small file can
still announce billions of pixels). What is stored is always a fresh PNG of the wanted
size: no metadata, no animation, nothing hidden behind the picture.
"""
import io
import re
import warnings
from dataclasses import dataclass

FORMATS = {"jpg": "JPEG", "jpeg": "JPEG", "png": "PNG", "gif": "GIF"}
UNREADABLE = "That file is not a picture we can read (JPG, PNG or GIF)."
TOO_MANY_PIXELS = "That picture has too many pixels; please shrink it first."


class ImageUploadError(Exception):
    """The upload cannot be used; the text tells the player why."""


@dataclass(frozen=True)
class PictureRules:
    what: str           # how the messages name it: "An avatar", "A picture"
    max_bytes: int
    size: tuple         # (width, height) of the stored PNG; the picture is cropped to fit
    max_pixels: int     # width × height a file may claim before it is refused undecoded


def _decode(upload, rules: PictureRules):
    from PIL import Image, UnidentifiedImageError

    name = (getattr(upload, "name", "") or "").lower()
    extension = name.rsplit(".", 1)[-1] if "." in name else ""
    if extension not in FORMATS:
        raise ImageUploadError(f"{rules.what} must be a JPG, JPEG, PNG or GIF picture.")
    too_big = f"{rules.what} may be at most {rules.max_bytes // 1024} kB large."
    size = getattr(upload, "size", None)
    if size is None or size > rules.max_bytes:
        raise ImageUploadError(too_big)
    if size == 0:
        raise ImageUploadError("The file is empty.")
    data = upload.read(rules.max_bytes + 1)
    if len(data) > rules.max_bytes:
        raise ImageUploadError(too_big)
    formats = sorted(set(FORMATS.values()))
    try:
        with Image.open(io.BytesIO(data), formats=formats) as probe:
            if probe.width * probe.height > rules.max_pixels:
                raise ImageUploadError(TOO_MANY_PIXELS)
            probe.verify()
        image = Image.open(io.BytesIO(data), formats=formats)
        image.load()
    except ImageUploadError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageUploadError(TOO_MANY_PIXELS) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
        raise ImageUploadError(UNREADABLE) from exc
    return image


def _encode(image, rules: PictureRules) -> bytes:
    from PIL import Image, ImageOps

    if getattr(image, "is_animated", False):
        image.seek(0)  # an animated GIF keeps only its first frame
    image = image.convert("RGBA")
    image = ImageOps.fit(image, rules.size, method=Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def upload_to_png(upload, rules: PictureRules) -> bytes:
    """The PNG to store for an uploaded picture; raises ImageUploadError saying why not."""
    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        image = _decode(upload, rules)
        try:
            return _encode(image, rules)
        except (OSError, ValueError, EOFError) as exc:  # truncated frames show up only here
            raise ImageUploadError(UNREADABLE) from exc


def stored_png_response(folder: str, filename: str, name_pattern: re.Pattern):
    """A stored PNG served by its unique file name, or a 404.

    The name must match `name_pattern` (our own names only, so nothing outside `folder`
    can be asked for); the response says it is a PNG and must not be sniffed as anything
    else. New uploads get new names, so callers may let browsers cache for long.
    """
    from django.core.files.storage import default_storage
    from django.http import FileResponse, Http404

    path = f"{folder}/{filename}"
    if not name_pattern.match(filename) or not default_storage.exists(path):
        raise Http404("No such picture")
    response = FileResponse(default_storage.open(path, "rb"), content_type="image/png")
    response["X-Content-Type-Options"] = "nosniff"
    return response
