"""Fixtures for the outside-in security audit.

Everything is set up through the real services (as a player would through the site);
the tests then only use the HTTP and websocket interfaces. alice owns things, bob plays
against her, carol is the outsider. All three are past the tutorial so that no section
gate hides a permission problem behind a "section locked" page.
"""
import pytest
from django.template.base import Template
from django.test import Client
from django.test.client import ClientHandler
from django.test.utils import _TestState

from decks.models import Deck
from games import engine
from games import services as gs
from players.inbox.services import message_send, message_send_system
from players.models import Message
from tests.games.conftest import make_deck

# Marker strings: if one of these shows up in a response it was leaked.
ALICE_SECRET_BODY = "alice-private-body-7c1f"
ALICE_SECRET_SUBJECT = "alice-private-subject-91ab"
ALICE_SYSTEM_BODY = "alice-system-body-4e2d"
ALICE_DECK_NOTE = "alice-deck-note-b3a0"
ALICE_DECK_NAME = "AliceSecretDeck"
CHALLENGE_NOTE = "alice-challenge-note-5d6e"


@pytest.fixture(autouse=True)
def _personas_past_tutorial(alice, bob, carol):
    for player in (alice, bob, carol):
        player.level = 10
        player.save(update_fields=["level"])


@pytest.fixture
def templates_not_recorded(monkeypatch):
    """Pages rendered without Django's test instrumentation, for tests that never read
    ``response.context`` nor ``response.templates``.

    Under test, every template render sends ``template_rendered`` and the test client keeps
    a copy of its context: the settings page, some 1,800 renders of its form widgets, took
    three times as long to draw, and the error pages a fifth longer. The instrumented
    render is the original one plus that signal (django.test.utils), which is put back."""
    monkeypatch.setattr(Template, "_render", _TestState.saved_data.template_render)


@pytest.fixture
def new_client():
    """new_client(player=None) -> a new test client, logged in as ``player`` if given.

    The clients of one test share one request handler, as a server's visitors share its
    process: Django loads the middleware once per handler, and WhiteNoise's scans the
    static files there (tens of milliseconds), which a test taking a new client for each
    of its hundreds of requests paid each time."""
    handler = ClientHandler(enforce_csrf_checks=False)

    def _client(player=None):
        client = Client()
        client.handler = handler
        if player is not None:
            client.force_login(player.user)
        return client

    return _client


@pytest.fixture
def alice_deck(alice):
    deck = make_deck(alice, name=ALICE_DECK_NAME)
    Deck.objects.filter(pk=deck.pk).update(note=ALICE_DECK_NOTE)
    deck.refresh_from_db()
    return deck


@pytest.fixture
def alice_messages(alice, bob):
    """(personal message bob -> alice, alice -> bob, system message to alice)."""
    to_alice = message_send(author=bob, recipient=alice, subject=ALICE_SECRET_SUBJECT,
                            body=ALICE_SECRET_BODY)
    from_alice = message_send(author=alice, recipient=bob, subject=ALICE_SECRET_SUBJECT,
                              body=ALICE_SECRET_BODY)
    system = message_send_system(recipient=alice, subject="System note",
                                 body=ALICE_SYSTEM_BODY)
    return [Message.objects.get(pk=m.pk) for m in (to_alice, from_alice, system)]


def start_game(alice, bob, **modes):
    game = gs.challenge_create(challenger=alice, opponent=bob,
                               deck=make_deck(alice, name=f"A{Deck.objects.count()}"), **modes)
    game = gs.challenge_accept(game_id=game.pk, player=bob,
                               deck=make_deck(bob, name=f"B{Deck.objects.count()}", starter=1))
    game.refresh_from_db()
    return game


def play_some_turns(game, turns):
    """Discard from varying slots so both hands change (and new cards get drawn)."""
    for i in range(turns):
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        mover = game.player1 if game.current_seat == 0 else game.player2
        gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                             position=1 + i % 8)
    game.refresh_from_db()
    return game


@pytest.fixture
def hidden_game(alice, bob):
    game = start_game(alice, bob, hidden=True)
    return play_some_turns(game, 5)


@pytest.fixture
def challenge(alice, bob):
    """A challenge alice sent to bob, not answered yet."""
    return gs.challenge_create(challenger=alice, opponent=bob,
                               deck=make_deck(alice, name="Challenger deck"),
                               message=CHALLENGE_NOTE)


@pytest.fixture
def hosted(alice):
    """A game alice hosts that nobody has joined yet."""
    return gs.game_host(host=alice, deck=make_deck(alice, name="Host deck"))


def hidden_cards_of(game, seat):
    """Card ids in ``seat``'s hand that the other seat must not see, minus any id the other
    seat legitimately sees somewhere (own hand, revealed slots, last played, discards)."""
    state = engine.state_from_json(game.state)
    view = engine.view_for(state, 1 - seat)
    visible = set()
    for side in view["players"]:
        visible.update(c for c in side["hand"] if c)
        visible.update(entry["card"] for entry in side["history"] if entry["card"])
        visible.update(_ids_in(side["discarded"]))
    hand = state.p[seat].hand
    secret = {cid for cid, shown in zip(hand, state.p[seat].rev, strict=True) if not shown}
    return secret - visible


def _ids_in(value):
    if isinstance(value, (list, tuple)):
        out = set()
        for v in value:
            out |= _ids_in(v)
        return out
    return {value} if isinstance(value, int) and value else set()
