"""Who may do what in the forum, tried from the outside: refusals change nothing."""
import pytest
from django.urls import reverse

from forum import services
from forum.models import ForumPost, ForumThread

pytestmark = pytest.mark.django_db


def snapshot():
    return (list(ForumThread.objects.order_by("pk").values()),
            list(ForumPost.objects.order_by("pk").values()))


def test_outsider_cannot_edit_or_delete_someone_elses_post(thread, carol, client_of):
    post = thread.posts.get()
    client = client_of(carol)
    before = snapshot()
    assert client.get(reverse("forum:post_edit", args=[post.pk])).status_code == 403
    assert client.post(reverse("forum:post_edit", args=[post.pk]),
                       {"body": "defaced", "title": "defaced"}).status_code == 403
    assert client.get(reverse("forum:post_delete", args=[post.pk])).status_code == 403
    assert client.post(reverse("forum:post_delete", args=[post.pk])).status_code == 403
    assert snapshot() == before
    page = client.get(reverse("forum:thread", args=[thread.pk])).content.decode()
    assert reverse("forum:post_edit", args=[post.pk]) not in page
    assert reverse("forum:post_delete", args=[post.pk]) not in page


@pytest.mark.parametrize("name, data", [
    ("forum:thread_lock", {"locked": "1"}),
    ("forum:thread_priority", {"priority": "sticky"}),
    ("forum:thread_move", {"section": "off-topic"}),
])
def test_players_cannot_moderate(thread, alice, carol, client_of, name, data):
    before = snapshot()
    for player in (alice, carol):  # not even the thread's author
        response = client_of(player).post(reverse(name, args=[thread.pk]), data)
        assert response.status_code == 403
    assert snapshot() == before
    assert client_of(alice).get(reverse(name, args=[thread.pk])).status_code == 405


def test_moderation_forms_only_for_staff(thread, alice, moderator, client_of):
    assert "Moderation" not in client_of(alice).get(
        reverse("forum:thread", args=[thread.pk])).content.decode()
    assert "Moderation" in client_of(moderator).get(
        reverse("forum:thread", args=[thread.pk])).content.decode()


def test_staff_moderates_from_the_thread_page(thread, moderator, client_of):
    client = client_of(moderator)
    client.post(reverse("forum:thread_lock", args=[thread.pk]), {"locked": "1"})
    client.post(reverse("forum:thread_priority", args=[thread.pk]), {"priority": "important"})
    response = client.post(reverse("forum:thread_move", args=[thread.pk]),
                           {"section": "development"}, follow=True)
    assert "moved to Development and bugs" in response.content.decode()
    thread.refresh_from_db()
    assert thread.locked and thread.priority == "important"
    assert thread.section.slug == "development"
    client.post(reverse("forum:thread_lock", args=[thread.pk]), {"locked": "0"})
    thread.refresh_from_db()
    assert not thread.locked


@pytest.mark.parametrize("name, data", [
    ("forum:thread_lock", {"locked": "maybe"}),
    ("forum:thread_priority", {"priority": "urgent"}),
    ("forum:thread_move", {"section": "nowhere"}),
    ("forum:thread_move", {"section": "x\x00"}),
])
def test_bad_moderation_values_change_nothing(thread, moderator, client_of, name, data):
    before = snapshot()
    response = client_of(moderator).post(reverse(name, args=[thread.pk]), data, follow=True)
    assert response.status_code == 200 and "nothing was changed" in response.content.decode()
    assert snapshot() == before


def test_locked_thread_refuses_replies(thread, bob, moderator, client_of):
    services.thread_set_locked(thread=thread, actor=moderator, locked=True)
    client = client_of(bob)
    page = client.get(reverse("forum:thread", args=[thread.pk])).content.decode()
    assert "This thread is locked" in page and 'action="/forum/thread/' not in page.split(
        'id="reply"')[1]
    response = client.post(reverse("forum:reply", args=[thread.pk]), {"body": "let me"},
                           follow=True)
    assert "locked" in response.content.decode()
    assert ForumPost.objects.count() == 1


def test_staff_may_edit_and_delete_any_post(thread, moderator, client_of):
    post = thread.posts.get()
    client = client_of(moderator)
    client.post(reverse("forum:post_edit", args=[post.pk]), {"title": "Tidy", "body": "Tidied"})
    post.refresh_from_db()
    assert post.body == "Tidied" and post.edited_by == moderator
    client.post(reverse("forum:post_delete", args=[post.pk]))
    assert not ForumThread.objects.exists()


def test_xss_through_bbcode_and_titles_is_neutralised(alice, bob, client_of):
    payloads = [
        "<script>alert(1)</script>",
        "[url=javascript:alert(1)]click[/url]",
        '[url=https://x.example/" onmouseover="alert(1)]x[/url]',
        "[quote=<img src=x onerror=alert(1)>]q[/quote]",
        "[link=//evil.example]x[/link]",
    ]
    thread = services.thread_create(section="general", author=alice,
                                    title="<img src=x onerror=alert(1)>", body=payloads[0])
    for n, body in enumerate(payloads[1:]):
        services.post_create(thread=thread, author=bob, body=f"{body} {n}")
    client = client_of(bob)
    for url in (reverse("forum:thread", args=[thread.pk]), reverse("forum:index"),
                reverse("forum:section", args=["general"]),
                reverse("forum:search") + "?q=alert"):
        page = client.get(url).content.decode()
        assert "<script>alert" not in page
        assert "<img src=x" not in page
        assert 'href="javascript:' not in page and "onmouseover=\"alert" not in page
        assert 'href="//evil.example"' not in page
