"""Pinned query counts: the forum pages cost the same with 1 or 20 rows."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forum import services
from forum.models import ForumSection
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db



def count_queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def authors(n):
    return [PlayerFactory() for _ in range(n)]


def test_index_query_count_is_constant(alice, client_of):
    client = client_of(alice)
    client.get(reverse("forum:index"))  # warm the session
    services.thread_create(section="general", author=alice, title="one", body="x")
    small = count_queries(client, reverse("forum:index"))
    slugs = list(ForumSection.objects.values_list("slug", flat=True))
    for n, author in enumerate(authors(19)):
        thread = services.thread_create(section=slugs[n % len(slugs)], author=author,
                                        title=f"t{n}", body="x")
        services.post_create(thread=thread, author=alice, body="reply")
    assert count_queries(client, reverse("forum:index")) == small
    assert small <= 8


def test_section_list_query_count_is_constant(alice, client_of):
    client = client_of(alice)
    url = reverse("forum:section", args=["general"])
    client.get(url)
    services.thread_create(section="general", author=alice, title="one", body="x")
    small = count_queries(client, url)
    for n, author in enumerate(authors(19)):
        thread = services.thread_create(section="general", author=author, title=f"t{n}",
                                        body="x", priority=["normal", "sticky", "important"][n % 3])
        services.post_create(thread=thread, author=alice, body="reply")
    assert count_queries(client, url) == small
    assert small <= 10


def test_thread_page_query_count_is_constant(alice, moderator, client_of):
    thread = services.thread_create(section="general", author=alice, title="one", body="x")
    for viewer in (alice, moderator):
        client = client_of(viewer)
        url = reverse("forum:thread", args=[thread.pk])
        client.get(url)
        small = count_queries(client, url)
        assert small <= 14
    for n, author in enumerate(authors(19)):
        services.post_create(thread=thread, author=author, body=f"reply {n}")
    for viewer in (alice, moderator):
        client = client_of(viewer)
        url = reverse("forum:thread", args=[thread.pk])
        first = count_queries(client, url)  # this visit also moves the read mark
        assert count_queries(client, url) <= first
    # the steady state (nothing new) is the same with 1 and 20 posts
    client = client_of(alice)
    client.get(url)
    many = count_queries(client, url)
    solo = services.thread_create(section="general", author=alice, title="solo", body="x")
    client.get(reverse("forum:thread", args=[solo.pk]))
    assert count_queries(client, reverse("forum:thread", args=[solo.pk])) == many


def test_search_query_count_is_constant(alice, client_of):
    client = client_of(alice)
    url = reverse("forum:search") + "?q=needle"
    client.get(url)
    services.thread_create(section="general", author=alice, title="needle", body="x")
    small = count_queries(client, url)
    for n, author in enumerate(authors(19)):
        services.thread_create(section="game", author=author, title=f"t{n}",
                               body="a needle in the text")
    assert count_queries(client, url) == small
