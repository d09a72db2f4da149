"""Forum services: threads, replies, edits, deletions, moderation and their counters."""
from datetime import timedelta

import pytest
from django.utils import timezone

from forum import services
from forum.models import POST_BODY_MAX, ForumPost, ForumSection, ForumThread
from forum.services import DuplicatePostError, ForumError

pytestmark = pytest.mark.django_db


def test_thread_create_by_slug_or_section(alice):
    by_slug = services.thread_create(section="game", author=alice, title="  Walls first? ",
                                     body="Discuss.")
    section = ForumSection.objects.get(slug="off-topic")
    by_object = services.thread_create(section=section, author=alice, title="Hello", body="Hi",
                                       priority="important")
    assert by_slug.section.slug == "game" and by_slug.title == "Walls first?"
    assert by_slug.post_count == 1 and by_slug.last_post_author == alice
    assert by_slug.posts.get().body_html == "Discuss."
    assert by_object.priority == "important" and by_object.priority_rank == 1


def test_default_sections_exist_in_order():
    slugs = list(ForumSection.objects.values_list("slug", flat=True))
    assert slugs == ["general", "game", "concepts", "development", "off-topic"]
    assert all(ForumSection.objects.values_list("description", flat=True))


@pytest.mark.parametrize("title, body, message", [
    ("", "body", "title is empty"),
    ("x" * 81, "body", "at most 80"),
    ("ok", "   ", "post is empty"),
    ("ok", "x" * (POST_BODY_MAX + 1), "at most 10000"),
    ("bad\x00title", "body", "null character"),
    ("ok", "bad\x00body", "null character"),
])
def test_thread_create_refuses_bad_input(alice, title, body, message):
    with pytest.raises(ForumError, match=message):
        services.thread_create(section="general", author=alice, title=title, body=body)
    assert not ForumThread.objects.exists()


def test_thread_create_refuses_unknown_section_and_priority(alice):
    for slug in ("nowhere", "gen\x00eral"):
        with pytest.raises(ForumError, match="does not exist"):
            services.thread_create(section=slug, author=alice, title="t", body="b")
    with pytest.raises(ForumError, match="priority"):
        services.thread_create(section="general", author=alice, title="t", body="b",
                               priority="urgent")


def test_reply_updates_counters(thread, bob):
    post = services.post_create(thread=thread, author=bob, body="Quarry, always.")
    thread.refresh_from_db()
    assert thread.post_count == 2
    assert thread.last_post_at == post.created_at and thread.last_post_author == bob


def test_double_submit_is_refused_but_a_later_repeat_is_not(thread, bob):
    services.post_create(thread=thread, author=bob, body="Same words")
    with pytest.raises(DuplicatePostError):
        services.post_create(thread=thread, author=bob, body="Same words ")
    assert ForumPost.objects.filter(author=bob).count() == 1
    ForumPost.objects.filter(author=bob).update(created_at=timezone.now() - timedelta(minutes=2))
    services.post_create(thread=thread, author=bob, body="Same words")
    thread.refresh_from_db()
    assert thread.post_count == 3


def test_locked_thread_refuses_replies_except_from_staff(thread, bob, moderator):
    services.thread_set_locked(thread=thread, actor=moderator, locked=True)
    with pytest.raises(ForumError, match="locked"):
        services.post_create(thread=thread, author=bob, body="Let me in")
    services.post_create(thread=thread, author=moderator, body="Closed, see the rules.")
    thread.refresh_from_db()
    assert thread.post_count == 2 and thread.locked


def test_edit_own_post_and_title_of_first_post(thread, alice):
    post = thread.posts.get()
    services.post_edit(post=post, editor=alice, body="[b]New[/b] text", title="Renamed")
    post.refresh_from_db()
    thread.refresh_from_db()
    assert post.body_html == "<b>New</b> text" and post.edited_by == alice
    assert post.edited_at is not None and thread.title == "Renamed"


def test_editing_a_reply_never_changes_the_title(thread, bob):
    reply = services.post_create(thread=thread, author=bob, body="first")
    services.post_edit(post=reply, editor=bob, body="second", title="Hijacked")
    thread.refresh_from_db()
    assert thread.title == "Best opening cards"


def test_outsider_and_locked_edits_are_refused(thread, alice, carol, moderator):
    post = thread.posts.get()
    with pytest.raises(ForumError, match="may not edit"):
        services.post_edit(post=post, editor=carol, body="mine now")
    services.thread_set_locked(thread=thread, actor=moderator, locked=True)
    with pytest.raises(ForumError, match="may not edit"):
        services.post_edit(post=post, editor=alice, body="after the lock")
    services.post_edit(post=post, editor=moderator, body="Moderated")
    post.refresh_from_db()
    assert post.body == "Moderated" and post.edited_by == moderator


def test_edit_of_a_deleted_post_says_so(thread, bob):
    reply = services.post_create(thread=thread, author=bob, body="soon gone")
    ForumPost.objects.filter(pk=reply.pk).delete()
    with pytest.raises(ForumError, match="deleted in the meantime"):
        services.post_edit(post=reply, editor=bob, body="edit")


def test_delete_reply_recomputes_last_post(thread, alice, bob):
    first = thread.posts.get()
    reply = services.post_create(thread=thread, author=bob, body="later")
    remaining = services.post_delete(post=reply, actor=bob)
    assert remaining is not None
    thread.refresh_from_db()
    assert thread.post_count == 1
    assert thread.last_post_at == first.created_at and thread.last_post_author == alice
    with pytest.raises(ForumError, match="already been deleted"):
        services.post_delete(post=reply, actor=bob)


def test_deleting_first_post_deletes_the_thread(thread, alice, bob):
    services.post_create(thread=thread, author=bob, body="reply")
    assert services.post_delete(post=thread.posts.first(), actor=alice) is None
    assert not ForumThread.objects.exists() and not ForumPost.objects.exists()


def test_outsider_cannot_delete_but_staff_can(thread, bob, carol, moderator):
    reply = services.post_create(thread=thread, author=bob, body="reply")
    with pytest.raises(ForumError, match="may not delete"):
        services.post_delete(post=reply, actor=carol)
    assert ForumPost.objects.filter(pk=reply.pk).exists()
    services.post_delete(post=reply, actor=moderator)
    assert not ForumPost.objects.filter(pk=reply.pk).exists()


def test_moderation_is_staff_only(thread, alice, moderator):
    for call in (
        lambda: services.thread_set_locked(thread=thread, actor=alice, locked=True),
        lambda: services.thread_set_priority(thread=thread, actor=alice, priority="sticky"),
        lambda: services.thread_move(thread=thread, actor=alice, section="off-topic"),
    ):
        with pytest.raises(ForumError, match="moderators"):
            call()
    thread.refresh_from_db()
    assert (thread.locked, thread.priority, thread.section.slug) == (False, "normal", "general")
    services.thread_set_priority(thread=thread, actor=moderator, priority="sticky")
    services.thread_move(thread=thread, actor=moderator, section="off-topic")
    thread.refresh_from_db()
    assert thread.priority == "sticky" and thread.priority_rank == 2
    assert thread.section.slug == "off-topic"
    with pytest.raises(ForumError):
        services.thread_set_priority(thread=thread, actor=moderator, priority="bogus")


def test_admin_style_save_keeps_priority_rank(thread):
    thread.priority = "important"
    thread.save()
    assert ForumThread.objects.get(pk=thread.pk).priority_rank == 1


def test_reserved_section_slug_is_refused():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        ForumSection(name="Search", slug="search").full_clean()
