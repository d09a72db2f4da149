"""Forum pages through the test client: content, forms, ordering, pagination, search."""
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from forum import selectors, services
from forum.models import ForumPost, ForumThread

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in(client, thread):
    post = thread.posts.get()
    for url in (reverse("forum:index"), reverse("forum:section", args=["general"]),
                reverse("forum:thread", args=[thread.pk]), reverse("forum:search") + "?q=abc",
                reverse("forum:thread_new", args=["general"]),
                reverse("forum:post_edit", args=[post.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response.url, url
    response = client.post(reverse("forum:reply", args=[thread.pk]), {"body": "anon"})
    assert response.status_code == 302 and ForumPost.objects.count() == 1


def test_index_lists_sections_with_counts_latest_post_and_rules(thread, bob, client_of):
    services.post_create(thread=thread, author=bob, body="reply")
    response = client_of(bob).get(reverse("forum:index"))
    page = response.content.decode()
    general = next(s for s in response.context["sections"] if s.slug == "general")
    assert (general.thread_count, general.post_total) == (1, 2)
    assert general.latest_thread == thread and general.latest_thread.last_post_author == bob
    assert "Best opening cards" in page and "House rules" in page and "English" in page
    assert 'action="/forum/search/"' in page and "Mark everything read" in page
    empty = next(s for s in response.context["sections"] if s.slug == "off-topic")
    assert (empty.thread_count, empty.post_total, empty.latest_thread) == (0, 0, None)


def test_thread_list_order_sticky_important_then_by_last_post(alice, moderator, client_of):
    now = timezone.now()
    made = {}
    for title, priority, minutes_ago in [("old normal", "normal", 50), ("new normal", "normal", 1),
                                         ("old sticky", "sticky", 90),
                                         ("new important", "important", 5),
                                         ("old important", "important", 60)]:
        made[title] = services.thread_create(section="general", author=alice, title=title,
                                             body="x", priority=priority)
        ForumThread.objects.filter(pk=made[title].pk).update(
            last_post_at=now - timedelta(minutes=minutes_ago))
    response = client_of(alice).get(reverse("forum:section", args=["general"]))
    titles = [t.title for t in response.context["page_obj"].object_list]
    assert titles == ["old sticky", "new important", "old important", "new normal", "old normal"]
    page = response.content.decode()
    assert "Sticky" in page and "Important" in page and "New thread" in page


def test_thread_list_paginates(alice, client_of):
    for n in range(selectors.THREADS_PER_PAGE + 3):
        services.thread_create(section="general", author=alice, title=f"Thread {n}", body="x")
    client = client_of(alice)
    first = client.get(reverse("forum:section", args=["general"]))
    assert len(first.context["page_obj"].object_list) == selectors.THREADS_PER_PAGE
    assert "Page 1 of 2" in first.content.decode()
    second = client.get(reverse("forum:section", args=["general"]), {"page": 2})
    assert len(second.context["page_obj"].object_list) == 3
    for junk in ("999", "abc", "-1", "1" * 40):
        assert client.get(reverse("forum:section", args=["general"]),
                          {"page": junk}).status_code == 200


def test_unknown_section_thread_and_post_are_404(alice, client_of):
    client = client_of(alice)
    assert client.get(reverse("forum:section", args=["nowhere"])).status_code == 404
    assert client.get(reverse("forum:thread_new", args=["nowhere"])).status_code == 404
    assert client.get("/forum/thread/999/").status_code == 404
    assert client.get("/forum/thread/" + "9" * 30 + "/").status_code == 404
    assert client.get("/forum/post/" + "9" * 30 + "/edit/").status_code == 404
    assert client.get("/forum/post/12345/").status_code == 404


def test_new_thread_form(alice, client_of):
    client = client_of(alice)
    url = reverse("forum:thread_new", args=["game"])
    assert client.get(url).status_code == 200
    response = client.post(url, {"title": "Tower rush", "body": "Is it [i]still[/i] good?"})
    thread = ForumThread.objects.get()
    assert response.status_code == 302 and response.url == thread.get_absolute_url()
    assert thread.section.slug == "game" and thread.author == alice
    shown = client.get(response.url).content.decode()
    assert "Tower rush" in shown and "<i>still</i>" in shown


@pytest.mark.parametrize("data, error", [
    ({"title": "", "body": "b"}, "Give the thread a title."),
    ({"title": "t" * 81, "body": "b"}, "at most 80 characters"),
    ({"title": "t", "body": ""}, "the post is empty"),
    ({"title": "t", "body": "b" * 10_001}, "at most 10000 characters"),
    ({"title": "nul\x00", "body": "b"}, "Null characters are not allowed."),
    ({"title": "t", "body": "nul\x00"}, "Null characters are not allowed."),
])
def test_new_thread_form_shows_field_errors(alice, client_of, data, error):
    response = client_of(alice).post(reverse("forum:thread_new", args=["general"]), data)
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not ForumThread.objects.exists()


def test_reply_form_and_quote(thread, alice, bob, client_of):
    client = client_of(bob)
    first = thread.posts.get()
    quote = client.get(reverse("forum:reply", args=[thread.pk]), {"quote": first.pk})
    assert quote.context["form"].initial["body"] == "[quote=alice]What do you play first?[/quote]\n"
    # quoting a post of another thread, or garbage, just gives an empty form
    for junk in ("abc", "99999", "²"):
        other = client.get(reverse("forum:reply", args=[thread.pk]), {"quote": junk})
        assert other.status_code == 200 and not other.context["form"].initial
    response = client.post(reverse("forum:reply", args=[thread.pk]),
                           {"body": quote.context["form"].initial["body"] + "Quarry."})
    post = ForumPost.objects.latest("pk")
    assert response.status_code == 302 and response.url.endswith(f"#post-{post.pk}")
    page = client.get(response.url).content.decode()
    assert '<cite>alice wrote:</cite>' in page and "Quarry." in page


def test_empty_reply_shows_error(thread, bob, client_of):
    response = client_of(bob).post(reverse("forum:reply", args=[thread.pk]), {"body": "  "})
    assert response.status_code == 200 and "the post is empty" in response.content.decode()
    assert ForumPost.objects.count() == 1


def test_double_submitted_reply_is_posted_once(thread, bob, client_of):
    client = client_of(bob)
    url = reverse("forum:reply", args=[thread.pk])
    client.post(url, {"body": "Only once please"})
    response = client.post(url, {"body": "Only once please"}, follow=True)
    assert "not posted a second time" in response.content.decode()
    assert ForumPost.objects.filter(author=bob).count() == 1
    thread.refresh_from_db()
    assert thread.post_count == 2


def test_edit_form_with_title_for_first_post(thread, alice, client_of):
    client = client_of(alice)
    post = thread.posts.get()
    url = reverse("forum:post_edit", args=[post.pk])
    assert "title" in client.get(url).context["form"].fields
    response = client.post(url, {"title": "Openers", "body": "Edited body"})
    assert response.status_code == 302
    thread.refresh_from_db()
    post.refresh_from_db()
    assert thread.title == "Openers" and post.body == "Edited body"
    assert "edited" in client.get(reverse("forum:thread", args=[thread.pk])).content.decode()


def test_edit_form_of_a_reply_has_no_title(thread, bob, client_of):
    reply = services.post_create(thread=thread, author=bob, body="reply")
    response = client_of(bob).get(reverse("forum:post_edit", args=[reply.pk]))
    assert "title" not in response.context["form"].fields


def test_stale_edit_and_delete_of_a_deleted_post(thread, bob, client_of):
    reply = services.post_create(thread=thread, author=bob, body="reply")
    ForumPost.objects.filter(pk=reply.pk).delete()
    client = client_of(bob)
    for name in ("forum:post_edit", "forum:post_delete"):
        response = client.post(reverse(name, args=[reply.pk]),
                               {"body": "edit", "thread": thread.pk}, follow=True)
        assert response.status_code == 200
        assert "deleted in the meantime" in response.content.decode()
        assert response.redirect_chain[-1][0] == thread.get_absolute_url()
    # without a thread to go back to, the forum index
    response = client.post(reverse("forum:post_edit", args=[reply.pk]), {"body": "x"})
    assert response.url == reverse("forum:index")


def test_delete_needs_confirmation_then_post(thread, bob, client_of):
    reply = services.post_create(thread=thread, author=bob, body="regret")
    client = client_of(bob)
    confirm = client.get(reverse("forum:post_delete", args=[reply.pk]))
    assert confirm.status_code == 200 and "Delete this post?" in confirm.content.decode()
    assert ForumPost.objects.filter(pk=reply.pk).exists()
    client.post(reverse("forum:post_delete", args=[reply.pk]))
    assert not ForumPost.objects.filter(pk=reply.pk).exists()


def test_deleting_the_first_post_deletes_the_thread_after_warning(thread, alice, client_of):
    client = client_of(alice)
    post = thread.posts.get()
    confirm = client.get(reverse("forum:post_delete", args=[post.pk])).content.decode()
    assert "Delete the whole thread?" in confirm
    response = client.post(reverse("forum:post_delete", args=[post.pk]))
    assert response.url == reverse("forum:section", args=["general"])
    assert not ForumThread.objects.exists()


def test_thread_page_paginates_and_shows_avatar_links(thread, bob, client_of):
    for n in range(selectors.POSTS_PER_PAGE + 1):
        services.post_create(thread=thread, author=bob, body=f"reply {n}")
    client = client_of(bob)
    url = reverse("forum:thread", args=[thread.pk])
    first = client.get(url)
    assert len(first.context["posts"]) == selectors.POSTS_PER_PAGE
    page = first.content.decode()
    assert 'href="/players/alice/"' in page and "avatar" in page
    last = client.get(url, {"page": 2})
    assert len(last.context["posts"]) == 2


def test_dates_are_shown_in_the_viewers_timezone(thread, alice, client_of):
    from players.models import PlayerSettings

    PlayerSettings.objects.filter(player=alice).update(timezone="Asia/Tokyo")
    ForumPost.objects.update(created_at=datetime(2026, 1, 2, 23, 30, tzinfo=UTC))
    page = client_of(alice).get(reverse("forum:thread", args=[thread.pk])).content.decode()
    assert "3 Jan 2026, 08:30" in page


def test_search_finds_titles_and_bodies_with_snippets(alice, bob, client_of):
    services.thread_create(section="game", author=alice, title="Dragon decks",
                           body="Which dragons?")
    other = services.thread_create(section="general", author=alice, title="Hello",
                                   body="Intro")
    services.post_create(thread=other, author=bob,
                         body="I love my [b]dragon[/b] card more than anything else")
    services.thread_create(section="general", author=alice, title="Walls", body="Bricks")
    response = client_of(bob).get(reverse("forum:search"), {"q": "DRAGON"})
    results = response.context["page_obj"].object_list
    assert {t.title for t in results} == {"Dragon decks", "Hello"}
    hello = next(t for t in results if t.title == "Hello")
    assert hello.snippet.startswith("I love my dragon card")
    page = response.content.decode()
    assert "2 threads found" in page and "Game and rules" in page
    assert reverse("forum:post", args=[hello.match_post_id]) in page


@pytest.mark.parametrize("query, message", [
    ("", "Type what you are looking for."),
    ("ab", "at least 3 characters"),
    ("x" * 101, "at most 100 characters"),
    ("a\x00b", "Null characters are not allowed."),
])
def test_search_refuses_bad_queries_with_a_message(alice, client_of, query, message):
    response = client_of(alice).get(reverse("forum:search"), {"q": query})
    assert response.status_code == 200
    assert message in response.content.decode() and response.context["page_obj"] is None


def test_search_without_query_and_with_no_match(alice, client_of):
    client = client_of(alice)
    assert "at least three characters" in client.get(reverse("forum:search")).content.decode()
    none = client.get(reverse("forum:search"), {"q": "%_%"})
    assert "Nothing in the forum matches" in none.content.decode()


def test_search_paginates_and_keeps_the_query(alice, client_of):
    for n in range(selectors.SEARCH_RESULTS_PER_PAGE + 2):
        services.thread_create(section="general", author=alice, title=f"Needle {n}", body="x")
    client = client_of(alice)
    first = client.get(reverse("forum:search"), {"q": "needle"})
    assert "q=needle&amp;page=2" in first.content.decode()
    second = client.get(reverse("forum:search"), {"q": "needle", "page": 2})
    assert len(second.context["page_obj"].object_list) == 2


def test_search_snippet_strips_bbcode():
    assert selectors.snippet("[quote=x]a[/quote] [b]word[/b]", "word") == "a word"


def test_double_submitted_new_thread_is_opened_once(alice, client_of):
    client = client_of(alice)
    url = reverse("forum:thread_new", args=["general"])
    data = {"title": "Twice?", "body": "Clicked two times"}
    client.post(url, data)
    response = client.post(url, data, follow=True)
    assert "not opened a second time" in response.content.decode()
    assert ForumThread.objects.count() == 1
    assert response.redirect_chain[-1][0] == ForumThread.objects.get().get_absolute_url()
