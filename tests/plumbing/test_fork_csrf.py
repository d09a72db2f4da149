"""Guards of marcomage/csrf.py (docs/decisions/0006-csrf.md): our form tokens are Django's.

The fork masks the cookie's secret itself (one draw instead of 32) and reads and sets the
request's ``CSRF_COOKIE`` and ``CSRF_COOKIE_NEEDS_UPDATE`` as Django's ``get_token`` does.
Each test here fails when Django's CSRF check would no longer take our tokens as its own,
or would take a forged one.
"""
from django.http import HttpResponse
from django.middleware import csrf as django_csrf
from django.middleware.csrf import CsrfViewMiddleware, get_token
from django.test import RequestFactory

from marcomage.csrf import csrf_mask, csrf_token

from .pins import assert_checked_with

RECORD = "0006-csrf.md"


def test_django_is_a_version_the_fork_was_checked_with():
    assert_checked_with("Django", "5.2", "5.3", RECORD)


def _view(request):
    return HttpResponse("posted")


def _middleware():
    return CsrfViewMiddleware(_view)


def _posted(cookie_secret: str, token: str):
    """What Django's CSRF middleware makes of a form post with this cookie and token: None
    when it lets the post through, else its 403."""
    request = RequestFactory().post("/form/", {"csrfmiddlewaretoken": token})
    request.COOKIES[django_csrf.settings.CSRF_COOKIE_NAME] = cookie_secret
    middleware = _middleware()
    middleware.process_request(request)
    return middleware.process_view(request, _view, (), {})


def _secret() -> str:
    return django_csrf._get_new_csrf_string()


def _tampered(token: str, at: int) -> str:
    chars = django_csrf.CSRF_ALLOWED_CHARS
    return token[:at] + chars[(chars.index(token[at]) + 1) % len(chars)] + token[at + 1:]


def test_the_token_format_is_the_one_the_fork_writes():
    assert django_csrf.CSRF_SECRET_LENGTH == 32 and django_csrf.CSRF_TOKEN_LENGTH == 64
    assert len(set(django_csrf.CSRF_ALLOWED_CHARS)) == len(django_csrf.CSRF_ALLOWED_CHARS) == 62


def test_djangos_check_accepts_our_masked_tokens():
    for _ in range(50):
        secret = _secret()
        assert _posted(secret, csrf_mask(secret)) is None


def test_djangos_check_rejects_a_tampered_or_foreign_token():
    secret = _secret()
    token = csrf_mask(secret)
    for at in (0, 31, 32, 63):  # the mask and the masked secret, each end
        assert _posted(secret, _tampered(token, at)).status_code == 403, at
    assert _posted(secret, csrf_mask(_secret())).status_code == 403
    assert _posted(secret, token[:-1]).status_code == 403
    assert _posted(secret, "").status_code == 403


def test_a_request_token_renews_the_cookie_as_djangos_get_token_does():
    """csrf_token reads the secret where the middleware put it (META["CSRF_COOKIE"]) and
    asks for the cookie's renewal (META["CSRF_COOKIE_NEEDS_UPDATE"]): Django's own
    get_token must still do exactly that, and the middleware's answer must still send the
    cookie with the same secret when asked so."""
    secret = _secret()
    for make_token in (get_token, csrf_token):
        request = RequestFactory().get("/")
        request.COOKIES[django_csrf.settings.CSRF_COOKIE_NAME] = secret
        middleware = _middleware()
        middleware.process_request(request)
        assert request.META["CSRF_COOKIE"] == secret, "the middleware keeps the secret elsewhere"
        token = make_token(request)
        assert request.META.get("CSRF_COOKIE_NEEDS_UPDATE") is True, make_token
        assert _posted(secret, token) is None, make_token
        response = middleware.process_response(request, HttpResponse())
        assert response.cookies[django_csrf.settings.CSRF_COOKIE_NAME].value == secret


def test_without_a_secret_ours_is_djangos_and_the_post_with_its_cookie_passes():
    request = RequestFactory().get("/")
    middleware = _middleware()
    middleware.process_request(request)
    token = csrf_token(request)
    response = middleware.process_response(request, HttpResponse())
    cookie = response.cookies[django_csrf.settings.CSRF_COOKIE_NAME].value
    assert _posted(cookie, token) is None
