"""The kinds of notice, the channels, and what a player gets before he chooses.

Every kind reaches the bell, a verified mail address and the player's push subscriptions
unless he turns it off there; an opponent away for three weeks is no reason to buzz a
phone, so its push is off at first.
"""
from datetime import timedelta

from players.models import Notification

Kind = Notification.Kind

SITE, EMAIL, PUSH = "site", "email", "push"
CHANNELS = (SITE, EMAIL, PUSH)
CHANNEL_LABELS = {SITE: "On the site", EMAIL: "Email", PUSH: "Push"}

KINDS = tuple(Kind.values)

DEFAULT_CHANNELS = {
    Kind.YOUR_TURN: (SITE, EMAIL, PUSH),
    Kind.CHALLENGE: (SITE, EMAIL, PUSH),
    Kind.MESSAGE: (SITE, EMAIL, PUSH),
    Kind.TOURNAMENT: (SITE, EMAIL, PUSH),
    Kind.TIME_LIMIT: (SITE, EMAIL, PUSH),
    Kind.ABORTABLE: (SITE, EMAIL),
}

# Per player, kind and channel: at most this many sent (or on their way) in the window;
# past it the notice stays in the bell and that channel skips it ("rate limit"). A player
# away with fifteen games gets a few mails an hour, not one per move of each.
RATE_LIMITS = {
    EMAIL: {
        Kind.YOUR_TURN: (6, timedelta(hours=1)),
        Kind.CHALLENGE: (10, timedelta(hours=1)),
        Kind.MESSAGE: (10, timedelta(hours=1)),
        Kind.TOURNAMENT: (6, timedelta(hours=1)),
        Kind.TIME_LIMIT: (6, timedelta(hours=1)),
        Kind.ABORTABLE: (10, timedelta(days=1)),
    },
    PUSH: {
        Kind.YOUR_TURN: (30, timedelta(hours=1)),
        Kind.CHALLENGE: (20, timedelta(hours=1)),
        Kind.MESSAGE: (30, timedelta(hours=1)),
        Kind.TOURNAMENT: (20, timedelta(hours=1)),
        Kind.TIME_LIMIT: (20, timedelta(hours=1)),
        Kind.ABORTABLE: (20, timedelta(days=1)),
    },
}

