"""Stored XSS: what one player writes (profile, deck name and note, chat, messages, a
challenge's message) is shown to others as text, never as markup. Everything is entered
through the real forms and read back from the real pages."""
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from decks.models import Deck
from games.models import Game
from players.models import Message
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

PAYLOADS = ['<script>x()</script>', '"><img src=x onerror=x()>', "x' onfocus='x()",
            'x" autofocus onfocus="x()']
BBCODE = ['[url=javascript:x()]a[/url]', '[url="onmouseover="x()]b[/url]',
          '[link=//evil.example/]c[/link]', '[quote="><script>x()</script>]q[/quote]',
          '[url]javascript:x()[/url]', '[link=/\\evil.example]d[/link]']


class _MarkupScan(HTMLParser):
    """Collects what a payload could have injected: event-handler attributes, script
    elements and links to scripts or other sites, as the browser would parse them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append((tag, name, value))
            if name in ("href", "src", "action", "formaction") and value:
                target = value.strip().lower()
                if target.startswith(("javascript:", "data:", "vbscript:", "//", "/\\")) \
                        or "evil.example" in target:
                    self.problems.append((tag, name, value))
        if tag == "img" and dict(attrs).get("src") == "x":
            self.problems.append((tag, "src", "x"))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and "x()" in data:
            self.problems.append(("script", "body", data))


def _assert_inert(body, where):
    scan = _MarkupScan()
    scan.feed(body)
    assert scan.problems == [], where


def test_profile_fields_render_as_text(alice, bob, client_of):
    alice_client = client_of(alice)
    for payload in PAYLOADS:
        response = alice_client.post(reverse("players:settings"), {
            "form": "profile", "profile-real_name": payload, "profile-hobbies": payload * 3})
        assert response.status_code == 302
        alice.settings.refresh_from_db()
        assert alice.settings.real_name == payload  # stored as typed, escaped on output
        for url in (reverse("players:detail", args=["alice"]),
                    reverse("players:list") + "?q=alice", reverse("players:settings")):
            client = alice_client if url == reverse("players:settings") else client_of(bob)
            body = client.get(url).content.decode()
            _assert_inert(body, (url, payload))
        assert "&lt;" in client_of(bob).get(
            reverse("players:detail", args=["alice"])).content.decode() or "<" not in payload


def test_deck_names_and_notes_render_as_text(alice, bob, client_of):
    client = client_of(alice)
    deck = make_deck(alice, name="Plain")
    for payload in PAYLOADS:
        client.post(reverse("decks:rename", args=[deck.pk]), {"name": payload[:40]})
        client.post(reverse("decks:note", args=[deck.pk]), {"note": payload})
        client.post(reverse("decks:create"), {"name": payload[:39] + "2"})
        for url in (reverse("decks:list"), reverse("decks:builder", args=[deck.pk]),
                    reverse("decks:delete", args=[deck.pk]), reverse("games:list"),
                    reverse("games:ai_new"), reverse("games:host"),
                    reverse("games:challenge_new")):
            _assert_inert(client.get(url).content.decode(), (url, payload))
        # the export is a download with a safe name, never an HTML page
        export = client.get(reverse("decks:export", args=[deck.pk]))
        assert export["Content-Type"].startswith("application/json")
        assert export["Content-Disposition"].startswith("attachment;")
        assert "<" not in export["Content-Disposition"] and '"' not in (
            export["Content-Disposition"].split('filename="')[1].rstrip('"'))
    Deck.objects.filter(pk=deck.pk).update(name=PAYLOADS[1][:40])
    # the opponent sees the deck's name nowhere unescaped in a game with it
    game = _game_with(alice, bob, deck, client_of)
    for url in (reverse("games:detail", args=[game.pk]), reverse("games:list")):
        _assert_inert(client_of(bob).get(url).content.decode(), url)


def _game_with(alice, bob, deck, client_of):
    bob_deck = make_deck(bob, name="Bob's")
    client_of(alice).post(reverse("games:challenge_new"), {
        "opponent": "bob", "deck": deck.pk, "turn_timeout": 0, "message": PAYLOADS[0]})
    game = Game.objects.get(player1=alice, player2=bob, status=Game.Status.WAITING)
    _assert_inert(client_of(bob).get(reverse("games:list")).content.decode(), "challenge")
    client_of(bob).post(reverse("games:challenge_answer", args=[game.pk]),
                        {"answer": "accept", "deck": bob_deck.pk})
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    return game


def test_challenge_message_chat_and_game_pages_render_as_text(alice, bob, client_of):
    deck = make_deck(alice, name="Chat deck")
    game = _game_with(alice, bob, deck, client_of)
    for text in PAYLOADS + BBCODE:
        response = client_of(alice).post(reverse("games:chat", args=[game.pk]), {"body": text})
        assert response.status_code == 302
    assert game.chat_messages.count() == len(PAYLOADS + BBCODE)
    bob_client = client_of(bob)
    for url, headers in ((reverse("games:detail", args=[game.pk]), {}),
                         (reverse("games:chat", args=[game.pk]), {}),
                         (reverse("games:chat", args=[game.pk]), {"HTTP_HX_REQUEST": "true"})):
        body = bob_client.get(url, **headers).content.decode()
        _assert_inert(body, url)
    assert "&lt;script&gt;" in bob_client.get(reverse("games:chat", args=[game.pk])).content.decode()


def test_private_messages_render_as_text(alice, bob, client_of):
    for text in PAYLOADS + BBCODE:
        response = client_of(alice).post(reverse("players:message_new"), {
            "recipient": "bob", "subject": text[:100], "body": text})
        assert response.status_code == 302, text
    assert Message.objects.filter(recipient=bob, author=alice).count() == len(PAYLOADS + BBCODE)
    bob_client = client_of(bob)
    _assert_inert(bob_client.get(reverse("players:inbox")).content.decode(), "inbox")
    _assert_inert(client_of(alice).get(reverse("players:sent")).content.decode(), "sent")
    for message in Message.objects.filter(recipient=bob, author=alice):
        detail = bob_client.get(reverse("players:message_detail", args=[message.pk]))
        _assert_inert(detail.content.decode(), ("detail", message.body))
        reply = bob_client.get(reverse("players:message_new"), {"reply": message.pk})
        _assert_inert(reply.content.decode(), ("reply", message.body))


def test_system_messages_quote_player_names_as_text(alice, bob, client_of):
    """System messages put player names into BBCode; a name cannot carry markup in."""
    from players.inbox.services import message_send_system

    message = message_send_system(recipient=bob, subject="Note",
                                  body=f"{PAYLOADS[0]} [b]{PAYLOADS[1]}[/b] {BBCODE[0]}")
    body = client_of(bob).get(reverse("players:message_detail", args=[message.pk]))
    _assert_inert(body.content.decode(), "system message")
