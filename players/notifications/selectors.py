"""The bell's and the notifications page's queries."""
from players.models import Notification

BELL_SIZE = 8


def bell_notices(player):
    """The notices the bell shows, newest first (dispatched, with the site channel on)."""
    return Notification.objects.filter(player=player, on_site=True,
                                       dispatched_at__isnull=False)


def unread_notices(player):
    """The bell's unread notices (counted in the navigation's one query:
    marcomage/site/selectors.py)."""
    return bell_notices(player).filter(read_at__isnull=True)


def unread_count(player) -> int:
    return unread_notices(player).count()


def bell_latest(player) -> list:
    return list(bell_notices(player).only("pk", "kind", "title", "body", "created_at",
                                          "read_at")[:BELL_SIZE])
