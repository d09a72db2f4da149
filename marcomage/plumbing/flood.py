"""Flood control: how much of each kind of post one account and one address may send.

Each channel (chat lines, private messages, forum threads and replies, challenges, card
concepts, registrations, logins) has a rate per account and a rate per address in
settings.FLOOD_LIMITS, counted in the cache by django-ratelimit. A view asks
`flood_refusal` once it has a valid submission and before it changes anything; on a
refusal it shows the message with the form as it was sent (status 429), so nothing the
player typed is lost.
"""
import logging

from django.conf import settings
from django_ratelimit import ALL
from django_ratelimit.core import is_ratelimited

FLOOD_STATUS = 429
log = logging.getLogger(__name__)

# What the player was sending, in the refusal's words.
CHANNEL_NOUNS = {
    "chat": "chat lines",
    "message": "private messages",
    "thread": "new forum threads",
    "post": "forum replies",
    "challenge": "challenges",
    "concept": "card concepts",
    "register": "new accounts from your address",
    "login": "login attempts from your address",
    "analysis": "analysis requests",
    "playtest": "playtests of concepts",
    "selfplay": "self-play reports of concepts",
    "puzzle": "puzzle answers",
    "tournament": "new events",
    "balance": "self-play runs",
    "push": "notification subscriptions",
    "push_test": "test notifications",
    "email": "mails to confirm an address",
    "password_reset": "password reset requests from your address",
}

_UNIT_WORDS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


def _window_words(rate: str) -> str:
    """'10/m' -> 'a minute', '3/10m' -> '10 minutes'."""
    period = rate.split("/", 1)[1]
    count, unit = period[:-1], _UNIT_WORDS[period[-1]]
    return f"a {unit}" if count in ("", "1") else f"{count} {unit}s"


def flood_refusal(request, channel: str) -> str | None:
    """Count one attempt on `channel` for this request's account and address.

    Returns None while both are within their limits, else the message to show.
    """
    if not settings.FLOOD_CONTROL:
        return None
    limits = settings.FLOOD_LIMITS[channel]
    for key in ("user", "ip"):
        rate = limits.get(key)
        if not rate or (key == "user" and not request.user.is_authenticated):
            continue
        try:
            limited = is_ratelimited(
                request, group=f"{settings.FLOOD_GROUP_PREFIX}{channel}:{key}", key=key,
                rate=rate, method=ALL, increment=True)
        except Exception:  # a cache that is down skips the limit; it never blocks a post
            log.warning("flood control skipped for %s: the cache failed", channel, exc_info=True)
            return None
        if limited:
            return (f"Too many {CHANNEL_NOUNS[channel]} in a short time: please wait "
                    f"{_window_words(rate)} and send again. Nothing was lost.")
    return None
