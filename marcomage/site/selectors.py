"""Site-wide queries: what the navigation bar announces on every page.

The unread-message count, incoming challenges, new forum posts, new card concepts and the
viewer's own mute are asked in one SQL query, so the busy pages pay a single query for all
the marks.
"""
from django.db.models import (
    CharField,
    Count,
    DateTimeField,
    Exists,
    IntegerField,
    OuterRef,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce

from concepts.selectors import new_concepts
from forum.selectors import unread_threads
from games.lobby.selectors import incoming_challenges
from players.inbox.selectors import unread_messages
from players.models import Player
from players.moderation.selectors import mute_text, mutes_in_force


def _count(queryset, group_field):
    """A subquery counting ``queryset``'s rows (0 when there are none)."""
    counted = (queryset.order_by().values(group_field).annotate(n=Count("pk")).values("n")[:1])
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def nav_notices(player, sections_open) -> dict:
    """The marks of the navigation, for ``player``:

    {"unread_messages": int, "challenges": int, "forum": bool, "concepts": bool,
     "mute": str or None (what the muted player reads on every page)}.

    A mark is False (or 0) when its section is not open to the player yet or the player
    turned its notification off in the settings (no SQL is spent on it then).
    """
    settings_row = player.settings
    annotations = {"n_unread": _count(unread_messages(player), "recipient")}
    if "games" in sections_open:
        annotations["n_challenges"] = _count(incoming_challenges(player), "player2")
    if "forum" in sections_open and settings_row.forum_notifications:
        annotations["forum_new"] = Exists(unread_threads(player))
    if "concepts" in sections_open and settings_row.concepts_notifications:
        annotations["concepts_new"] = Exists(new_concepts(player))
    mute = mutes_in_force().filter(player=OuterRef("pk")).order_by("-ends_at", "-pk")
    annotations["muted_until"] = Subquery(mute.values("ends_at")[:1],
                                          output_field=DateTimeField())
    annotations["mute_reason"] = Subquery(mute.values("reason")[:1], output_field=CharField())
    row = Player.objects.filter(pk=player.pk).values(**annotations).first() or {}
    muted_until = row.get("muted_until")
    return {"unread_messages": row.get("n_unread", 0),
            "challenges": row.get("n_challenges", 0),
            "forum": bool(row.get("forum_new")), "concepts": bool(row.get("concepts_new")),
            "mute": (mute_text(ends_at=muted_until, reason=row.get("mute_reason") or "")
                     if muted_until else None)}
