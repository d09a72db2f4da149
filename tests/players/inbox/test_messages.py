"""Private messages: sending, reading, replying, deleting, markers and privacy."""
import pytest
from django.urls import reverse

from players.inbox.services import message_send, message_send_system
from players.models import Message

pytestmark = pytest.mark.django_db


def send(client, to, subject="Hello", body="Hi there"):
    return client.post(reverse("players:message_new"),
                       {"recipient": to, "subject": subject, "body": body})


def test_send_and_read(alice, bob, client_of):
    response = send(client_of(alice), "BOB", body="[b]Good game[/b] <img src=x onerror=alert(1)>")
    assert response.status_code == 302
    message = Message.objects.get()
    assert (message.author, message.recipient, message.kind) == (alice, bob, "personal")
    assert "<img" not in message.body_html and "&lt;img" in message.body_html
    bob_client = client_of(bob)
    inbox = bob_client.get(reverse("players:inbox")).content.decode()
    assert "Hello" in inbox and "msg-new" in inbox
    page = bob_client.get(reverse("players:message_detail", args=[message.pk]))
    assert page.status_code == 200 and "Good game" in page.content.decode()
    message.refresh_from_db()
    assert message.is_read
    # the author sees it in the sent box, not the inbox
    assert "Hello" in client_of(alice).get(reverse("players:sent")).content.decode()
    assert "Hello" not in client_of(alice).get(reverse("players:inbox")).content.decode()


@pytest.mark.parametrize("to,subject,body,error", [
    ("nobody", "Hi", "text", "There is no player of that name."),
    ("alice", "Hi", "text", "You cannot send a message to yourself."),
    ("bob", "", "text", "This field is required."),
    ("bob", "Hi", "   ", "This field is required."),
    ("bob", "x" * 101, "text", "at most 100 characters"),
    ("bob", "Hi", "x" * 4001, "at most 4000 characters"),
])
def test_bad_messages_are_refused_and_kept(alice, bob, client_of, to, subject, body, error):
    response = send(client_of(alice), to, subject, body)
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not Message.objects.exists()
    assert response.context["form"]["recipient"].value() == to  # nothing the player typed is lost


def test_nobody_reads_another_players_messages(alice, bob, carol, client_of):
    message = message_send(author=alice, recipient=bob, subject="Secret", body="psst")
    carol_client = client_of(carol)
    assert carol_client.get(reverse("players:message_detail", args=[message.pk])).status_code == 404
    assert carol_client.get(reverse("players:message_new"), {"reply": message.pk}
                            ).context["form"]["body"].value() in (None, "")
    carol_client.post(reverse("players:message_delete"), {"message": [message.pk]})
    message.refresh_from_db()
    assert not message.deleted_by_author and not message.deleted_by_recipient
    assert "Secret" not in carol_client.get(reverse("players:inbox")).content.decode()


def test_reply_quotes_the_original(alice, bob, client_of):
    message = message_send(author=alice, recipient=bob, subject="Rematch?", body="Another game")
    form = client_of(bob).get(reverse("players:message_new"), {"reply": message.pk}).context["form"]
    assert form["recipient"].value() == "alice"
    assert form["subject"].value() == "Re: Rematch?"
    assert "[quote=alice]Another game[/quote]" in form["body"].value()


def test_system_messages_cannot_be_replied_to_and_are_marked(alice, client_of):
    message = message_send_system(recipient=alice, subject="Battle report", body="You won",
                                  kind="battle_report")
    client = client_of(alice)
    page = client.get(reverse("players:message_detail", args=[message.pk])).content.decode()
    assert "Reply" not in page and "MArcomage" in page
    inbox = client.get(reverse("players:inbox")).content.decode()
    assert "Battle report</span>" in inbox


def test_marker_classes(alice, bob, client_of):
    client = client_of(bob)
    old = message_send(author=alice, recipient=bob, subject="Old unread", body="x")
    read = message_send_system(recipient=bob, subject="Report", body="x", kind="battle_report")
    Message.objects.filter(pk=read.pk).update(is_read=True)
    client.get(reverse("players:inbox"))  # the visit makes earlier messages no longer new
    message_send(author=alice, recipient=bob, subject="Fresh", body="x")
    rows = {m.subject: m for m in client.get(reverse("players:inbox")).context["page_obj"]}
    assert rows["Fresh"].is_new and not rows["Old unread"].is_new
    page = client.get(reverse("players:inbox")).content.decode()
    assert "msg-unread" in page and "msg-report" in page
    assert old.pk


def test_delete_on_each_side(alice, bob, client_of):
    message = message_send(author=alice, recipient=bob, subject="Bye", body="x")
    client_of(bob).post(reverse("players:message_delete"), {"message": [message.pk]})
    message.refresh_from_db()
    assert message.deleted_by_recipient and not message.deleted_by_author
    assert "Bye" in client_of(alice).get(reverse("players:sent")).content.decode()
    client_of(alice).post(reverse("players:message_delete"), {"message": [message.pk],
                                                               "box": "sent"})
    assert not Message.objects.exists()


def test_delete_with_nothing_ticked_says_so(alice, client_of):
    response = client_of(alice).post(reverse("players:message_delete"), {"message": ["abc"]},
                                     follow=True)
    assert "Tick the messages" in response.content.decode()


def test_nav_indicator_counts_unread(alice, bob, client_of):
    client = client_of(bob)
    assert "unread message" not in client.get(reverse("players:list")).content.decode()
    message = message_send(author=alice, recipient=bob, subject="Ping", body="x")
    assert "1 unread message" in client.get(reverse("players:list")).content.decode()
    client.get(reverse("players:message_detail", args=[message.pk]))
    assert "unread message" not in client.get(reverse("players:list")).content.decode()


def test_inbox_pagination_and_query_count(alice, bob, client_of, django_assert_max_num_queries):
    for i in range(25):
        message_send(author=alice, recipient=bob, subject=f"m{i}", body="x")
    client = client_of(bob)
    client.get(reverse("players:inbox"))
    with django_assert_max_num_queries(9):
        response = client.get(reverse("players:inbox"))
    assert len(response.context["page_obj"].object_list) == 20
    assert client.get(reverse("players:inbox"), {"page": 2}).context["page_obj"].number == 2
    with django_assert_max_num_queries(9):
        client.get(reverse("players:sent"))


def test_get_is_not_allowed_to_delete(alice, client_of):
    assert client_of(alice).get(reverse("players:message_delete")).status_code == 405


def test_csrf_is_required(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice.user)
    assert client.post(reverse("players:message_new"),
                       {"recipient": "x", "subject": "s", "body": "b"}).status_code == 403


# ---------------------------------------------------------------- messages from the site

def test_system_message_has_no_author_and_renders_bbcode(alice):
    message = message_send_system(recipient=alice, subject="Challenge accepted",
                                  body="[b]bob[/b] <script>x</script>", kind="challenge")
    assert message.author is None and message.kind == "challenge" and not message.is_read
    assert "<b>bob</b>" in message.body_html or "<strong>bob</strong>" in message.body_html
    assert "<script>" not in message.body_html
    assert message.author_name == "MArcomage"


def test_battle_report_option_turns_off_challenge_answers_too(alice):
    alice.settings.battle_reports = False
    alice.settings.save()
    assert message_send_system(recipient=alice, subject="bob accepted", body="x",
                               kind="challenge") is None
    assert message_send_system(recipient=alice, subject="Level", body="x",
                               kind="level_up") is not None
    assert Message.objects.filter(recipient=alice).count() == 1
