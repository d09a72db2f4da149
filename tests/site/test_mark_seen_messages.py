""""Mark seen" and the messages (the manual's "Reset notification ... will unmark all new
posts and messages"): a message received before it is no longer "new" in the inbox, yet it
stays "unread" (and counted by the envelope) until it is opened, as the manual's message
colours have it. The button says so."""
import pytest
from django.urls import reverse

from forum import services as forum_services
from players.inbox.services import message_send

pytestmark = pytest.mark.django_db


def _inbox_tags(client):
    html = client.get(reverse("players:inbox")).content.decode()
    return html.count('class="tag tag-new"'), html.count('class="tag tag-unread"')


def _envelope(client):
    return "1 unread message" in client.get(reverse("home")).content.decode()


@pytest.fixture
def veteran(alice):
    alice.level = 10
    alice.save(update_fields=["level"])
    return alice


def test_mark_seen_takes_the_new_mark_off_messages_but_not_the_unread_one(veteran, bob,
                                                                         client_of):
    message_send(author=bob, recipient=veteran, subject="Hi", body="there")
    client = client_of(veteran)
    assert _envelope(client)
    assert client.post(reverse("notices_reset"), {"next": "/"}).status_code == 302
    assert _inbox_tags(client) == (0, 1)
    assert _envelope(client)  # unread until opened
    # a message that arrives later is new again
    message_send(author=bob, recipient=veteran, subject="Again", body="hello")
    client.post(reverse("notices_reset"), {"next": "/"})
    message_send(author=bob, recipient=veteran, subject="Later", body="news")
    assert _inbox_tags(client) == (1, 2)


def test_the_button_says_messages_stay_unread_until_opened(veteran, bob, client_of):
    forum_services.thread_create(section="general", author=bob, title="Hello", body="text")
    html = client_of(veteran).get(reverse("home")).content.decode()
    button = html.split('class="inline-form nav-notices-reset"', 1)[1].split("</button>", 1)[0]
    assert "Mark seen" in button
    assert "stay unread" in button and "until you open them" in button
