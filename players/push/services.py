"""Web push: the players' browser subscriptions and sending one push to one of them.

The notifications core calls ``push_subscription_ids`` and ``push_send`` from its queued
delivery (which retries on ``PushFailed``); the settings page and the game page's offer
call ``push_subscribe`` / ``push_unsubscribe`` through players/push/views.py.

A push is a small JSON payload, encrypted for the browser (RFC 8291, aes128gcm) and signed
with the site's VAPID key (RFC 8292) by pywebpush; the push service answers 201, or 404/410
for a subscription that no longer exists (it is then deleted), or 429/5xx when it cannot
take it now.
"""
import hashlib
import hmac
import ipaddress
import json
import logging
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from py_vapid import Vapid

from players.models import Player, PlayerSettings, PushSubscription

from .keys import b64url_decode, vapid_keys

log = logging.getLogger(__name__)

SENT, GONE = "sent", "gone"
# The payload's fields and their longest lengths: nothing else ever goes into a push (the
# notifications core writes a short preview; a longer text is cut here).
PAYLOAD_LIMITS = {"title": 80, "body": 160, "url": 300, "tag": 64, "kind": 40}
ENDPOINT_MAX = 1000
# A subscription whose sends fail this many times in a row, the last one refused with a
# client error other than 404/410/429 (keys that no longer match: 400, 401, 403, 413), is
# removed: sending it again cannot help.
REFUSALS_MAX = 3
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# The offer panel's "Not now" is remembered with the tutorial's closed hints.
OFFER_DISMISSED = "push-offer"


class PushFailed(Exception):
    """A push that may succeed later (network error, timeout, 429, 5xx): send it again.

    ``retry_after``: seconds the push service asked to wait (429/503), when it said."""

    def __init__(self, message: str, *, status: int | None = None,
                 retry_after: float | None = None):
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class PushSubscriptionError(Exception):
    """A subscription the site refuses; ``message`` says why, in the player's words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --- subscriptions -----------------------------------------------------------------------

@dataclass(frozen=True)
class SubscriptionData:
    endpoint: str
    p256dh: str
    auth: str


def subscription_data(data) -> SubscriptionData:
    """Checks what a browser sent (the Push API's ``PushSubscription.toJSON()``:
    ``{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}``) and returns it, or raises
    PushSubscriptionError."""
    if not isinstance(data, dict):
        raise PushSubscriptionError("Send the subscription as a JSON object.")
    endpoint, keys = data.get("endpoint"), data.get("keys")
    if not isinstance(endpoint, str) or not endpoint:
        raise PushSubscriptionError("The subscription has no endpoint.")
    _check_endpoint(endpoint)
    if not isinstance(keys, dict):
        raise PushSubscriptionError("The subscription has no keys.")
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not isinstance(p256dh, str) or not isinstance(auth, str):
        raise PushSubscriptionError("The subscription's keys p256dh and auth are missing.")
    try:
        point = b64url_decode(p256dh)
    except ValueError:
        raise PushSubscriptionError("The key p256dh is not base64url.") from None
    if len(point) != 65 or point[0] != 4:
        raise PushSubscriptionError("The key p256dh is not an uncompressed P-256 point "
                                    "(65 bytes).")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise PushSubscriptionError("The key p256dh is not a point of the P-256 curve.") from None
    try:
        secret = b64url_decode(auth)
    except ValueError:
        raise PushSubscriptionError("The key auth is not base64url.") from None
    if len(secret) != 16:
        raise PushSubscriptionError("The key auth is not 16 bytes long.")
    return SubscriptionData(endpoint, p256dh.strip().rstrip("="), auth.strip().rstrip("="))


def _check_endpoint(endpoint: str) -> None:
    """A push service's URL: https on a named public host (never an address or a name of
    this network: the server posts to it), or the local test service when the settings
    allow it."""
    if len(endpoint) > ENDPOINT_MAX:
        raise PushSubscriptionError(f"The endpoint is longer than {ENDPOINT_MAX} characters.")
    try:
        parts = urlsplit(endpoint)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        raise PushSubscriptionError("The endpoint is not a URL.") from None
    del port  # read only to be checked (urlsplit raises on a port out of range)
    if any(c.isspace() for c in endpoint) or parts.username or parts.password or parts.fragment:
        raise PushSubscriptionError("The endpoint is not a push service's URL.")
    if parts.scheme == "http" and host in LOCAL_HOSTS and settings.PUSH_ALLOW_LOCAL_SERVICE:
        return
    if parts.scheme != "https":
        raise PushSubscriptionError("The endpoint must be an https URL.")
    if not host or "." not in host or host.endswith((".local", ".localhost", ".internal")):
        raise PushSubscriptionError("The endpoint's host is not a public push service.")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return
    raise PushSubscriptionError("The endpoint's host is not a public push service.")


def device_label(user_agent: str) -> str:
    """'Firefox on Android', 'Chrome on Windows'... from the browser's User-Agent."""
    agent = user_agent or ""
    browser = next((name for token, name in (
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser", "Samsung Internet"),
        ("Firefox/", "Firefox"), ("FxiOS", "Firefox"), ("CriOS", "Chrome"),
        ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))
        if token in agent), "A browser")
    system = next((name for token, name in (
        ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux")) if token in agent),
        "")
    return f"{browser} on {system}" if system else browser


def session_hash(session_key: str | None) -> str:
    return hashlib.sha256(session_key.encode()).hexdigest() if session_key else ""


def endpoint_mark(endpoint: str) -> str:
    """A short digest of an endpoint: pages tell whether this browser's subscription is one
    the site knows without showing the address itself (static/js/push.js)."""
    return hashlib.sha256(endpoint.encode()).hexdigest()[:16]


def push_subscribe(*, player: Player, data, user_agent: str = "",
                   session_key: str | None = None) -> PushSubscription:
    """Saves the browser's subscription for ``player`` (raises PushSubscriptionError).

    The same endpoint again updates its keys; an endpoint another account subscribed moves
    to this one (the browser now belongs to whoever signs in on it). Past
    PUSH_SUBSCRIPTIONS_MAX devices, the one unused longest is dropped."""
    if vapid_keys() is None:
        raise PushSubscriptionError("Web push is not configured on this site.")
    checked = subscription_data(data)
    values = {"player": player, "p256dh": checked.p256dh, "auth": checked.auth,
              "label": device_label(user_agent)[:80], "failures": 0, "last_failure_at": None,
              "session_hash": session_hash(session_key)}
    for _attempt in range(2):  # a concurrent first subscribe of the same endpoint: once more
        try:
            with transaction.atomic():
                Player.objects.select_for_update().only("pk").get(pk=player.pk)
                subscription, _created = PushSubscription.objects.update_or_create(
                    endpoint=checked.endpoint, defaults=values)
                extra = list(PushSubscription.objects.filter(player=player)
                             .exclude(pk=subscription.pk)
                             .order_by(F("last_success_at").desc(nulls_last=True), "-created_at")
                             .values_list("pk", flat=True)[settings.PUSH_SUBSCRIPTIONS_MAX - 1:])
                if extra:
                    PushSubscription.objects.filter(pk__in=extra).delete()
            return subscription
        except IntegrityError:
            continue
    raise PushSubscriptionError("This browser's subscription changed meanwhile: try again.")


def push_renew(*, old_endpoint, old_auth, data) -> PushSubscription:
    """The browser replaced a subscription (the service worker's pushsubscriptionchange): the
    old one's auth secret, known only to the browser and the site, proves it is the same
    browser; the row takes the new endpoint and keys and keeps its player. Raises
    PushSubscriptionError (an unknown old subscription: "not found")."""
    checked = subscription_data(data)
    if not isinstance(old_endpoint, str) or not isinstance(old_auth, str):
        raise PushSubscriptionError("Send the old subscription's endpoint and auth key.")
    with transaction.atomic():
        row = (PushSubscription.objects.select_for_update()
               .filter(endpoint=old_endpoint[:ENDPOINT_MAX + 1]).first())
        if row is None or not hmac.compare_digest(row.auth.encode(),
                                                  old_auth.strip().rstrip("=").encode()):
            raise PushSubscriptionError("not found")
        PushSubscription.objects.filter(endpoint=checked.endpoint).exclude(pk=row.pk).delete()
        row.endpoint, row.p256dh, row.auth = checked.endpoint, checked.p256dh, checked.auth
        row.failures, row.last_failure_at = 0, None
        row.save(update_fields=["endpoint", "p256dh", "auth", "failures", "last_failure_at"])
    return row


def push_unsubscribe(*, player: Player, subscription_id: int | None = None,
                     endpoint: str | None = None) -> bool:
    """Removes one of ``player``'s own subscriptions (by id or by endpoint); another
    player's is left alone. True when one was removed."""
    rows = PushSubscription.objects.filter(player=player)
    if subscription_id is not None:
        rows = rows.filter(pk=subscription_id)
    elif endpoint:
        rows = rows.filter(endpoint=endpoint)
    else:
        return False
    deleted, _ = rows.delete()
    return bool(deleted)


def push_forget_session(*, user_id: int, session_key: str | None) -> int:
    """Logging out: the browsers subscribed in that session no longer get the account's
    notifications (another person may use the browser next). Returns how many went."""
    if not session_key:
        return 0
    deleted, _ = PushSubscription.objects.filter(
        player__user_id=user_id, session_hash=session_hash(session_key)).delete()
    return deleted


def push_subscriptions_of(player: Player) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(player=player).order_by("-created_at"))


def push_offer_dismiss(*, player: Player) -> None:
    """'Not now' on the game page's offer: it is not shown again."""
    with transaction.atomic():
        row = PlayerSettings.objects.select_for_update().get(player=player)
        if OFFER_DISMISSED not in row.dismissed_hints:
            row.dismissed_hints = [*row.dismissed_hints, OFFER_DISMISSED]
            row.save(update_fields=["dismissed_hints"])


# --- sending -----------------------------------------------------------------------------

def push_subscription_ids(player_id: int) -> list[int]:
    """The ids of the player's subscribed browsers, newest first."""
    return list(PushSubscription.objects.filter(player_id=player_id)
                .order_by("-created_at").values_list("pk", flat=True))


def push_payload(payload: dict) -> dict:
    """The payload as it is sent: only title, body, url, tag and kind, as short strings; url
    a path of this site (anything else becomes the home page)."""
    clean = {}
    for field, limit in PAYLOAD_LIMITS.items():
        value = payload.get(field)
        text = "" if value is None else str(value)
        text = " ".join(text.split()) if field in ("title", "body") else text.strip()
        if field == "url":  # a path is kept whole or not at all
            clean[field] = text if _is_site_path(text, limit) else "/"
        else:
            clean[field] = text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
    return clean


def _is_site_path(url: str, limit: int) -> bool:
    return (url.startswith("/") and not url.startswith("//") and "\\" not in url
            and len(url) <= limit and not any(ord(c) < 33 or ord(c) == 127 for c in url))


_sessions = threading.local()


def _session() -> requests.Session:
    """One HTTP session per thread: its connections to the push services are kept."""
    session = getattr(_sessions, "session", None)
    if session is None:
        session = _sessions.session = requests.Session()
    return session


def _vapid():
    keys = vapid_keys()
    if keys is None:
        return None, None
    return _vapid_signer(keys.private_key), keys.subject


_signers: dict[str, Vapid] = {}


def _vapid_signer(private_key: str) -> Vapid:
    signer = _signers.get(private_key)
    if signer is None:
        signer = _signers[private_key] = Vapid.from_string(private_key)
    return signer


def _retry_after(response) -> float | None:
    value = (response.headers.get("Retry-After") or "").strip() if response is not None else ""
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None


def push_send(subscription_id: int, payload: dict) -> str:
    """Sends one push to one subscription: "sent", or "gone" when the subscription no longer
    exists (deleted here after the push service's 404/410). Raises PushFailed when it may
    succeed later (network error, timeout, 429, 5xx) and the subscription is kept."""
    subscription = PushSubscription.objects.filter(pk=subscription_id).first()
    if subscription is None:
        return GONE
    signer, subject = _vapid()
    if signer is None:
        raise PushFailed("Web push is not configured (no VAPID keys).")
    data = json.dumps(push_payload(payload), ensure_ascii=False, separators=(",", ":"))
    info = {"endpoint": subscription.endpoint,
            "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    # Imported here, where the sending task needs it: pywebpush brings aiohttp, a tenth of
    # a second of every server and worker process's start.
    from pywebpush import WebPushException, webpush

    status, retry_after, reason = None, None, ""
    try:
        webpush(info, data=data, vapid_private_key=signer, vapid_claims={"sub": subject},
                ttl=settings.PUSH_TTL, timeout=settings.PUSH_TIMEOUT,
                headers={"Urgency": "normal"}, requests_session=_session())
    except WebPushException as error:
        response = error.response
        status = getattr(response, "status_code", None)
        retry_after = _retry_after(response)
        reason = str(error).splitlines()[0]
        if response is None:  # refused before sending: keys that cannot be used
            status = 400
    except requests.RequestException as error:
        reason = f"{type(error).__name__}: {error}"
    else:
        PushSubscription.objects.filter(pk=subscription.pk).update(
            last_success_at=timezone.now(), failures=0)
        return SENT
    if status in (404, 410):
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        return GONE
    failures = subscription.failures + 1
    PushSubscription.objects.filter(pk=subscription.pk).update(
        failures=F("failures") + 1, last_failure_at=timezone.now())
    if status is not None and 400 <= status < 500 and status != 429 and failures >= REFUSALS_MAX:
        log.warning("push subscription %s refused %s times (%s): removed", subscription.pk,
                    failures, status)
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        return GONE
    raise PushFailed(f"push to subscription {subscription.pk} failed: {reason}",
                     status=status, retry_after=retry_after)


def push_test(*, player: Player, endpoint: str | None = None) -> tuple[int, int]:
    """'Send me a test notification': to this browser (its endpoint) or to every device of
    the player. Returns (sent, failed)."""
    ids = list(PushSubscription.objects.filter(player=player, **(
        {"endpoint": endpoint} if endpoint else {})).values_list("pk", flat=True))
    sent = failed = 0
    for subscription_id in ids:
        try:
            result = push_send(subscription_id, {
                "title": "MArcomage: test notification",
                "body": "Notifications work on this device. You will hear from us when it is "
                        "your turn.",
                "url": reverse("games:list"), "tag": "test", "kind": "test"})
        except PushFailed:
            failed += 1
        else:
            sent += result == SENT
            failed += result != SENT
    return sent, failed
