"""Read-only forum queries shaped for the pages, each with a fixed number of SQL queries.

When is a thread "unread" for a player? When its last post is newer than all of:
  * the player's registration (Player.created_at): a new player does not see the
    whole history as new;
  * the player's "mark everything read" moment (ForumReadAll), if any;
  * the player's read mark on that thread (ForumReadMark), if any.
"""
import re

from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from .models import ForumPost, ForumReadAll, ForumReadMark, ForumSection, ForumThread

THREADS_PER_PAGE = 30
POSTS_PER_PAGE = 20
SEARCH_RESULTS_PER_PAGE = 20
SEARCH_MIN_LENGTH = 3
SEARCH_MAX_LENGTH = 100
SNIPPET_LENGTH = 200


def unread_threads(player):
    """Threads with posts the player has not read (see the module docstring)."""
    read_all = ForumReadAll.objects.filter(player=player, read_at__gte=OuterRef("last_post_at"))
    read_mark = ForumReadMark.objects.filter(player=player, thread=OuterRef("pk"),
                                             read_at__gte=OuterRef("last_post_at"))
    return ForumThread.objects.filter(last_post_at__gt=player.created_at).filter(
        ~Exists(read_all), ~Exists(read_mark))


def forum_has_unread(player) -> bool:
    """Is there any thread with a post the player has not read? One query.

    A thread counts as read when its last post is older than the player's
    registration, older than the player's last "mark everything read", or not newer
    than the player's read mark on that thread (set when the player opens a page of
    it, up to the newest post shown, and when they post in it). Returns False
    without a query when the player turned forum notifications off in the settings.
    """
    if player is None:
        return False
    settings_row = getattr(player, "settings", None)
    if settings_row is not None and not settings_row.forum_notifications:
        return False
    return unread_threads(player).exists()


def forum_url_for_thread(thread) -> str:
    return thread.get_absolute_url()


def read_floor(player):
    """Before this moment every post counts as read for the player (one query)."""
    read_all = (ForumReadAll.objects.filter(player=player)
                .values_list("read_at", flat=True).first())
    return max(player.created_at, read_all) if read_all else player.created_at


def section_index(player) -> list:
    """Sections in order, each with thread_count, post_total, has_unread and
    latest_thread (with its last poster) or None. Two queries."""
    latest = (ForumThread.objects.filter(section=OuterRef("pk"))
              .order_by("-last_post_at", "-pk").values("pk")[:1])
    sections = list(ForumSection.objects.annotate(
        thread_count=Count("threads"),
        post_total=Coalesce(Sum("threads__post_count"), 0),
        latest_thread_id=Subquery(latest),
        has_unread=Exists(unread_threads(player).filter(section=OuterRef("pk"))),
    ).order_by("position", "name"))
    ids = [s.latest_thread_id for s in sections if s.latest_thread_id]
    threads = ForumThread.objects.select_related("last_post_author__user").in_bulk(ids)
    for section in sections:
        section.latest_thread = threads.get(section.latest_thread_id)
    return sections


def section_by_slug(slug):
    if not slug or "\x00" in slug:
        return None
    return ForumSection.objects.filter(slug=slug).first()


def _with_read_marks(threads, player):
    mark = ForumReadMark.objects.filter(player=player, thread=OuterRef("pk")).values("read_at")
    return threads.annotate(viewer_read_at=Subquery(mark[:1]))


def _flag_unread(threads, floor) -> None:
    for thread in threads:
        seen = max(floor, thread.viewer_read_at) if thread.viewer_read_at else floor
        thread.is_unread = thread.last_post_at > seen


def thread_list_page(section, player, page=1):
    """One page of a section's threads: sticky, then important, then normal, each by
    last post, newest first; each thread has is_unread. Three queries."""
    threads = _with_read_marks(
        ForumThread.objects.filter(section=section)
        .select_related("author__user", "last_post_author__user")
        .order_by("-priority_rank", "-last_post_at", "-pk"), player)
    page_obj = Paginator(threads, THREADS_PER_PAGE).get_page(page)
    _flag_unread(page_obj.object_list, read_floor(player))
    return page_obj


# Larger numbers overflow the database's integer column: such an id cannot exist.
_MAX_ID = 2**63 - 1


def _valid_id(pk) -> bool:
    return isinstance(pk, int) and 0 < pk <= _MAX_ID


def thread_by_id(pk):
    if not _valid_id(pk):
        return None
    # "concept": the card concept this thread discusses, if any (a reverse one-to-one);
    # "deck": the deck it discusses, if any (forum/deck_threads.py).
    return (ForumThread.objects.select_related("section", "author__user", "concept",
                                               "deck__player__user")
            .filter(pk=pk).first())


def post_by_id(pk):
    if not _valid_id(pk):
        return None
    return (ForumPost.objects.select_related("thread__section", "author__user")
            .filter(pk=pk).first())


def post_exists(pk) -> bool:
    return _valid_id(pk) and ForumPost.objects.filter(pk=pk).exists()


def last_post_of(thread):
    return ForumPost.objects.filter(thread=thread).order_by("-created_at", "-pk").first()


def thread_read_at(thread, player):
    """Up to when the player had read this thread (registration and "all read" included)."""
    floor = read_floor(player)
    mark = (ForumReadMark.objects.filter(player=player, thread=thread)
            .values_list("read_at", flat=True).first())
    return max(floor, mark) if mark else floor


def thread_posts_page(thread, page=1):
    posts = (ForumPost.objects.filter(thread=thread)
             .select_related("author__user", "author__settings", "edited_by__user")
             .order_by("created_at", "pk"))
    return Paginator(posts, POSTS_PER_PAGE).get_page(page)


def first_post_id(thread):
    return (ForumPost.objects.filter(thread=thread).order_by("created_at", "pk")
            .values_list("pk", flat=True).first())


def first_unread_post_id(thread, read_at):
    return (ForumPost.objects.filter(thread=thread, created_at__gt=read_at)
            .order_by("created_at", "pk").values_list("pk", flat=True).first())


def page_of_post(post) -> int:
    """The page of its thread on which a post appears."""
    before = ForumPost.objects.filter(thread_id=post.thread_id).filter(
        Q(created_at__lt=post.created_at) | Q(created_at=post.created_at, pk__lt=post.pk)).count()
    return before // POSTS_PER_PAGE + 1


def sections_for_move():
    return list(ForumSection.objects.order_by("position", "name"))


_BBCODE_TAG = re.compile(r"\[/?[a-zA-Z]+(?:=[^\]]*)?\]")


def snippet(text: str, query: str, length: int = SNIPPET_LENGTH) -> str:
    """Plain text (BBCode tags removed) around the first place `query` appears."""
    plain = " ".join(_BBCODE_TAG.sub(" ", text or "").split())
    at = plain.casefold().find(query.casefold())
    start = max(0, at - length // 3) if at > 0 else 0
    piece = plain[start:start + length]
    return ("…" if start else "") + piece + ("…" if start + length < len(plain) else "")


def search_page(query: str, page=1):
    """Threads whose title or any post contains `query` (any case), latest activity
    first, each with the first matching post (match_post_id) and a snippet. Two queries."""
    matches = (ForumPost.objects.filter(thread=OuterRef("pk"), body__icontains=query)
               .order_by("created_at", "pk"))
    first = ForumPost.objects.filter(thread=OuterRef("pk")).order_by("created_at", "pk")
    threads = (ForumThread.objects.filter(Q(title__icontains=query) | Exists(matches))
               .select_related("section", "last_post_author__user")
               .annotate(match_post_id=Subquery(matches.values("pk")[:1]),
                         match_body=Subquery(matches.values("body")[:1]),
                         first_body=Subquery(first.values("body")[:1]))
               .order_by("-last_post_at", "-pk"))
    page_obj = Paginator(threads, SEARCH_RESULTS_PER_PAGE).get_page(page)
    for thread in page_obj.object_list:
        thread.snippet = snippet(thread.match_body or thread.first_body or "", query)
    return page_obj
