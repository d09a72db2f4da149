"""Forum state changes: threads, posts, moderation and read marks.

Every function runs in one transaction and keeps the thread's denormalised
counters (post_count, last_post_at, last_post_author) in step with its posts.
Errors a player can cause raise ForumError with a text to show them.
"""
from datetime import timedelta

from django.db import transaction
from django.db.models import DateTimeField, F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from marcomage.plumbing.bbcode import bbcode_to_html
from players import roles
from players.models import Player
from players.moderation.selectors import mute_refusal

from .models import (
    POST_BODY_MAX,
    THREAD_TITLE_MAX,
    ForumPost,
    ForumReadAll,
    ForumReadMark,
    ForumSection,
    ForumThread,
)

# A reply equal to the author's previous post in the thread, sent within this time,
# is a double submit (a second click, a resent form) and is refused.
DOUBLE_SUBMIT_WINDOW = timedelta(minutes=1)


class ForumError(Exception):
    """Something a player asked for cannot be done; the text says why."""


class DuplicatePostError(ForumError):
    """The reply (or new thread) repeats the author's own of a moment ago: a double submit.

    `thread` is the thread that already holds it.
    """

    def __init__(self, message, thread=None):
        super().__init__(message)
        self.thread = thread


def is_moderator(player: Player | None) -> bool:
    """Holds the forum's moderation permission (moderators and administrators)."""
    return roles.player_has_permission(player, roles.MODERATE_FORUM)


def _check_not_muted(player: Player) -> None:
    if refusal := mute_refusal(player):
        raise ForumError(refusal)


def can_edit_post(player: Player | None, post: ForumPost) -> bool:
    """Authors edit their own posts while the thread is open; moderators edit any post."""
    if player is None:
        return False
    if is_moderator(player):
        return True
    return post.author_id == player.pk and not post.thread.locked


can_delete_post = can_edit_post


def _clean_text(value: str, *, what: str, limit: int) -> str:
    value = (value or "").strip()
    if "\x00" in value:
        raise ForumError(f"The {what} contains a null character; please remove it.")
    if not value:
        raise ForumError(f"The {what} is empty.")
    if len(value) > limit:
        raise ForumError(f"The {what} may be at most {limit} characters long.")
    return value


def _clean_title(title: str) -> str:
    return _clean_text(title, what="title", limit=THREAD_TITLE_MAX)


def _clean_body(body: str) -> str:
    return _clean_text(body, what="post", limit=POST_BODY_MAX)


def _mark_read(player: Player, thread: ForumThread, moment) -> None:
    """Move the player's read mark on the thread forward to `moment` (never back)."""
    later = Greatest(F("read_at"), Value(moment, output_field=DateTimeField()))
    updated = ForumReadMark.objects.filter(player=player, thread=thread).update(read_at=later)
    if not updated:
        _, created = ForumReadMark.objects.get_or_create(
            player=player, thread=thread, defaults={"read_at": moment})
        if not created:  # someone (another tab) created it in between
            ForumReadMark.objects.filter(player=player, thread=thread).update(read_at=later)


def refresh_thread_counters(thread: ForumThread) -> None:
    """Recount the thread's posts and find its last one (after a deletion)."""
    last = (ForumPost.objects.filter(thread=thread).order_by("-created_at", "-pk")
            .values("created_at", "author_id").first())
    thread.post_count = ForumPost.objects.filter(thread=thread).count()
    if last is not None:
        thread.last_post_at = last["created_at"]
        thread.last_post_author_id = last["author_id"]
    thread.save(update_fields=["post_count", "last_post_at", "last_post_author"])


def _section_of(section: ForumSection | str) -> ForumSection:
    if isinstance(section, ForumSection):
        return section
    found = (ForumSection.objects.filter(slug=section).first()
             if isinstance(section, str) and "\x00" not in section else None)
    if found is None:
        raise ForumError("That forum section does not exist.")
    return found


@transaction.atomic
def thread_create(*, section: ForumSection | str, author: Player, title: str, body: str,
                  priority: str = "normal") -> ForumThread:
    """Open a thread in `section` (a section or its slug) with its first post."""
    section = _section_of(section)
    title = _clean_title(title)
    body = _clean_body(body)
    if priority not in ForumThread.Priority.values:
        raise ForumError("Unknown thread priority.")
    _check_not_muted(author)
    # Two copies of the same form sent at once queue here, so the second sees the first.
    Player.objects.select_for_update().filter(pk=author.pk).first()
    now = timezone.now()
    twin = (ForumThread.objects.filter(section=section, author=author, title=title,
                                       created_at__gte=now - DOUBLE_SUBMIT_WINDOW,
                                       posts__body=body).first())
    if twin is not None:
        raise DuplicatePostError("You have just opened this very thread; it was not opened a "
                                 "second time.", thread=twin)
    thread = ForumThread.objects.create(
        section=section, title=title, author=author, priority=priority, created_at=now,
        last_post_at=now, last_post_author=author, post_count=1)
    ForumPost.objects.create(thread=thread, author=author, body=body,
                             body_html=bbcode_to_html(body), created_at=now)
    _mark_read(author, thread, now)
    return thread


@transaction.atomic
def post_create(*, thread: ForumThread, author: Player, body: str) -> ForumPost:
    """Reply in a thread. Refused in a locked thread (moderators excepted) and when it repeats
    the author's previous post in the thread within a minute (a double submit)."""
    body = _clean_body(body)
    _check_not_muted(author)
    thread = ForumThread.objects.select_for_update().get(pk=thread.pk)
    if thread.locked and not is_moderator(author):
        raise ForumError("This thread is locked: no new replies can be posted.")
    now = timezone.now()
    previous = (ForumPost.objects.filter(thread=thread, author=author)
                .order_by("-created_at", "-pk").values("body", "created_at").first())
    if (previous is not None and previous["body"] == body
            and now - previous["created_at"] < DOUBLE_SUBMIT_WINDOW):
        raise DuplicatePostError("You have just posted exactly this reply; it was not posted "
                                 "a second time.", thread=thread)
    post = ForumPost.objects.create(thread=thread, author=author, body=body,
                                    body_html=bbcode_to_html(body), created_at=now)
    ForumThread.objects.filter(pk=thread.pk).update(
        post_count=F("post_count") + 1, last_post_at=now, last_post_author=author)
    _mark_read(author, thread, now)
    return post


@transaction.atomic
def post_edit(*, post: ForumPost, editor: Player, body: str, title: str | None = None) -> ForumPost:
    """Change a post's text (and the thread title when it is the thread's first post)."""
    post = (ForumPost.objects.select_for_update().select_related("thread")
            .filter(pk=post.pk).first())
    if post is None:
        raise ForumError("That post has been deleted in the meantime; nothing was saved.")
    if not can_edit_post(editor, post):
        raise ForumError("You may not edit this post.")
    _check_not_muted(editor)  # else a muted player could rewrite old posts instead
    body = _clean_body(body)
    post.body = body
    post.body_html = bbcode_to_html(body)
    post.edited_at = timezone.now()
    post.edited_by = editor
    post.save(update_fields=["body", "body_html", "edited_at", "edited_by"])
    if title is not None and post_is_first(post):
        post.thread.title = _clean_title(title)
        post.thread.save(update_fields=["title"])
    return post


def post_is_first(post: ForumPost) -> bool:
    first_id = (ForumPost.objects.filter(thread_id=post.thread_id).order_by("created_at", "pk")
                .values_list("pk", flat=True).first())
    return first_id == post.pk


@transaction.atomic
def post_delete(*, post: ForumPost, actor: Player) -> ForumThread | None:
    """Delete a post; deleting a thread's first post deletes the whole thread.

    Returns the thread when it still exists, None when it went with the post.
    """
    post = (ForumPost.objects.select_for_update().select_related("thread")
            .filter(pk=post.pk).first())
    if post is None:
        raise ForumError("That post has already been deleted.")
    if not can_delete_post(actor, post):
        raise ForumError("You may not delete this post.")
    thread = ForumThread.objects.select_for_update().get(pk=post.thread_id)
    if post_is_first(post):
        thread.delete()
        return None
    post.delete()
    refresh_thread_counters(thread)
    return thread


def _moderator_only(actor: Player) -> None:
    if not is_moderator(actor):
        raise ForumError("Only moderators may do that.")


@transaction.atomic
def thread_set_locked(*, thread: ForumThread, actor: Player, locked: bool) -> ForumThread:
    _moderator_only(actor)
    ForumThread.objects.filter(pk=thread.pk).update(locked=bool(locked))
    thread.locked = bool(locked)
    return thread


@transaction.atomic
def thread_set_priority(*, thread: ForumThread, actor: Player, priority: str) -> ForumThread:
    _moderator_only(actor)
    if priority not in ForumThread.Priority.values:
        raise ForumError("Unknown thread priority.")
    thread.priority = priority
    thread.save(update_fields=["priority"])
    return thread


@transaction.atomic
def thread_move(*, thread: ForumThread, actor: Player,
                section: ForumSection | str) -> ForumThread:
    _moderator_only(actor)
    section = _section_of(section)
    thread.section = section
    thread.save(update_fields=["section"])
    return thread


def thread_mark_read(*, thread: ForumThread, player: Player, up_to) -> None:
    """The player has seen the thread's posts up to the time `up_to`."""
    _mark_read(player, thread, up_to)


@transaction.atomic
def forum_mark_all_read(player: Player) -> None:
    """Every thread counts as read now (the "mark all read" button).

    One row per player: threads whose last post is older than it count as read.
    The per-thread marks older than it are dropped; they say nothing more.
    """
    now = timezone.now()
    ForumReadAll.objects.update_or_create(player=player, defaults={"read_at": now})
    ForumReadMark.objects.filter(player=player, read_at__lte=now).delete()
