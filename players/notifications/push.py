"""The notices' pushes, through the push helper's package (players/push/: subscriptions,
VAPID, the encryption of RFC 8291): ``push_subscription_ids`` and ``push_send``.

Imported when used: a site without that package sends no push (no subscription ids), and
its tests put a stand-in module in its place.
"""
import logging

from players.models import Notification

log = logging.getLogger(__name__)

SENT, GONE = "sent", "gone"


class PushRetry(Exception):
    """The push service failed in a way worth retrying (network, 5xx, 429)."""


def _services():
    try:
        from players.push import services as push_services
    except ImportError:
        return None
    return push_services


def subscription_ids(player_id: int) -> list[int]:
    """The ids of the player's push subscriptions (none without the push package)."""
    push_services = _services()
    if push_services is None:
        return []
    return list(push_services.push_subscription_ids(player_id))


def payload_of(notification: Notification) -> dict:
    """What the service worker shows: the title, a short text, the page a click opens, and
    a tag so that a newer notice about the same game replaces the older one."""
    tag = f"game-{notification.game_id}" if notification.game_id else f"{notification.kind}"
    return {"title": notification.title, "body": notification.body, "url": notification.url,
            "tag": tag, "kind": notification.kind}


def push_deliver(subscription_id: int, notification: Notification) -> str:
    """Send the notice to one subscription: SENT, or GONE when the push service said the
    subscription expired (the push package removed it); PushRetry on a failure worth
    retrying."""
    push_services = _services()
    if push_services is None:
        return GONE
    try:
        outcome = push_services.push_send(subscription_id, payload_of(notification))
    except push_services.PushFailed as error:
        raise PushRetry(str(error)[:1000]) from error
    return GONE if outcome == GONE else SENT
