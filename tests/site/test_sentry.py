"""Error reports go to Sentry only with SENTRY_DSN, and never carry what players wrote.

sentry-sdk runs for real (its Django and logging integrations) with a transport that keeps
the envelopes instead of sending them: no network.
"""
import json

import pytest
import sentry_sdk
from django.test import Client
from sentry_sdk.transport import Transport

from marcomage.plumbing.sentry import FILTERED, scrub, sentry_init

pytestmark = pytest.mark.django_db

SECRET_BODY = "alice-private-message-body-5f1e"
SECRET_EMAIL = "alice.secret@example.org"
SESSION = "sessionvalue0123456789abcdefghij"


class KeptEnvelopes(Transport):
    kept: list = []

    def capture_envelope(self, envelope):
        KeptEnvelopes.kept.append(envelope)


@pytest.fixture
def reports(settings):
    KeptEnvelopes.kept = []
    settings.ROOT_URLCONF = "tests.site.sentry_urls"
    sentry_init("https://public@sentry.invalid/1", environment="test",
                transport=KeptEnvelopes)
    yield KeptEnvelopes.kept
    sentry_sdk.init()  # no DSN: the SDK is off again


def _events(envelopes) -> list[dict]:
    events = []
    for envelope in envelopes:
        for item in envelope.items:
            if item.headers.get("type") in ("event", "transaction"):
                events.append(json.loads(item.payload.get_bytes()))
    return events


def test_an_error_is_reported_without_private_texts(reports):
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = SESSION
    response = client.post("/fail/?email=" + SECRET_EMAIL,
                           {"body": SECRET_BODY, "email": SECRET_EMAIL, "subject": "hello"},
                           HTTP_AUTHORIZATION="Bearer mcg_secret_token",
                           HTTP_X_REQUEST_ID="req-sentry-0003")
    assert response.status_code == 500
    sentry_sdk.flush()
    events = _events(reports)
    assert events, "the error was not reported"
    event = events[0]
    assert event["exception"]["values"][-1]["type"] == "ValueError"
    assert event["tags"]["request_id"] == "req-sentry-0003"
    sent = json.dumps(events)
    for private in (SECRET_BODY, SECRET_EMAIL, SESSION, "mcg_secret_token"):
        assert private not in sent, private
    assert "vars" not in sent  # no frame's local variables


def test_without_a_dsn_nothing_is_reported(settings):
    KeptEnvelopes.kept = []
    sentry_sdk.init()  # as settings leave it without SENTRY_DSN
    settings.ROOT_URLCONF = "tests.site.sentry_urls"
    Client(raise_request_exception=False).post("/fail/", {"body": SECRET_BODY})
    sentry_sdk.flush()
    assert KeptEnvelopes.kept == []
    assert sentry_sdk.get_client().transport is None


def test_the_scrubber_reaches_every_part_of_an_event():
    event = {
        "request": {"data": {"body": SECRET_BODY}, "cookies": {"sessionid": SESSION},
                    "headers": {"Cookie": "sessionid=" + SESSION, "Authorization": "Bearer x",
                                "X-Csrftoken": "t", "User-Agent": "Firefox"},
                    "query_string": "email=" + SECRET_EMAIL},
        "user": {"id": 7, "email": SECRET_EMAIL, "username": "alice", "ip_address": "1.2.3.4"},
        "extra": {"note": "alice's note", "deck_note": "a secret plan", "count": 3},
        "breadcrumbs": {"values": [{"message": f"mail to {SECRET_EMAIL}",
                                    "data": {"chat": "gg", "text": "hidden line"}}]},
        "exception": {"values": [{"value": f"failed for {SECRET_EMAIL}", "stacktrace": {
            "frames": [{"function": "f", "vars": {"body": SECRET_BODY}}]}}]},
        "logentry": {"message": "message %s", "params": [SECRET_EMAIL]},
        "spans": [{"op": "db.redis", "description": f"GET 'sessions.cached_db{SESSION}'",
                   "data": {"redis.key": SESSION}}],
    }
    event["breadcrumbs"]["values"].append(
        {"category": "redis", "message": f"GET 'sessions.cached_db{SESSION}'",
         "data": {"redis.command": "GET", "redis.key": f"sessions.cached_db{SESSION}"}})
    cleaned = scrub(event)
    text = json.dumps(cleaned)
    for private in (SECRET_BODY, SECRET_EMAIL, SESSION, "alice's note", "a secret plan",
                    "hidden line", "1.2.3.4", "Bearer x"):
        assert private not in text, private
    assert cleaned["user"] == {"id": 7}
    assert cleaned["request"]["headers"]["User-Agent"] == "Firefox"
    assert cleaned["request"]["headers"]["Cookie"] == FILTERED
    assert cleaned["extra"]["count"] == 3
