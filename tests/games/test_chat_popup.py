"""The chat as a pop-up (the manual's Chat button): for a player who turned "Chat inside the
game screen" off, the game page has a Chat button (a link to the chat's own page, which
static/js/games.js opens in a dialog) whose mark counts the opponent's new lines; the mark
is fetched again when a line arrives (the chat view with ?unread), without reading them.
tests/browser/test_chat_popup_browser.py drives it in Chromium."""
import re

import pytest
from django.urls import reverse

from games import services as gs
from games.models import ChatMessage, Game
from players.models import PlayerSettings
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _chat_inside(player, inside):
    PlayerSettings.objects.filter(player=player).update(integrated_chat=inside)


def _page(client, game):
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _button(html):
    """The Chat button's tag and its content (None when the page has no button)."""
    found = re.search(r'(<a [^>]*id="chat-popup-button"[^>]*>)(.*?)</a>', html, re.S)
    return (found.group(1), found.group(2)) if found else None


def _unread(client, game):
    response = client.get(reverse("games:chat", args=[game.pk]) + "?unread", **HTMX)
    assert response.status_code == 200
    found = re.search(r'data-count="(\d+)"', response.content.decode())
    return int(found.group(1)) if found else 0


def _seen_at(game, seat):
    game.refresh_from_db()
    return game.player1_chat_seen_at if seat == 0 else game.player2_chat_seen_at


def test_the_button_is_on_the_game_page_only_without_the_integrated_chat(
        alice, started_game, client_of):
    game = started_game()
    client = client_of(alice)
    html = _page(client, game)  # the default: the chat beside the board
    assert _button(html) is None and 'id="chat-popup"' not in html
    assert 'id="chat-box"' in html

    _chat_inside(alice, False)
    html = _page(client, game)
    tag, mark = _button(html)
    chat_url = reverse("games:chat", args=[game.pk])
    assert f'href="{chat_url}"' in tag  # without JavaScript, a plain link to the chat page
    assert f'data-unread-url="{chat_url}?unread"' in tag
    assert 'aria-controls="chat-popup"' in tag and "has-unread" not in tag
    assert re.search(r'id="chat-unread"[^>]*aria-live="polite"', mark)
    assert '<dialog id="chat-popup"' in html
    assert 'id="chat-box"' not in html and "Open the chat" not in html
    # The link leads to the chat, which works without JavaScript.
    assert 'id="chat-box"' in client.get(chat_url).content.decode()


def test_a_game_without_chat_has_no_button(alice, client_of):
    _chat_inside(alice, False)
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    assert game.is_ai
    html = _page(client_of(alice), game)
    assert _button(html) is None and 'id="chat-popup"' not in html


def test_the_mark_counts_the_opponents_new_lines(alice, bob, started_game, client_of):
    game = started_game()
    _chat_inside(alice, False)
    client = client_of(alice)
    gs.chat_post(game_id=game.pk, player=alice, body="good luck")  # her own: never new
    assert _unread(client, game) == 0
    gs.chat_post(game_id=game.pk, player=bob, body="thanks")
    gs.chat_post(game_id=game.pk, player=bob, body="[b]you too[/b]")
    # A line of the game itself (one player left) is not the opponent's.
    ChatMessage.objects.create(game=game, author=None, body="bob has left the game.",
                               body_html="bob has left the game.")
    seen = _seen_at(game, 0)
    assert _unread(client, game) == 2
    tag, mark = _button(_page(client, game))
    assert "has-unread" in tag
    assert re.sub(r"<[^>]+>", "", mark).split() == ["Chat", "(2", "new", "chat", "lines)"]
    # Neither the mark nor the page with the button reads the lines.
    assert _seen_at(game, 0) == seen
    assert _unread(client, game) == 2

    # Opening the pop-up loads the chat: the same two lines are highlighted there...
    chat = client.get(reverse("games:chat", args=[game.pk]), **HTMX).content.decode()
    assert chat.count("chat-line is-new") == 2
    # ... and are read from then on.
    assert _unread(client, game) == 0
    assert "has-unread" not in _button(_page(client, game))[0]
    gs.chat_post(game_id=game.pk, player=bob, body="one more")
    assert _unread(client, game) == 1


def test_the_mark_of_one_line_says_line(alice, bob, started_game, client_of):
    game = started_game()
    _chat_inside(alice, False)
    gs.chat_post(game_id=game.pk, player=bob, body="hello")
    response = client_of(alice).get(reverse("games:chat", args=[game.pk]) + "?unread", **HTMX)
    assert re.sub(r"<[^>]+>", "", response.content.decode()).split() == [
        "(1", "new", "chat", "line)"]


def test_each_player_has_his_own_mark(alice, bob, started_game, client_of):
    game = started_game()
    _chat_inside(alice, False)
    _chat_inside(bob, False)
    gs.chat_post(game_id=game.pk, player=bob, body="first")
    assert _unread(client_of(alice), game) == 1
    assert _unread(client_of(bob), game) == 0
    gs.chat_post(game_id=game.pk, player=alice, body="second")  # writing reads the chat
    assert _unread(client_of(alice), game) == 0
    assert _unread(client_of(bob), game) == 1


def test_nobody_else_reads_the_chat_through_the_button(alice, bob, carol, started_game,
                                                       client_of, client):
    game = started_game()
    _chat_inside(carol, False)
    gs.chat_post(game_id=game.pk, player=bob, body="secret plan")
    chat_url = reverse("games:chat", args=[game.pk])
    spectator = client_of(carol)
    # carol may watch this game, but the chat is the players' own.
    watched = spectator.get(reverse("games:watch_game", args=[game.pk]))
    assert watched.status_code == 200
    html = watched.content.decode()
    assert "secret plan" not in html and "chat-popup" not in html and chat_url not in html
    for url in (chat_url + "?unread", chat_url):
        assert spectator.get(url, **HTMX).status_code == 404
        assert spectator.get(url).status_code == 404
        anonymous = client.get(url)
        assert anonymous.status_code == 302 and "/accounts/login/" in anonymous.url
    # A game that is not running yet has no chat and no mark either.
    waiting = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice, "W"))
    assert waiting.status == Game.Status.WAITING
    assert client_of(alice).get(reverse("games:chat", args=[waiting.pk]) + "?unread",
                                **HTMX).status_code == 404
