"""push_send end to end: pywebpush encrypts and signs, the local push service
(devtools/push_service.py) checks the VAPID header and decrypts with the subscription's
private key and auth secret (RFC 8291), as a browser's push service and browser do."""
import socket
import time

import pytest

from players.models import PushSubscription
from players.push.keys import new_key_pair, vapid_keys
from players.push.services import (
    GONE,
    SENT,
    PushFailed,
    push_send,
    push_subscribe,
    push_subscription_ids,
)

# One worker runs the module: its tests share one local push service (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("push_send")]

PAYLOAD = {"title": "Your turn against bob", "body": "bob played Rainbow.", "url": "/games/7/",
           "tag": "game-7", "kind": "your_turn"}


@pytest.fixture
def subscribed(alice, browser_subscription):
    browser = browser_subscription()
    row = push_subscribe(player=alice, data=browser,
                         user_agent="Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36")
    return browser, row


def test_a_push_reaches_the_service_decrypted_and_signed(subscribed, push_service):
    browser, row = subscribed
    assert row.label == "Chrome on Linux"
    assert push_send(row.pk, PAYLOAD) == SENT
    [delivery] = push_service.wait_for(browser, 1)
    assert delivery.payload == PAYLOAD
    # the VAPID claims as RFC 8292 wants them, signed with the site's key
    assert delivery.claims["aud"] == push_service.origin
    assert delivery.claims["sub"].startswith("mailto:")
    assert time.time() < delivery.claims["exp"] <= time.time() + 86400
    assert delivery.headers["Content-Encoding"] == "aes128gcm"
    assert int(delivery.headers["TTL"]) > 0
    row.refresh_from_db()
    assert row.last_success_at is not None and row.failures == 0


def test_nothing_but_the_five_short_fields_is_sent(subscribed, push_service):
    browser, row = subscribed
    push_send(row.pk, {**PAYLOAD, "body": "word " * 200, "hand": [1, 2, 3],
                       "note": "a private note", "url": "https://evil.example/phish"})
    [delivery] = push_service.wait_for(browser, 1)
    assert set(delivery.payload) == {"title", "body", "url", "tag", "kind"}
    assert len(delivery.payload["body"]) <= 160 and delivery.payload["body"].endswith("…")
    assert delivery.payload["url"] == "/"  # only paths of the site
    assert "private note" not in delivery.plaintext.decode()
    assert len(delivery.plaintext) < 600


@pytest.mark.parametrize("url", ["//evil.example/x", "javascript:alert(1)", "/\\evil.example",
                                 "/games/1/\n/x", ""])
def test_a_url_that_is_not_a_site_path_becomes_the_home_page(subscribed, push_service, url):
    browser, row = subscribed
    push_send(row.pk, {**PAYLOAD, "url": url})
    assert push_service.wait_for(browser, 1)[0].payload["url"] == "/"


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_service_no_longer_knows_is_removed(subscribed, push_service,
                                                               status):
    browser, row = subscribed
    push_service.answer(browser, status)
    assert push_send(row.pk, PAYLOAD) == GONE
    assert not PushSubscription.objects.filter(pk=row.pk).exists()
    assert push_subscription_ids(row.player_id) == []
    assert push_send(row.pk, PAYLOAD) == GONE  # an id that no longer exists


@pytest.mark.parametrize("status", [500, 502, 503, 429])
def test_a_push_that_may_work_later_raises_and_keeps_the_subscription(subscribed, push_service,
                                                                      status):
    browser, row = subscribed
    push_service.answer(browser, status, retry_after="30" if status == 429 else "")
    with pytest.raises(PushFailed) as failure:
        push_send(row.pk, PAYLOAD)
    assert failure.value.status == status
    if status == 429:
        assert failure.value.retry_after == 30
    row.refresh_from_db()
    assert row.failures == 1 and row.last_failure_at is not None
    # the service recovers: the next send goes through and clears the count
    push_service.answer(browser, None)
    assert push_send(row.pk, PAYLOAD) == SENT
    row.refresh_from_db()
    assert row.failures == 0


def test_a_dropped_connection_raises_and_keeps_the_subscription(subscribed, push_service):
    browser, row = subscribed
    push_service.answer(browser, "drop")
    with pytest.raises(PushFailed):
        push_send(row.pk, PAYLOAD)
    assert PushSubscription.objects.filter(pk=row.pk).exists()


def test_a_service_that_does_not_answer_times_out(subscribed, push_service, settings):
    browser, row = subscribed
    settings.PUSH_TIMEOUT = 0.5
    push_service.answer(browser, "hang")
    started = time.monotonic()
    with pytest.raises(PushFailed):
        push_send(row.pk, PAYLOAD)
    assert time.monotonic() - started < 5
    assert PushSubscription.objects.filter(pk=row.pk).exists()


def test_a_service_that_cannot_be_reached_raises(alice, local_push):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    from devtools.push_service import PushService

    browser = PushService(port=port).subscribe(vapid_keys().public_key)
    row = push_subscribe(player=alice, data=browser)
    with pytest.raises(PushFailed):
        push_send(row.pk, PAYLOAD)
    assert PushSubscription.objects.filter(pk=row.pk).exists()


def test_the_service_refuses_a_push_signed_with_another_key(alice, browser_subscription,
                                                            push_service):
    """The subscription was made with another applicationServerKey (the site's keys changed):
    the service answers 403, and after three refusals in a row it is removed."""
    _private, other_public = new_key_pair()
    browser = browser_subscription(other_public)
    row = push_subscribe(player=alice, data=browser)
    for _ in range(2):
        with pytest.raises(PushFailed) as failure:
            push_send(row.pk, PAYLOAD)
        assert failure.value.status == 403
    assert push_send(row.pk, PAYLOAD) == GONE
    refused = push_service.received(browser, accepted_only=False)
    assert [d.status for d in refused] == [403, 403, 403]
    assert not push_service.received(browser)


def test_the_service_checks_the_vapid_header(push_service, local_push):
    """The local service is a real check: a push with a forged or stale JWT is refused."""
    import requests
    from py_vapid import Vapid

    browser = push_service.subscribe()
    signer = Vapid()
    signer.generate_keys()
    good = signer.sign({"aud": push_service.origin, "sub": "mailto:a@example.org",
                        "exp": int(time.time()) + 600})
    stale = signer.sign({"aud": push_service.origin, "sub": "mailto:a@example.org",
                         "exp": int(time.time()) - 10})
    elsewhere = signer.sign({"aud": "http://127.0.0.1:1", "sub": "mailto:a@example.org",
                             "exp": int(time.time()) + 600})
    forged = good["Authorization"].replace("t=", "t=x", 1)
    headers = {"TTL": "60", "Content-Encoding": "aes128gcm"}
    for authorization in (stale["Authorization"], elsewhere["Authorization"], forged, ""):
        answer = requests.post(browser["endpoint"], data=b"x" * 100,
                               headers={**headers, "Authorization": authorization}, timeout=5)
        assert answer.status_code == 401, authorization
    # signed correctly but not encrypted for the subscription: 400
    answer = requests.post(browser["endpoint"], data=b"x" * 100,
                           headers={**headers, "Authorization": good["Authorization"]}, timeout=5)
    assert answer.status_code == 400


def test_without_keys_push_is_off(alice, settings, browser_subscription):
    from players.push.services import PushSubscriptionError

    browser = browser_subscription()
    settings.VAPID_KEY_FILE = ""
    with pytest.raises(PushSubscriptionError):
        push_subscribe(player=alice, data=browser)


def test_odd_values_are_sent_as_short_text(subscribed, push_service):
    browser, row = subscribed
    push_send(row.pk, {"title": 7, "body": None, "url": 12, "tag": ["x"], "kind": "k" * 99})
    payload = push_service.wait_for(browser, 1)[0].payload
    assert payload == {"title": "7", "body": "", "url": "/", "tag": "['x']",
                       "kind": "k" * 39 + "…"}
