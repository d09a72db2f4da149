"""Imported card pictures and game backgrounds (the original game's, if an administrator has them).

``manage.py import_card_art DIR`` checks each ``card_<id>.png`` and ``bg_<n>.jpg`` of a
folder, re-encodes it (a fresh PNG or JPEG: no metadata, nothing hidden behind the picture)
and stores it under MEDIA_ROOT/card_art/ with a name that changes with its content, the way
avatars are stored (players/profiles); a background also gets a small copy for the settings
page's previews. ``index.json`` there lists what is stored; marcomage/plumbing/imported_art.py reads it
once per process (at a server process's start, marcomage/site/warmup.py, when the card faces
are built): a new import shows after the web processes restart, and no request reads the
folder. The site serves the pictures through ``decks.views_art``. Without an index the site
draws its own card pictures (decks/card_pictures.py); the backgrounds are choices of their
own in the players' settings (players/settings/backgrounds.py).
"""
import hashlib
import io
import json
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from decks import catalogue
from decks.templatetags import cards as card_tags
from games import engine
from marcomage.plumbing.imported_art import FOLDER, INDEX, imported

SOURCE_NAME = re.compile(r"^(card|bg)_([0-9]+)\.([A-Za-z]+)$")


@dataclass(frozen=True)
class Kind:
    what: str            # how messages name it
    index_key: str       # its list in index.json
    extension: str       # the source file's extension
    pillow_format: str   # the only format accepted for it
    max_bytes: int
    min_size: tuple      # (width, height)
    max_size: tuple      # larger pictures are scaled down to fit, keeping their shape
    max_pixels: int      # what a file may claim before it is refused undecoded


# The card picture area is 5:3 (static/css/cards.css crops to it); the original site's card
# pictures are small, a large one is scaled down to twice the large card's picture width.
CARD = Kind("card picture", "cards", "png", "PNG", 512 * 1024, (16, 10), (400, 300),
            4000 * 4000)
BACKGROUND = Kind("background", "backgrounds", "jpg", "JPEG", 5 * 1024 * 1024, (200, 150),
                  (1920, 1440), 8000 * 8000)
KINDS = {"card": CARD, "bg": BACKGROUND}
MAX_BACKGROUND_NUMBER = 999
# A background's small copy: what the settings page shows beside its choice.
PREVIEW_SIZE = (160, 120)
PREVIEW_SUFFIX = "-small"


class BadPicture(Exception):
    """A file that cannot be imported; the text says why."""


# --------------------------------------------------------------------------- forgetting
def forget():
    """Drop what this process cached about imported pictures (after an import, in tests):
    the index, and the card faces and card markup built from it (a card's imported picture
    is drawn by ``decks.catalogue.imported_card_picture``)."""
    imported.cache_clear()
    catalogue.card_face.cache_clear()
    card_tags._BODY_CACHE.clear()
    card_tags._CARD_CACHE.clear()


# --------------------------------------------------------------------------- importing
@dataclass
class Outcome:
    source: str
    action: str  # "new", "replaced", "unchanged", "skipped"
    detail: str = ""


@dataclass
class ImportReport:
    outcomes: list = field(default_factory=list)

    def count(self, action):
        return sum(1 for o in self.outcomes if o.action == action)

    @property
    def changed(self):
        return self.count("new") + self.count("replaced")


def _checked_image(path: Path, kind: Kind):
    from PIL import Image, UnidentifiedImageError

    size = path.stat().st_size
    if size == 0:
        raise BadPicture("the file is empty")
    if size > kind.max_bytes:
        raise BadPicture(f"the file is {size // 1024} kB; a {kind.what} may be at most "
                         f"{kind.max_bytes // 1024} kB")
    data = path.read_bytes()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[kind.pillow_format]) as probe:
                width, height = probe.size
                if width * height > kind.max_pixels:
                    raise BadPicture(f"it claims {width}x{height} pixels, too many")
                probe.verify()
            image = Image.open(io.BytesIO(data), formats=[kind.pillow_format])
            image.load()
    except BadPicture:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise BadPicture("it has too many pixels") from exc
    except UnidentifiedImageError as exc:
        raise BadPicture(f"it is not a {kind.pillow_format} picture") from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise BadPicture(f"it is a damaged {kind.pillow_format} picture") from exc
    min_w, min_h = kind.min_size
    if width < min_w or height < min_h:
        raise BadPicture(f"it is {width}x{height} pixels; a {kind.what} needs at least "
                         f"{min_w}x{min_h}")
    return image


def _encoded(image, kind: Kind) -> bytes:
    from PIL import Image

    if getattr(image, "is_animated", False):
        image.seek(0)
    image.thumbnail(kind.max_size, Image.Resampling.LANCZOS)  # only ever shrinks
    out = io.BytesIO()
    if kind is CARD:
        image.convert("RGBA").save(out, format="PNG", optimize=True)
    else:
        image.convert("RGB").save(out, format="JPEG", quality=85, optimize=True, progressive=True)
    return out.getvalue()


def _preview(image) -> bytes:
    """A background's small copy (from the re-encoded picture's image)."""
    from PIL import Image

    small = image.convert("RGB")
    small.thumbnail(PREVIEW_SIZE, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="JPEG", quality=80, optimize=True)
    return out.getvalue()


def _stored_files(kind: Kind, number, image) -> dict:
    """{index key: (stored name, content)} of one picture: a background has its small copy
    too, named after the picture's content."""
    content = _encoded(image, kind)
    prefix = "card" if kind is CARD else "bg"
    digest = hashlib.sha256(content).hexdigest()[:12]
    files = {kind.index_key: (f"{prefix}_{number}-{digest}.{kind.extension}", content)}
    if kind is BACKGROUND:
        files["background_previews"] = (f"bg_{number}-{digest}{PREVIEW_SUFFIX}.jpg",
                                        _preview(image))
    return files


def _source_kind(path: Path):
    """(Kind, number) for a file named like the original site's pictures; BadPicture if not."""
    match = SOURCE_NAME.fullmatch(path.name)
    if not match:
        raise BadPicture("not a card_<id>.png or bg_<n>.jpg name")
    prefix, number, extension = match.groups()
    kind = KINDS[prefix]
    if extension.lower() not in ({"jpg", "jpeg"} if kind is BACKGROUND else {"png"}):
        raise BadPicture(f"a {kind.what} must be a .{kind.extension} file")
    number = int(number)
    if kind is CARD:
        try:
            card = engine.card(number)
        except engine.EngineError:
            card = None
        if card is None or number == 0:
            raise BadPicture(f"there is no card {number}")
    elif not 1 <= number <= MAX_BACKGROUND_NUMBER:
        raise BadPicture(f"background numbers go from 1 to {MAX_BACKGROUND_NUMBER}")
    return kind, number


def _write_index(index):
    data = json.dumps({key: {str(k): v for k, v in sorted(entries.items())}
                       for key, entries in index.items()}, indent=1).encode()
    if default_storage.exists(INDEX):
        default_storage.delete(INDEX)
    default_storage.save(INDEX, ContentFile(data))


def import_folder(folder, *, dry_run=False) -> ImportReport:
    """Import every picture of ``folder``; bad files are skipped with the reason, never raised.

    Idempotent: a picture whose re-encoded content is already stored is left alone.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder")
    imported.cache_clear()
    current = imported()
    index = {key: dict(entries) for key, entries in current.items()}
    report = ImportReport()
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.is_dir() or path.name.startswith("."):
            continue
        try:
            kind, number = _source_kind(path)
            files = _stored_files(kind, number, _checked_image(path, kind))
        except BadPicture as exc:
            report.outcomes.append(Outcome(path.name, "skipped", str(exc)))
            continue
        except OSError as exc:  # unreadable file: permissions, vanished meanwhile
            report.outcomes.append(Outcome(path.name, "skipped", f"cannot be read ({exc.strerror})"))
            continue
        olds = {key: index[key].get(number) for key in files}
        if all(olds[key] == name and default_storage.exists(f"{FOLDER}/{name}")
               for key, (name, _) in files.items()):
            report.outcomes.append(Outcome(path.name, "unchanged"))
            continue
        action = "replaced" if olds[kind.index_key] else "new"
        report.outcomes.append(Outcome(path.name, action, files[kind.index_key][0]))
        if dry_run:
            continue
        for key, (name, content) in files.items():
            if not default_storage.exists(f"{FOLDER}/{name}"):
                default_storage.save(f"{FOLDER}/{name}", ContentFile(content))
            old = olds[key]
            if old and old != name and default_storage.exists(f"{FOLDER}/{old}"):
                default_storage.delete(f"{FOLDER}/{old}")
            index[key][number] = name
    if report.changed and not dry_run:
        _write_index(index)
    forget()
    return report
