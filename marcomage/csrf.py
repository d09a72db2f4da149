"""The forms' CSRF token, its mask drawn with one call of the system's generator.

Django's ``get_token`` masks the cookie's secret afresh at every use (so that a page's
token never repeats, against BREACH), with 32 characters drawn one system call each; every
call lets the interpreter lock go and must get it back. Alone a token takes 45 us; while
another thread of the process computes, 10.9 ms (measured in process): 33 hand-offs of the
lock. A server process runs a dozen threads, and a board answer asked for six tokens (the
Jinja2 backend's own ``csrf_token`` is lazy and masks afresh at every use).

``csrf_token`` makes the same token (a mask, then the secret shifted by it, as Django's
check reads it) with the whole mask drawn at once: ``secrets.randbelow(62 ** 32)``, one
call of 24 bytes (more in about one case of four), every mask as likely as with Django.

Leans on Django's private internals: docs/decisions/0006-csrf.md (why, what it saves, how to
remove it); guarded by tests/plumbing/test_fork_csrf.py.
"""
import secrets

from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.utils.functional import SimpleLazyObject

_BASE = len(CSRF_ALLOWED_CHARS)
_MASKS = _BASE ** CSRF_SECRET_LENGTH
_INDEX = {c: i for i, c in enumerate(CSRF_ALLOWED_CHARS)}


def csrf_secret_valid(secret) -> bool:
    """Whether ``secret`` can be a CSRF cookie's secret (the length and the characters)."""
    return (isinstance(secret, str) and len(secret) == CSRF_SECRET_LENGTH
            and all(c in _INDEX for c in secret))


def csrf_mask(secret: str) -> str:
    """A form token for ``secret`` (a valid cookie secret), masked afresh."""
    value = secrets.randbelow(_MASKS)
    mask, cipher = [], []
    for c in secret:
        value, m = divmod(value, _BASE)
        mask.append(CSRF_ALLOWED_CHARS[m])
        cipher.append(CSRF_ALLOWED_CHARS[(_INDEX[c] + m) % _BASE])
    return "".join(mask) + "".join(cipher)


def csrf_token(request) -> str:
    """``django.middleware.csrf.get_token`` with the mask drawn at once: the request's
    form token, the cookie marked for renewal; Django's own when the request has no
    secret yet (it makes one, and the cookie)."""
    secret = request.META.get("CSRF_COOKIE")
    if not csrf_secret_valid(secret):
        # none yet (or, from a caller other than the middleware, not a secret): a new one
        request.META.pop("CSRF_COOKIE", None)
        return get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as get_token: renew the cookie
    return csrf_mask(secret)


def csrf(request):
    """Context processor of both template engines: ``csrf_token`` in place of Django's
    (listed after it, so it wins; the boards' ``csrf_field`` reads it too); lazy, like
    Django's, and drawn once per render."""
    return {"csrf_token": SimpleLazyObject(lambda: csrf_token(request))}
