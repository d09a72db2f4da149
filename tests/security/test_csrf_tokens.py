"""The forms' CSRF tokens (marcomage/csrf.py): Django's format with the mask drawn in one
call of the system's generator instead of 32, on the Django pages, the boards and the
pushed boards; a token from any of them passes Django's check."""
import random
import re

import pytest
from django.http import HttpRequest
from django.middleware.csrf import (
    CSRF_ALLOWED_CHARS,
    CSRF_TOKEN_LENGTH,
    _unmask_cipher_token,
    get_token,
)
from django.test import Client
from django.urls import reverse

from games.game.live import csrf_token_for
from marcomage.csrf import csrf_mask, csrf_token
from tests.conftest import PASSWORD

_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _secret(rng):
    return "".join(rng.choice(CSRF_ALLOWED_CHARS) for _ in range(32))


def test_a_token_unmasks_to_its_secret_and_never_repeats():
    rng = random.Random(7)
    for _ in range(300):
        secret = _secret(rng)
        first, second = csrf_mask(secret), csrf_mask(secret)
        assert len(first) == CSRF_TOKEN_LENGTH and set(first) <= set(CSRF_ALLOWED_CHARS)
        assert _unmask_cipher_token(first) == _unmask_cipher_token(second) == secret
        assert first != second


def test_the_mask_is_one_draw_of_the_system_generator(monkeypatch):
    """Django's own token draws 32 times (one system call, and one hand-off of the
    interpreter lock, each); ours draws one number below 62**32."""
    import secrets

    draws, numbers = [], []
    urandom = random._urandom
    monkeypatch.setattr(random, "_urandom", lambda n: draws.append(n) or urandom(n))
    randbelow = secrets.randbelow
    monkeypatch.setattr(secrets, "randbelow", lambda n: numbers.append(n) or randbelow(n))
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = _secret(random.Random(1))
    for _ in range(100):
        csrf_token(request)
    assert numbers == [len(CSRF_ALLOWED_CHARS) ** 32] * 100
    assert set(draws) == {24}  # 191 bits a draw (a draw at or over 62**32 is drawn again)
    draws.clear()
    get_token(request)
    assert len(draws) >= 32  # what it replaces


def test_without_a_secret_django_makes_one_and_the_cookie():
    request = HttpRequest()
    token = csrf_token(request)
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    assert _unmask_cipher_token(token) == request.META["CSRF_COOKIE"]
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = "not-a-secret"
    assert _unmask_cipher_token(csrf_token(request)) != "not-a-secret"
    assert csrf_token_for("not-a-secret") is None and csrf_token_for(None) is None


@pytest.mark.django_db
def test_a_django_pages_token_passes_the_check(alice):
    """The login page (a Django template): the first visit's token (no cookie yet) and the
    next one's (masked by marcomage.csrf) each sign the player in."""
    for visits in (1, 2):
        client = Client(enforce_csrf_checks=True)
        for _ in range(visits):
            page = client.get(reverse("login")).content.decode()
        token = _FIELD.search(page).group(1)
        assert _unmask_cipher_token(token) == client.cookies["csrftoken"].value
        response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD,
                                                  "csrfmiddlewaretoken": token})
        assert response.status_code == 302, visits
        assert client.get(reverse("games:list")).status_code == 200
