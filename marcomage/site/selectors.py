"""Site-wide queries: what the navigation bar announces on every page.

The unread-message count, new forum posts and new card concepts are asked in one SQL
query, so the busy pages pay a single query for all three marks.
"""
from django.db.models import Count, Exists, IntegerField, Subquery, Value
from django.db.models.functions import Coalesce

from concepts.selectors import new_concepts
from forum.selectors import unread_threads
from players.inbox.selectors import unread_messages
from players.models import Player


def nav_notices(player, sections_open) -> dict:
    """{"unread_messages": int, "forum": bool, "concepts": bool} for the navigation.

    A mark is False when its section is not open to the player yet or the player turned
    its notification off in the settings (no SQL is spent on it then).
    """
    settings_row = player.settings
    unread = (unread_messages(player).order_by().values("recipient")
              .annotate(n=Count("pk")).values("n")[:1])
    annotations = {"n_unread": Coalesce(Subquery(unread, output_field=IntegerField()),
                                               Value(0))}
    if "forum" in sections_open and settings_row.forum_notifications:
        annotations["forum_new"] = Exists(unread_threads(player))
    if "concepts" in sections_open and settings_row.concepts_notifications:
        annotations["concepts_new"] = Exists(new_concepts(player))
    row = Player.objects.filter(pk=player.pk).values(**annotations).first() or {}
    return {"unread_messages": row.get("n_unread", 0),
            "forum": bool(row.get("forum_new")), "concepts": bool(row.get("concepts_new"))}
