"""The chat's order (the manual): the newest line first by default, right under the box one
writes in; the "reverse chat order" setting shows the oldest first. Every way a player sees
the chat follows it: the game page, the chat's own page, the partial that live updates and
sending a line fetch."""
import re

import pytest
from django.urls import reverse

from games import services as gs

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _lines(html):
    """The chat's lines in page order (their text)."""
    box = html.split('id="chat-lines"', 1)[1].split("</ol>", 1)[0]
    return [re.sub(r"<[^>]+>", "", body).strip()
            for body in re.findall(r'<div class="chat-body">(.*?)</div>', box, re.S)]


@pytest.fixture
def chatted(alice, bob, started_game):
    game = started_game()
    for player, text in ((alice, "first"), (bob, "second"), (alice, "third")):
        gs.chat_post(game_id=game.pk, player=player, body=text)
    return game


def _views(client, game):
    return {
        "game page": client.get(reverse("games:detail", args=[game.pk])).content.decode(),
        "chat page": client.get(reverse("games:chat", args=[game.pk])).content.decode(),
        "live partial": client.get(reverse("games:chat", args=[game.pk]), **HTMX)
        .content.decode(),
    }


def test_the_newest_line_comes_first_by_default(alice, chatted, client_of):
    assert not alice.settings.reverse_chat_order
    for where, html in _views(client_of(alice), chatted).items():
        assert _lines(html) == ["third", "second", "first"], where


def test_reverse_chat_order_puts_the_oldest_first(alice, chatted, client_of):
    alice.settings.reverse_chat_order = True
    alice.settings.save()
    for where, html in _views(client_of(alice), chatted).items():
        assert _lines(html) == ["first", "second", "third"], where


@pytest.mark.parametrize("reverse_order, expected", [
    (False, ["fourth", "third", "second", "first"]),
    (True, ["first", "second", "third", "fourth"]),
])
def test_a_new_line_lands_at_the_end_the_setting_says(bob, chatted, client_of, reverse_order,
                                                      expected):
    bob.settings.reverse_chat_order = reverse_order
    bob.settings.save()
    client = client_of(bob)
    sent = client.post(reverse("games:chat", args=[chatted.pk]), {"body": "fourth"}, **HTMX)
    assert _lines(sent.content.decode()) == expected
    # and the opponent's page, told of the line, fetches the same order
    gs.chat_post(game_id=chatted.pk, player=chatted.player1, body="fifth")
    pushed = client.get(reverse("games:chat", args=[chatted.pk]), **HTMX).content.decode()
    assert _lines(pushed) == (["fifth", *expected] if not reverse_order else [*expected, "fifth"])


def test_the_setting_says_what_it_does(alice, client_of):
    page = client_of(alice).get(reverse("players:settings")).content.decode()
    assert "Reverse chat order (oldest line first)" in page
    assert "Oldest chat lines first" not in page
