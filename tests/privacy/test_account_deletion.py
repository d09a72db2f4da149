""""Delete my account", through the player's own doors: confirmed by the password, every
session and token stopped at once, what others hold kept under an anonymous name, the
name free again after its hold.
"""
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.models import Deck
from forum import services as forum_services
from games import services as gs
from games.models import ChatMessage, Game, GameNote
from marcomage.privacy.models import HeldName
from players.inbox.services import message_send
from players.models import AccessToken, Message
from players.tokens.services import token_create
from tests.conftest import PASSWORD
from tests.games.conftest import make_deck
from tests.security.conftest import start_game

pytestmark = pytest.mark.django_db

CHAT_LINE = "alice-says-gl-hf-41aa"
TO_BOB = "alice-writes-to-bob-52bb"
TO_ALICE = "bob-writes-to-alice-63cc"
FORUM_POST = "alice-forum-post-74dd"


def _login(name, password=PASSWORD) -> Client:
    client = Client()
    response = client.post(reverse("login"), {"username": name, "password": password})
    assert response.status_code == 302, response.content[:300]
    return client


@pytest.fixture
def world(alice, bob, carol):
    for player in (alice, bob, carol):
        player.level = 10
        player.save(update_fields=["level"])
    running = start_game(alice, bob)
    gs.chat_post(game_id=running.pk, player=alice, body=CHAT_LINE)
    gs.game_note_save(game_id=running.pk, player=alice, text="alice's plan")
    challenge = gs.challenge_create(challenger=alice, opponent=carol,
                                    deck=make_deck(alice, name="Challenge deck"))
    message_send(author=alice, recipient=bob, subject="hello bob", body=TO_BOB)
    message_send(author=bob, recipient=alice, subject="hello alice", body=TO_ALICE)
    thread = forum_services.thread_create(section="general", author=alice, title="Alice's tips",
                                          body=FORUM_POST)
    _token, raw = token_create(player=alice, name="alice's bot", scopes=["read"])
    return {"game": running, "challenge": challenge, "thread": thread, "token": raw}


def _delete(client, password=PASSWORD, understood=True):
    data = {"password": password}
    if understood:
        data["understood"] = "on"
    return client.post(reverse("privacy:delete"), data)


def _api(token):
    return Client().get("/api/v1/players", HTTP_AUTHORIZATION=f"Bearer {token}")


def test_a_wrong_password_or_no_tick_deletes_nothing(alice, world):
    client = _login("alice")
    page = client.get(reverse("privacy:delete"))
    assert page.status_code == 200 and b"cannot be undone" in page.content
    refused = _delete(client, password="not-my-password")
    assert refused.status_code == 400 and b"That is not your password" in refused.content
    assert _delete(client, understood=False).status_code == 400
    alice.user.refresh_from_db()
    assert alice.user.is_active and alice.user.username == "alice"
    assert Deck.objects.filter(player=alice).exists()


def test_deleting_an_account(alice, bob, carol, world):
    session = _login("alice")
    other_session = _login("alice")  # another browser
    assert other_session.get(reverse("players:settings")).status_code == 200
    assert _api(world["token"]).status_code == 200

    done = _delete(session)
    assert done.status_code == 200 and b"Your account is deleted" in done.content

    # Signed out everywhere, and the token refused, at once.
    for client in (session, other_session):
        response = client.get(reverse("players:settings"))
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert _api(world["token"]).status_code == 401
    assert not AccessToken.objects.filter(player=alice).exists()
    login = Client().post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert login.status_code == 200  # the form again: no such account

    # Her private things are gone.
    assert not Deck.objects.filter(player=alice).exists()
    assert not GameNote.objects.filter(player=alice).exists()
    assert not Message.objects.filter(recipient=alice).exists()
    user = get_user_model().objects.get(pk=alice.user_id)
    assert user.email == "" and not user.has_usable_password() and not user.is_active
    anonymous = user.username
    assert re.fullmatch(r"Deleted player \d{6}", anonymous)

    # Her running game is bob's; her challenge to carol is withdrawn.
    game = Game.objects.get(pk=world["game"].pk)
    assert game.status == Game.Status.FINISHED and game.winner_id == bob.pk
    assert game.outcome == Game.Outcome.ABANDON
    assert not Game.objects.filter(pk=world["challenge"].pk).exists()

    # What bob holds shows an anonymous deleted player, never "alice".
    bob_client = _login("bob")
    game_page = bob_client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert anonymous in game_page and CHAT_LINE in game_page
    assert ">alice<" not in game_page
    message = Message.objects.get(recipient=bob, body=TO_BOB)
    read = bob_client.get(reverse("players:message_detail", args=[message.pk])).content.decode()
    assert anonymous in read and TO_BOB in read
    thread = bob_client.get(reverse("forum:thread", args=[world["thread"].pk])).content.decode()
    assert anonymous in thread and FORUM_POST in thread
    assert ChatMessage.objects.filter(body=CHAT_LINE, author=alice).exists()

    # The name is held: nobody may take it yet.
    form = {"username": "Alice", "password1": "a-new-pass-1234", "password2": "a-new-pass-1234"}
    taken = Client().post(reverse("register"), form)
    assert taken.status_code == 200 and b"belonged to an account deleted lately" in taken.content
    assert HeldName.objects.filter(name="alice").exists()


def test_the_name_is_free_after_its_hold(alice, world, settings):
    _delete(_login("alice"))
    form = {"username": "alice", "password1": "a-new-pass-1234", "password2": "a-new-pass-1234"}
    with time_machine.travel(timezone.now() + timedelta(days=settings.DELETED_NAME_HOLD_DAYS,
                                                        minutes=1)):
        from marcomage.privacy.tasks import privacy_expired_task
        assert privacy_expired_task.apply().get()["names_freed"] == 1
        welcome = Client().post(reverse("register"), form)
    assert welcome.status_code == 302
    new = get_user_model().objects.get(username="alice")
    assert new.pk != alice.user_id


def test_a_deleted_accounts_profile_gives_nothing_away(alice, world):
    from players.models import PlayerSettings
    PlayerSettings.objects.filter(player=alice).update(real_name="Alice Liddell",
                                                        hobbies="croquet")
    _delete(_login("alice"))
    anonymous = get_user_model().objects.get(pk=alice.user_id).username
    page = _login("bob").get(reverse("players:detail", args=[anonymous]))
    assert page.status_code in (200, 404)  # the profile list shows active accounts only
    text = page.content.decode()
    assert "Alice Liddell" not in text and "croquet" not in text
