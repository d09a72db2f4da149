"""A forum discussion thread per deck: opened on demand from the deck's page, exactly once,
linked both ways (forum/deck_threads.py)."""
import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from decks.models import Deck
from forum import deck_threads
from forum.models import ForumPost, ForumThread
from forum.services import ForumError, post_delete
from tests.decks.conftest import full_sections

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _past_tutorial(alice, bob, carol):
    for player in (alice, bob, carol):
        player.level = 10
        player.save(update_fields=["level"])


def make_deck(player, name="Tower [b]rush[/b]", shared=True):
    return Deck.objects.create(player=player, name=name, is_shared=shared, is_ready=True,
                               tokens=["Mage", "none", "none"], **full_sections())


def discuss_url(deck):
    return reverse("forum:deck_discuss", args=[deck.pk])


def test_discuss_opens_the_thread_once_and_links_both_ways(alice, bob, client_of):
    deck = make_deck(alice)
    client = client_of(bob)
    page = client.get(reverse("decks:shared_detail", args=[deck.pk])).content.decode()
    assert discuss_url(deck) in page
    response = client.post(discuss_url(deck))
    thread = ForumThread.objects.get()
    assert response.status_code == 302 and response.url == thread.get_absolute_url()
    assert thread.deck == deck and thread.section.slug == deck_threads.DECK_DISCUSSION_SECTION
    assert thread.author == bob and thread.title == "Deck: Tower [b]rush[/b] by alice"
    body_html = ForumPost.objects.get(thread=thread).body_html
    assert f'href="{reverse("decks:shared_detail", args=[deck.pk])}"' in body_html
    assert "<b>" not in body_html  # the deck's name is text, not BBCode
    # A second click, or another player, lands in the same thread.
    again = client_of(alice).post(discuss_url(deck))
    assert again.url == thread.get_absolute_url() and ForumThread.objects.count() == 1
    # The deck's pages link to the thread; the thread links back to the deck.
    for viewer, url in ((bob, reverse("decks:shared_detail", args=[deck.pk])),
                        (alice, reverse("decks:builder", args=[deck.pk]))):
        page = client_of(viewer).get(url).content.decode()
        assert thread.get_absolute_url() in page and "Discussion in the forum (1 post)" in page
        assert discuss_url(deck) not in page
    thread_page = client.get(thread.get_absolute_url()).content.decode()
    assert "This thread discusses the deck" in thread_page
    assert f'href="{reverse("decks:shared_detail", args=[deck.pk])}">Tower [b]rush[/b]</a>' in (
        thread_page)


def test_a_double_submit_makes_one_thread(alice, bob):
    deck = make_deck(alice)
    first = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    second = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    assert first == second and ForumThread.objects.count() == 1


def test_the_database_allows_one_thread_per_deck(alice, bob):
    deck = make_deck(alice)
    thread = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        ForumThread.objects.create(section=thread.section, title="Another", deck=deck)


@pytest.mark.django_db(transaction=True)
def test_parallel_double_submit_opens_one_thread(alice, bob):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises writers anyway; this checks row locking on PostgreSQL")
    deck = make_deck(alice)
    errors = []

    def discuss():
        try:
            deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=discuss) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and ForumThread.objects.filter(deck=deck).count() == 1


def test_a_private_deck_of_someone_else_is_404_and_opens_nothing(alice, bob, client_of):
    deck = make_deck(alice, shared=False)
    assert client_of(bob).post(discuss_url(deck)).status_code == 404
    assert client_of(bob).post(reverse("forum:deck_discuss", args=[999999])).status_code == 404
    assert not ForumThread.objects.exists()


def test_an_unshared_deck_of_ones_own_asks_to_share_it_first(alice, client_of):
    deck = make_deck(alice, shared=False)
    client = client_of(alice)
    assert "Share the deck to discuss it" in client.get(
        reverse("decks:builder", args=[deck.pk])).content.decode()
    response = client.post(discuss_url(deck), follow=True)
    assert deck_threads.NOT_SHARED in [str(m) for m in response.context["messages"]]
    assert not ForumThread.objects.exists()
    with pytest.raises(ForumError, match="Share the deck first"):
        deck_threads.deck_discussion_open(deck_id=deck.pk, player=alice)


def test_discuss_needs_post_and_a_login(alice, client_of, client):
    deck = make_deck(alice)
    assert client_of(alice).get(discuss_url(deck)).status_code == 405
    response = client.post(discuss_url(deck))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not ForumThread.objects.exists()


def test_an_unshared_deck_keeps_its_thread_for_its_owner(alice, bob, client_of):
    deck = make_deck(alice)
    thread = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    Deck.objects.filter(pk=deck.pk).update(is_shared=False)
    assert deck_threads.deck_discussion_open(deck_id=deck.pk, player=alice) == thread
    with pytest.raises(deck_threads.DeckNotVisible):
        deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    page = client_of(bob).get(thread.get_absolute_url()).content.decode()
    assert "(no longer shared)" in page
    assert reverse("decks:shared_detail", args=[deck.pk]) not in page.split("forum-posts")[0]


def test_deleting_either_side_leaves_the_other(alice, bob, moderator):
    deck = make_deck(alice)
    thread = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    post_delete(post=thread.posts.get(), actor=moderator)  # the first post takes the thread
    assert Deck.objects.filter(pk=deck.pk).exists()
    again = deck_threads.deck_discussion_open(deck_id=deck.pk, player=bob)
    assert again.pk != thread.pk and again.deck == deck
    deck.delete()
    again.refresh_from_db()
    assert again.deck is None and again.posts.count() == 1


def test_forum_sections_cannot_take_the_deck_address():
    from forum.models import RESERVED_SECTION_SLUGS

    assert "deck" in RESERVED_SECTION_SLUGS
