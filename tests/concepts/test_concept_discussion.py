"""The "Discuss" button: one forum thread per concept, in the forum's concepts section."""
import pytest
from django.urls import reverse

from concepts.models import Concept
from forum.models import ForumPost, ForumThread

from .conftest import make_concept

pytestmark = pytest.mark.django_db


def test_first_click_opens_the_thread_later_ones_go_there(alice, bob, client_of):
    concept = make_concept(alice, name="Stone [b]Giant[/b]")
    client = client_of(bob)
    page = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert reverse("concepts:discuss", args=[concept.pk]) in page
    response = client.post(reverse("concepts:discuss", args=[concept.pk]))
    thread = ForumThread.objects.get()
    assert response.status_code == 302 and response.url == thread.get_absolute_url()
    assert thread.section.slug == "concepts" and thread.author == bob
    assert thread.title == "Concept: Stone [b]Giant[/b]"
    post = ForumPost.objects.get(thread=thread)
    assert f'href="{concept.get_absolute_url()}"' in post.body_html
    assert "+8 wall" in post.body_html
    concept.refresh_from_db()
    assert concept.thread == thread
    # a second click (or another player) lands in the same thread
    again = client_of(alice).post(reverse("concepts:discuss", args=[concept.pk]))
    assert again.url == thread.get_absolute_url() and ForumThread.objects.count() == 1
    page = client.get(reverse("concepts:detail", args=[concept.pk])).content.decode()
    assert thread.get_absolute_url() in page and "Discussion in the forum (1 post)" in page
    assert reverse("concepts:discuss", args=[concept.pk]) not in page


def test_discuss_needs_post_and_an_existing_concept(alice, client_of):
    concept = make_concept(alice)
    client = client_of(alice)
    assert client.get(reverse("concepts:discuss", args=[concept.pk])).status_code == 405
    assert client.post(reverse("concepts:discuss", args=[999])).status_code == 404
    assert not ForumThread.objects.exists()


def test_a_deleted_thread_can_be_opened_again(alice, client_of):
    concept = make_concept(alice)
    client = client_of(alice)
    client.post(reverse("concepts:discuss", args=[concept.pk]))
    ForumThread.objects.all().delete()
    concept.refresh_from_db()
    assert concept.thread is None
    client.post(reverse("concepts:discuss", args=[concept.pk]))
    assert Concept.objects.get().thread is not None


def test_detail_query_count_with_a_thread(alice, bob, client_of, django_assert_max_num_queries):
    concept = make_concept(alice)
    client = client_of(bob)
    client.post(reverse("concepts:discuss", args=[concept.pk]))
    client.get(reverse("concepts:detail", args=[concept.pk]))
    with django_assert_max_num_queries(8):
        client.get(reverse("concepts:detail", args=[concept.pk]))


def test_the_thread_names_the_concept_it_discusses(alice, bob, client_of):
    concept = make_concept(alice, name="Ember <wisp>")
    client_of(bob).post(reverse("concepts:discuss", args=[concept.pk]))
    thread = ForumThread.objects.get()
    page = client_of(bob).get(thread.get_absolute_url()).content.decode()
    assert "This thread discusses the card concept" in page
    assert f'href="{concept.get_absolute_url()}">Ember &lt;wisp&gt;</a>' in page
    other = ForumThread.objects.create(section=thread.section, author=bob, title="Plain",
                                       created_at=thread.created_at,
                                       last_post_at=thread.created_at)
    assert "discusses the card concept" not in client_of(bob).get(
        other.get_absolute_url()).content.decode()
