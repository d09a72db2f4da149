"""The shop cannot be gamed, avatars cannot be reached by made-up paths, and private
messages stay between their two players (ids guessed, replies, deleting, lists)."""
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import Min
from django.urls import reverse
from PIL import Image

from players.models import FoilCard, Message, Purchase
from tests.security.conftest import ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT, ALICE_SYSTEM_BODY

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------ shop
@pytest.mark.parametrize("data", [
    {"item": "deck_slot", "token": ""},
    {"item": "gold", "token": "t1"},
    {"item": "deck_slot", "token": "t2", "price": "-300"},
    {"item": "deck_slot", "token": "t3", "quantity": "-5"},
    {"item": "foil", "token": "t4", "card": "-1"},
    {"item": "foil", "token": "t5", "card": "0"},
    {"item": "foil", "token": "t6", "card": "999999"},
    {"item": "foil", "token": "t7", "card": "1e3"},
    {"item": "foil", "token": "t8"},
])
def test_shop_refuses_forged_purchases(carol, client_of, data):
    carol.gold = 1000
    carol.save(update_fields=["gold"])
    client_of(carol).post(reverse("players:shop_buy"), data)
    carol.refresh_from_db()
    bought = Purchase.objects.filter(player=carol)
    if data["item"] == "deck_slot" and data["token"]:
        # price and quantity are the shop's, not the form's: one slot for 300 gold
        assert (carol.gold, carol.extra_deck_slots, bought.count()) == (700, 1, 1)
    else:
        assert (carol.gold, bought.count(), FoilCard.objects.count()) == (1000, 0, 0)


def test_shop_purchase_token_cannot_be_replayed(alice, carol, client_of):
    alice.gold = carol.gold = 1000
    alice.save(update_fields=["gold"])
    carol.save(update_fields=["gold"])
    data = {"item": "game_slot", "token": "one-time-token"}
    for _ in range(3):
        client_of(alice).post(reverse("players:shop_buy"), data)
    alice.refresh_from_db()
    assert (alice.gold, alice.extra_game_slots) == (800, 1)
    # The same token from someone else buys for them (tokens are per player) and
    # never touches alice's gold or purchases.
    client_of(carol).post(reverse("players:shop_buy"), {**data, "player": alice.pk})
    alice.refresh_from_db()
    carol.refresh_from_db()
    assert (alice.gold, carol.gold, carol.extra_game_slots) == (800, 800, 1)
    assert Purchase.objects.filter(player=alice).count() == 1


def test_shop_without_enough_gold_buys_nothing(carol, client_of):
    response = client_of(carol).post(reverse("players:shop_buy"),
                                     {"item": "deck_slot", "token": "t"}, follow=True)
    carol.refresh_from_db()
    assert (carol.gold, carol.extra_deck_slots) == (0, 0)
    assert "gold" in response.content.decode()


# ------------------------------------------------------------------ avatars
def _png():
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "red").save(buffer, "PNG")
    return SimpleUploadedFile("me.png", buffer.getvalue(), content_type="image/png")


@pytest.mark.parametrize("path", [
    "/avatars/..%2F..%2Fmarcomage%2Fsettings.py",
    "/avatars/../../manage.py",
    "/avatars/%2e%2e%2fdb.sqlite3",
    "/avatars/1-0123456789ab.png%00.py",
    "/avatars/1-0123456789ab.PNG",
    "/avatars/1-0123456789abc.png",
    "/avatars/..\\..\\db.sqlite3",
    "/avatars/",
])
def test_avatar_urls_refuse_made_up_paths(carol, client_of, path):
    response = client_of(carol).get(path)
    assert response.status_code == 404
    assert b"SECRET_KEY" not in response.content and b"SQLite" not in response.content


def test_avatar_upload_names_the_file_itself(alice, carol, client_of):
    """The stored name comes from the uploader's id and a random part, never from the form:
    carol cannot place a file under alice's name or elsewhere."""
    client_of(alice).post(reverse("players:avatar_upload"), {"avatar-avatar": _png()})
    alice.settings.refresh_from_db()
    alice_name = alice.settings.avatar.name
    upload = _png()
    upload.name = f"../../{alice_name.split('/')[-1]}"
    client_of(carol).post(reverse("players:avatar_upload"),
                          {"avatar-avatar": upload, "avatar-name": alice_name,
                           "player": alice.pk})
    carol.settings.refresh_from_db()
    alice.settings.refresh_from_db()
    assert alice.settings.avatar.name == alice_name
    assert carol.settings.avatar.name.startswith(f"avatars/{carol.pk}-")
    assert carol.settings.avatar.name != alice_name
    # removing her own avatar leaves alice's file in place
    client_of(carol).post(reverse("players:avatar_remove"), {"player": alice.pk})
    filename = alice_name.split("/")[-1]
    response = client_of(carol).get(reverse("players:avatar", args=[filename]))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response["X-Content-Type-Options"] == "nosniff"


# ------------------------------------------------------------------ private messages
def test_guessed_message_ids_reveal_nothing(alice_messages, carol, client_of):
    client = client_of(carol)
    highest = max(m.pk for m in alice_messages)
    # From two before the first message in the database to two past alice's last. On
    # PostgreSQL the ids go on from the earlier tests' messages (rolled back, not there):
    # thousands of ids below these in a whole run, none of them a message to reveal.
    lowest = Message.objects.aggregate(lowest=Min("pk"))["lowest"]
    for pk in range(max(1, lowest - 2), highest + 3):
        response = client.get(reverse("players:message_detail", args=[pk]))
        assert response.status_code == 404, pk
        reply = client.get(reverse("players:message_new"), {"reply": pk}).content.decode()
        assert ALICE_SECRET_BODY not in reply and ALICE_SECRET_SUBJECT not in reply
    for url in (reverse("players:inbox"), reverse("players:sent"),
                reverse("players:inbox") + "?page=2", reverse("players:detail", args=["alice"])):
        body = client.get(url).content.decode()
        for marker in (ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT, ALICE_SYSTEM_BODY):
            assert marker not in body, url


def test_deleting_by_guessed_ids_leaves_other_players_messages(alice_messages, carol,
                                                                client_of):
    ids = [str(m.pk) for m in alice_messages]
    response = client_of(carol).post(reverse("players:message_delete"), {"message": ids},
                                     follow=True)
    assert "already gone" in response.content.decode()
    for message in Message.objects.filter(pk__in=ids):
        assert not message.deleted_by_recipient and not message.deleted_by_author
    assert Message.objects.filter(pk__in=ids).count() == 3


def test_bob_sees_his_side_only(alice_messages, bob, client_of):
    """bob wrote one message to alice and got one from her: he reads both, but not the
    site's system message to alice, and deleting his copy leaves hers."""
    to_alice, from_alice, system = alice_messages
    client = client_of(bob)
    assert client.get(reverse("players:message_detail", args=[to_alice.pk])).status_code == 200
    assert client.get(reverse("players:message_detail", args=[from_alice.pk])).status_code == 200
    assert client.get(reverse("players:message_detail", args=[system.pk])).status_code == 404
    client.post(reverse("players:message_delete"), {"message": [to_alice.pk, system.pk]})
    to_alice.refresh_from_db()
    system.refresh_from_db()
    assert to_alice.deleted_by_author and not to_alice.deleted_by_recipient
    assert not system.deleted_by_recipient
    # reading alice's incoming message does not mark it read for her
    assert not Message.objects.get(pk=to_alice.pk).is_read


# ------------------------------------------------------------------ redirects
@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/",
                                    "/\\evil.example", "javascript:alert(1)"])
def test_next_parameters_do_not_send_players_to_other_sites(alice, client_of, target):
    from tests.conftest import PASSWORD

    response = client_of(alice).post(reverse("players:hint_dismiss", args=["decks"]),
                                     {"next": target})
    assert response.status_code == 302 and response.url == reverse("home")
    from django.test import Client

    login = Client().post(reverse("login") + f"?next={target}",
                          {"username": "alice", "password": PASSWORD})
    assert login.status_code == 302 and "evil" not in login.url
    assert not login.url.startswith("javascript")
