"""New-post marks: forum_has_unread, read marks set by reading and posting, mark all read."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from forum import selectors, services
from forum.models import ForumPost, ForumReadAll, ForumReadMark, ForumThread
from players.models import Player, PlayerSettings

pytestmark = pytest.mark.django_db


@pytest.fixture
def veterans(alice, bob, carol):
    """alice, bob and carol registered long before any forum post."""
    Player.objects.update(created_at=timezone.now() - timedelta(days=30))
    for player in (alice, bob, carol):
        player.refresh_from_db()
    return alice, bob, carol


def test_new_thread_is_unread_for_others_not_for_its_author(veterans):
    alice, bob, _ = veterans
    assert not selectors.forum_has_unread(bob)
    services.thread_create(section="general", author=alice, title="Hi", body="Hello")
    assert selectors.forum_has_unread(bob)
    assert not selectors.forum_has_unread(alice)


def test_forum_has_unread_is_one_query(veterans, django_assert_num_queries):
    alice, bob, _ = veterans
    for n in range(5):
        services.thread_create(section="general", author=alice, title=f"T{n}", body="x")
    bob.settings  # noqa: B018  (the badge reads the viewer's settings already loaded)
    with django_assert_num_queries(1):
        assert selectors.forum_has_unread(bob)


def test_history_older_than_registration_is_not_new(alice):
    services.thread_create(section="general", author=alice, title="Old news", body="x")
    ForumThread.objects.update(last_post_at=timezone.now() - timedelta(days=5))
    from tests.factories import PlayerFactory

    newcomer = PlayerFactory(user__username="newcomer")
    assert not selectors.forum_has_unread(newcomer)
    thread = ForumThread.objects.get()
    services.post_create(thread=thread, author=alice, body="Fresh reply")
    assert selectors.forum_has_unread(newcomer)


def test_replying_marks_the_thread_read_for_the_replier(veterans):
    alice, bob, _ = veterans
    thread = services.thread_create(section="general", author=alice, title="Hi", body="Hello")
    services.post_create(thread=thread, author=bob, body="Hi alice")
    assert not selectors.forum_has_unread(bob)
    assert selectors.forum_has_unread(alice)


def test_mark_all_read(veterans, client_of):
    alice, bob, _ = veterans
    for n in range(3):
        services.thread_create(section="game", author=alice, title=f"T{n}", body="x")
    response = client_of(bob).post(reverse("forum:mark_all_read"), follow=True)
    assert "marked as read" in response.content.decode()
    assert not selectors.forum_has_unread(bob)
    assert ForumReadAll.objects.filter(player=bob).exists()
    assert not ForumReadMark.objects.filter(player=bob).exists()
    # a later post is new again
    services.post_create(thread=ForumThread.objects.first(), author=alice, body="more")
    assert selectors.forum_has_unread(bob)


def test_mark_all_read_refuses_get(bob, client_of):
    assert client_of(bob).get(reverse("forum:mark_all_read")).status_code == 405


def test_notifications_setting_turns_the_badge_off(veterans):
    alice, bob, _ = veterans
    services.thread_create(section="general", author=alice, title="Hi", body="Hello")
    PlayerSettings.objects.filter(player=bob).update(forum_notifications=False)
    bob = Player.objects.select_related("settings").get(pk=bob.pk)
    assert not selectors.forum_has_unread(bob)


def test_opening_a_page_marks_read_up_to_the_newest_post_shown(veterans, client_of):
    alice, bob, _ = veterans
    thread = services.thread_create(section="general", author=alice, title="Long", body="p0")
    base = timezone.now() - timedelta(hours=1)
    for n in range(1, 25):
        services.post_create(thread=thread, author=alice, body=f"p{n}")
    for n, post in enumerate(ForumPost.objects.order_by("pk")):
        ForumPost.objects.filter(pk=post.pk).update(created_at=base + timedelta(minutes=n))
    thread_last = ForumPost.objects.order_by("-pk").first().created_at
    ForumThread.objects.filter(pk=thread.pk).update(last_post_at=thread_last)
    client = client_of(bob)
    url = reverse("forum:thread", args=[thread.pk])

    first = client.get(url)
    posts = first.context["posts"]
    assert len(posts) == selectors.POSTS_PER_PAGE and all(p.is_unread for p in posts)
    assert first.content.decode().count('class="tag tag-new"') == selectors.POSTS_PER_PAGE
    mark = ForumReadMark.objects.get(player=bob, thread=thread)
    assert mark.read_at == posts[-1].created_at
    assert selectors.forum_has_unread(bob)  # page 2 is still unread

    again = client.get(url)  # page 1 again: nothing new there; page 2 still waits
    assert not any(p.is_unread for p in again.context["posts"])
    first_unread = again.context["first_unread_id"]
    assert first_unread == ForumPost.objects.order_by("pk")[selectors.POSTS_PER_PAGE].pk
    assert reverse("forum:post", args=[first_unread]) in again.content.decode()

    jump = client.get(reverse("forum:post", args=[first_unread]))
    assert jump.status_code == 302 and jump.url.endswith(f"?page=2#post-{first_unread}")
    second = client.get(jump.url)
    assert [p.is_unread for p in second.context["posts"]] == [True] * 5
    assert not selectors.forum_has_unread(bob)


def test_read_marks_never_move_back(veterans, client_of):
    alice, bob, _ = veterans
    thread = services.thread_create(section="general", author=alice, title="T", body="x")
    services.post_create(thread=thread, author=bob, body="y")
    mark = ForumReadMark.objects.get(player=bob, thread=thread).read_at
    services.thread_mark_read(thread=thread, player=bob, up_to=mark - timedelta(days=1))
    assert ForumReadMark.objects.get(player=bob, thread=thread).read_at == mark


def test_index_and_section_show_new_marks(veterans, client_of):
    alice, bob, _ = veterans
    thread = services.thread_create(section="game", author=alice, title="Fresh", body="x")
    client = client_of(bob)
    sections = {s.slug: s for s in client.get(reverse("forum:index")).context["sections"]}
    assert sections["game"].has_unread and not sections["general"].has_unread
    listing = client.get(reverse("forum:section", args=["game"]))
    assert listing.context["page_obj"].object_list[0].is_unread
    assert "forum-last forum-last-unread" in listing.content.decode()
    client.get(reverse("forum:thread", args=[thread.pk]))
    sections = {s.slug: s for s in client.get(reverse("forum:index")).context["sections"]}
    assert not sections["game"].has_unread
    listing = client.get(reverse("forum:section", args=["game"]))
    assert not listing.context["page_obj"].object_list[0].is_unread
    assert "forum-last forum-last-unread" not in listing.content.decode()
