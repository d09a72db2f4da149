"""Every state-changing POST of every app needs the CSRF token (a sample of each app's
endpoints, with a client that enforces the check like a browser would)."""
import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Deck
from games.models import ChatMessage, Game
from players.models import Message

pytestmark = pytest.mark.django_db


def _posts(world_ids):
    deck, game, challenge, hosted, message = world_ids
    return [
        (reverse("players:message_new"), {"recipient": "bob", "subject": "s", "body": "b"}),
        (reverse("players:message_delete"), {"message": [message]}),
        (reverse("players:settings"), {"form": "profile", "profile-real_name": "forged"}),
        (reverse("players:avatar_remove"), {}),
        (reverse("players:shop_buy"), {"item": "deck_slot", "token": "t"}),
        (reverse("players:hint_dismiss", args=["decks"]), {}),
        (reverse("password_change"), {"old_password": "x", "new_password1": "y",
                                      "new_password2": "y"}),
        (reverse("logout"), {}),
        (reverse("decks:create"), {"name": "forged"}),
        (reverse("decks:rename", args=[deck]), {"name": "forged"}),
        (reverse("decks:note", args=[deck]), {"note": "forged"}),
        (reverse("decks:reset", args=[deck]), {}),
        (reverse("decks:delete", args=[deck]), {}),
        (reverse("decks:take", args=[deck]), {"card": 1}),
        (reverse("games:challenge_new"), {"opponent": "bob"}),
        (reverse("games:challenge_cancel", args=[challenge]), {}),
        (reverse("games:host_cancel", args=[hosted]), {}),
        (reverse("games:ai_quick"), {}),
        (reverse("games:move", args=[game]), {"position": 1, "action": "discard"}),
        (reverse("games:command", args=[game, "surrender"]), {}),
        (reverse("games:command", args=[game, "abort"]), {}),
        (reverse("games:chat", args=[game]), {"body": "forged"}),
        (reverse("games:leave", args=[game]), {}),
    ]


def test_posts_without_the_token_are_refused(alice, alice_deck, alice_messages, hidden_game,
                                             challenge, hosted):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice.user)
    before = (list(Deck.objects.values()), list(Message.objects.values()),
              list(Game.objects.values("pk", "status", "version")),
              ChatMessage.objects.count(), alice.settings.real_name)
    ids = (alice_deck.pk, hidden_game.pk, challenge.pk, hosted.pk, alice_messages[0].pk)
    for url, data in _posts(ids):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.post(url, data, **headers)
            assert response.status_code == 403, (url, headers)
    alice.settings.refresh_from_db()
    assert before == (list(Deck.objects.values()), list(Message.objects.values()),
                      list(Game.objects.values("pk", "status", "version")),
                      ChatMessage.objects.count(), alice.settings.real_name)
    # still logged in: the forged logout did nothing
    assert client.get(reverse("games:list")).status_code == 200


def test_a_token_from_the_page_is_accepted(alice, alice_deck):
    """The counterpart: the same client with the page's token gets through."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice.user)
    client.get(reverse("decks:list"))
    token = client.cookies["csrftoken"].value
    response = client.post(reverse("decks:note", args=[alice_deck.pk]),
                           {"note": "fine", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    alice_deck.refresh_from_db()
    assert alice_deck.note == "fine"


def test_login_and_register_need_the_token_too(alice):
    client = Client(enforce_csrf_checks=True)
    assert client.post(reverse("login"), {"username": "alice",
                                          "password": "x"}).status_code == 403
    assert client.post(reverse("register"), {"username": "mallory"}).status_code == 403
