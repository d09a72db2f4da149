"""The site's VAPID key pair (RFC 8292): it signs every push, and browsers subscribe with its
public half (the Push API's applicationServerKey).

The keys come from the settings (VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY, VAPID_SUBJECT, made by
`manage.py vapid_keys`). Without them, and with VAPID_KEY_FILE set (the embedded default
sets it when DEBUG), a pair is made once into that file, so `make run` pushes without any
configuration; every process of the server reads the same file. Without either, web push is
off (`vapid_keys()` is None) and the pages say so.
"""
import base64
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core import checks


@dataclass(frozen=True)
class VapidKeys:
    private_key: str  # base64url of the 32-byte secret scalar (py_vapid reads it raw)
    public_key: str  # base64url of the uncompressed P-256 point (65 bytes)
    subject: str  # mailto: or https: contact of the site for the push services


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decodes base64url with or without its padding; raises ValueError on anything else."""
    text = text.strip()
    if not text or any(c not in _B64URL for c in text.rstrip("=")) or len(text.rstrip("=")) % 4 == 1:
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))


_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def new_key_pair() -> tuple[str, str]:
    """(private, public) of a new P-256 key pair, base64url as the settings hold them."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    return b64url(private), b64url(public)


def public_key_of(private_key: str) -> str:
    """The public half of a base64url private key (raises ValueError when it is not one)."""
    scalar = int.from_bytes(b64url_decode(private_key), "big")
    key = ec.derive_private_key(scalar, ec.SECP256R1())
    return b64url(key.public_key().public_bytes(serialization.Encoding.X962,
                                                serialization.PublicFormat.UncompressedPoint))


def environment_lines(private_key: str, public_key: str, subject: str) -> str:
    return (f"VAPID_PRIVATE_KEY={private_key}\nVAPID_PUBLIC_KEY={public_key}\n"
            f"VAPID_SUBJECT={subject}\n")


def parse_environment_lines(text: str) -> dict[str, str]:
    values = {}
    for line in text.splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip().startswith("VAPID_"):
            values[name.strip()] = value.strip()
    return values


def write_key_file(path: str, subject: str) -> bool:
    """Makes a key pair into ``path`` unless the file exists. The file appears whole (written
    aside, then linked into place, which fails if it exists), so two server processes
    starting at once keep one pair and never read half a file. True when this call made it."""
    if os.path.exists(path):
        return False
    private, public = new_key_pair()
    folder = os.path.dirname(os.path.abspath(path))
    fd, draft = tempfile.mkstemp(dir=folder, prefix=".vapid-draft-")  # mode 0600
    try:
        with os.fdopen(fd, "w") as out:
            out.write(environment_lines(private, public, subject))
        os.link(draft, path)
    except FileExistsError:
        return False
    finally:
        os.unlink(draft)
    return True


def _from_file(path: str) -> VapidKeys | None:
    write_key_file(path, settings.VAPID_SUBJECT)
    with open(path) as source:
        values = parse_environment_lines(source.read())
    private = values.get("VAPID_PRIVATE_KEY", "")
    if not private:
        return None
    return VapidKeys(private, values.get("VAPID_PUBLIC_KEY") or public_key_of(private),
                     values.get("VAPID_SUBJECT") or settings.VAPID_SUBJECT)


@lru_cache(maxsize=4)
def _keys(private: str, public: str, subject: str, key_file: str) -> VapidKeys | None:
    if private:
        return VapidKeys(private, public or public_key_of(private), subject)
    if key_file:
        return _from_file(key_file)
    return None


def vapid_keys() -> VapidKeys | None:
    """The site's keys, or None when web push is not configured."""
    return _keys(settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY, settings.VAPID_SUBJECT,
                 settings.VAPID_KEY_FILE)


def push_enabled() -> bool:
    return vapid_keys() is not None


@checks.register(checks.Tags.security, deploy=True)
def check_vapid_keys(app_configs=None, **kwargs):
    """`manage.py check --deploy`: a production site without keys has no web push, and a
    pair that does not match would have every push refused."""
    if settings.VAPID_PRIVATE_KEY:
        try:
            public = public_key_of(settings.VAPID_PRIVATE_KEY)
        except ValueError:
            return [checks.Error("VAPID_PRIVATE_KEY is not a base64url P-256 private key.",
                                 hint="Make a pair with `manage.py vapid_keys`.",
                                 id="players.E101")]
        if settings.VAPID_PUBLIC_KEY and settings.VAPID_PUBLIC_KEY.rstrip("=") != public:
            return [checks.Error("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY.",
                                 hint="Set both from one run of `manage.py vapid_keys`.",
                                 id="players.E102")]
        if settings.VAPID_SUBJECT.endswith("@localhost"):
            return [checks.Warning("VAPID_SUBJECT is a local address: push services want a "
                                   "contact (mailto: or https:) they can reach.",
                                   id="players.W102")]
        return []
    if not settings.VAPID_KEY_FILE:
        return [checks.Warning("Web push is off: VAPID_PRIVATE_KEY is not set.",
                               hint="Make a pair with `manage.py vapid_keys` and put its lines "
                                    "in the environment.", id="players.W101")]
    return []
