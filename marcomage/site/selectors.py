"""Site-wide queries: what the navigation bar announces on every page.

The unread-message count, incoming challenges, new forum posts, new card concepts and the
viewer's own mute are asked in one SQL query, so the busy pages pay a single query for all
the marks.
"""
import itertools

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
from django.utils import timezone

from concepts.selectors import new_concepts
from forum.selectors import unread_threads
from games.lobby.selectors import games_on_turn, incoming_challenges
from games.tournaments.selectors import open_entries
from marcomage.prepared import PreparedQuery
from players.inbox.selectors import unread_messages
from players.models import Player
from players.moderation.selectors import mute_text, mutes_in_force
from players.notifications.selectors import unread_notices


def _count(queryset, group_field):
    """A subquery counting ``queryset``'s rows (0 when there are none)."""
    counted = (queryset.order_by().values(group_field).annotate(n=Count("pk")).values("n")[:1])
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def _nav_marks_query(challenges: bool, forum: bool, concepts: bool):
    """The navigation's query for one player, of this shape (which marks it asks for)."""
    def build(player_id, registered_at, now):
        # A stand-in with the keys: the selectors below read only the id and registration.
        player = Player(pk=player_id, created_at=registered_at)
        annotations = {"n_unread": _count(unread_messages(player), "recipient"),
                       "n_notices": _count(unread_notices(player), "player")}
        if challenges:
            annotations["n_challenges"] = _count(incoming_challenges(player), "player2")
            # (grouped by the status the rows share: one row, the count)
            annotations["n_on_turn"] = _count(games_on_turn(player), "status")
            # The event the player is in (running first): the top bar's link to it.
            event = open_entries(player_id).order_by("tournament__status", "tournament__starts_at")
            annotations["tournament_id"] = Subquery(event.values("tournament_id")[:1])
            annotations["tournament_name"] = Subquery(event.values("tournament__name")[:1],
                                                      output_field=CharField())
        if forum:
            annotations["forum_new"] = Exists(unread_threads(player))
        if concepts:
            annotations["concepts_new"] = Exists(new_concepts(player))
        mute = mutes_in_force(now=now).filter(player=OuterRef("pk")).order_by("-ends_at", "-pk")
        annotations["muted_until"] = Subquery(mute.values("ends_at")[:1],
                                              output_field=DateTimeField())
        annotations["mute_reason"] = Subquery(mute.values("reason")[:1],
                                              output_field=CharField())
        return Player.objects.filter(pk=player_id).values(**annotations)
    return PreparedQuery(build)


# Asked on every page: compiled once per process and shape (marcomage/prepared.py). Built
# by the ORM on each page it cost 4 ms of Python, a fifth of a server process's CPU while
# players arrived (py-spy, devtools/load.py at 200 games).
_NAV_MARKS = {shape: _nav_marks_query(*shape)
              for shape in itertools.product((False, True), repeat=3)}


def nav_notices(player, sections_open) -> dict:
    """The marks of the navigation, for ``player``:

    {"unread_messages": int, "notices": int (the bell's unread), "challenges": int,
     "games_on_turn": int (running games waiting for the player's move),
     "forum": bool, "concepts": bool,
     "tournament": the id of an event the player is in or None, "tournament_name": str,
     "mute": str or None (what the muted player reads on every page)}.

    A mark is False (or 0) when its section is not open to the player yet or the player
    turned its notification off in the settings (no SQL is spent on it then).
    """
    settings_row = player.settings
    shape = ("games" in sections_open,
             "forum" in sections_open and settings_row.forum_notifications,
             "concepts" in sections_open and settings_row.concepts_notifications)
    row = _NAV_MARKS[shape].row(player.pk, player.created_at, timezone.now()) or {}
    muted_until = row.get("muted_until")
    return {"unread_messages": row.get("n_unread", 0), "notices": row.get("n_notices", 0),
            "challenges": row.get("n_challenges", 0), "games_on_turn": row.get("n_on_turn", 0),
            "forum": bool(row.get("forum_new")), "concepts": bool(row.get("concepts_new")),
            "tournament": row.get("tournament_id"),
            "tournament_name": row.get("tournament_name") or "",
            "mute": (mute_text(ends_at=muted_until, reason=row.get("mute_reason") or "")
                     if muted_until else None)}
