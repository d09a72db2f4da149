"""Refused input leaves no trace: stale and double submits, refused purchases, imports,
deck edits, chat lines and messages; each refusal says why."""
import json

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from decks.models import Deck
from games.models import ChatMessage, Turn
from players.models import FoilCard, Message, Player, Purchase

from .conftest import client_for, problems_of

pytestmark = pytest.mark.django_db


def flashes(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def _on_turn(game):
    game.refresh_from_db()
    return game.player1 if game.current_seat == 0 else game.player2


# ------------------------------------------------------------------ game moves
def test_an_outsider_cannot_move_or_command_a_game(world):
    game = world.games["running"]
    carol = client_for(world.carol)
    chat = ChatMessage.objects.filter(game=game).count()
    for url in (f"/games/{game.pk}/move/", f"/games/{game.pk}/do/surrender/",
                f"/games/{game.pk}/leave/", f"/games/{game.pk}/chat/"):
        assert carol.post(url, {"position": 1, "version": game.version,
                                "body": "hi"}).status_code == 404
    game.refresh_from_db()
    assert game.surrender_requested_by_id is None
    assert Turn.objects.filter(game=game).count() == 0
    assert ChatMessage.objects.filter(game=game).count() == chat


# ------------------------------------------------------------------ shop
def test_a_double_submitted_purchase_charges_once(world):
    client = client_for(world.alice)
    form = {"item": Purchase.Item.GAME_SLOT, "token": "one-time-token-1"}
    client.post("/shop/buy/", form)
    second = client.post("/shop/buy/", form)
    world.alice.refresh_from_db()
    assert world.alice.gold == 5000 - 200 and world.alice.extra_game_slots == 1
    assert any("not charged twice" in m for m in flashes(second))


@pytest.mark.parametrize("form", [
    {"item": "gold-mine", "token": "t1"},
    {"item": Purchase.Item.FOIL, "token": "t2", "card": "abc"},
    {"item": Purchase.Item.FOIL, "token": "t3", "card": "9" * 40},
    {"item": Purchase.Item.FOIL, "token": "t4", "card": "-5"},
    {"item": Purchase.Item.DECK_SLOT, "token": ""},
    {"item": Purchase.Item.DECK_SLOT, "token": "\x00nul"},
    {"item": Purchase.Item.DECK_SLOT, "token": ["t5", "t6"]},
    {"item": [Purchase.Item.DECK_SLOT, Purchase.Item.FOIL], "token": "t7"},
])
def test_a_refused_purchase_takes_no_gold(world, form):
    response = client_for(world.alice).post("/shop/buy/", form)
    assert response.status_code == 302
    messages = flashes(response)
    world.alice.refresh_from_db()
    if form["item"] == Purchase.Item.DECK_SLOT and form["token"] == ["t5", "t6"]:
        # Two tokens: the form's value is the last one, a normal purchase.
        assert world.alice.gold == 5000 - 300
        return
    assert messages, "the refusal says why"
    assert world.alice.gold == 5000
    assert not Purchase.objects.exists() and not FoilCard.objects.exists()


def test_a_purchase_without_gold_is_refused(world):
    Player.objects.filter(pk=world.bob.pk).update(gold=10)
    response = client_for(world.bob).post("/shop/buy/", {"item": Purchase.Item.FOIL,
                                                         "card": 1, "token": "tok"})
    assert any("costs 500 gold" in m for m in flashes(response))
    world.bob.refresh_from_db()
    assert world.bob.gold == 10 and not FoilCard.objects.exists()


# ------------------------------------------------------------------ deck builder
def test_a_double_take_and_a_double_return_change_the_deck_once(world):
    deck = world.decks["empty"]
    client = client_for(world.alice)
    card = 1
    client.post(f"/decks/{deck.pk}/take/", {"card": card})
    second = client.post(f"/decks/{deck.pk}/take/", {"card": card})
    deck.refresh_from_db()
    assert deck.card_ids().count(card) == 1
    assert any("already in this deck" in m for m in flashes(second))
    client.post(f"/decks/{deck.pk}/return/", {"card": card})
    again = client.post(f"/decks/{deck.pk}/return/", {"card": card},
                        headers={"HX-Request": "true"})
    deck.refresh_from_db()
    assert card not in deck.card_ids()
    assert again.status_code == 200 and "not in this deck" in again.content.decode()


@pytest.mark.parametrize("field,value", [("name", "bad\x00name"), ("name", "esc\x1b[31m"),
                                         ("name", "n" * 1000), ("name", "")])
def test_a_refused_rename_keeps_the_name(world, field, value):
    deck = world.decks["ready"]
    response = client_for(world.alice).post(f"/decks/{deck.pk}/rename/", {field: value})
    assert response.status_code == 302 and flashes(response)
    assert Deck.objects.get(pk=deck.pk).name == deck.name


@pytest.mark.parametrize("note", ["nul\x00inside", "n" * 2001])
def test_a_refused_note_keeps_the_note(world, note):
    deck = world.decks["ready"]
    response = client_for(world.alice).post(f"/decks/{deck.pk}/note/", {"note": note},
                                            headers={"HX-Request": "true"})
    assert response.status_code == 200 and "flash-error" in response.content.decode()
    assert Deck.objects.get(pk=deck.pk).note == deck.note


# ------------------------------------------------------------------ deck import
def _deck_file(**overrides):
    deck = world_deck = {"format": "marcomage-deck", "version": 1, "name": "Imported",
                         "cards": {"common": [], "uncommon": [], "rare": []},
                         "tokens": ["none"], "note": ""}
    world_deck.update(overrides)
    return json.dumps(deck).encode()


@pytest.mark.parametrize("content", [
    _deck_file(name="nul\u0000name"),
    _deck_file(note="nul\u0000note"),
    _deck_file(name="\u001b[31m"),
    _deck_file(cards={"common": [10 ** 40, -1, "1", None, 1.5, True]}),
    b"\xff\xfe\x00junk",
    b"[" * 100000,
    b"",
    b" " * 70000,
])
def test_a_refused_import_creates_nothing(world, content):
    before = Deck.objects.count()
    upload = SimpleUploadedFile("deck.json", content, content_type="application/json")
    response = client_for(world.alice).post("/decks/import/", {"file": upload})
    assert response.status_code in (302, 400)
    assert Deck.objects.count() == before
    if response.status_code == 400:
        assert not problems_of(response, label="import")
        assert "The deck was not imported" in response.content.decode()
    else:
        assert flashes(response)


# ------------------------------------------------------------------ chat and messages
def test_an_oversized_chat_line_is_refused_and_nothing_is_written(world):
    game = world.games["running"]
    before = ChatMessage.objects.count()
    response = client_for(world.alice).post(f"/games/{game.pk}/chat/", {"body": "z" * (1 << 20)},
                                            headers={"HX-Request": "true"})
    assert response.status_code == 200 and "1000 characters" in response.content.decode()
    assert ChatMessage.objects.count() == before


def test_a_refused_message_keeps_what_was_typed(world):
    before = Message.objects.count()
    response = client_for(world.alice).post("/messages/new/", {
        "recipient": "bob", "subject": "Keep me", "body": "b" * (1 << 20)})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="Keep me"' in page and "field-error" in page
    assert Message.objects.count() == before


@pytest.mark.parametrize("ids", [["9" * 40], ["²"], ["abc", "-1"], []])
def test_deleting_junk_message_ids_is_refused_gently(world, ids):
    before = Message.objects.filter(deleted_by_recipient=False).count()
    response = client_for(world.alice).post("/messages/delete/", {"message": ids})
    assert response.status_code == 302 and flashes(response)
    assert Message.objects.filter(deleted_by_recipient=False).count() == before


def test_junk_ids_next_to_a_real_one_still_delete_the_real_one(world):
    mine = world.messages["to_alice"]
    client_for(world.alice).post("/messages/delete/", {"message": ["9" * 40, str(mine.pk)]})
    mine.refresh_from_db()
    assert mine.deleted_by_recipient


# ------------------------------------------------------------------ site-wide pages
@pytest.mark.parametrize("target,expected", [("abc", "/"), ("/decks/", "/decks/"),
                                             ("https://evil.example/", "/"),
                                             ("//evil.example/", "/")])
def test_a_hint_dismissal_goes_back_only_inside_the_site(world, target, expected):
    response = client_for(world.alice).post("/hints/game-list/dismiss/", {"next": target})
    assert response.status_code == 302 and response["Location"] == expected


def test_an_action_address_opened_directly_gets_a_page_not_a_blank(world):
    response = client_for(world.alice).get("/shop/buy/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "css/site.css" in response.content.decode()
    assert "Content-Security-Policy" in response


def test_an_expired_form_gets_a_page_that_says_so_and_changes_nothing(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.alice.user)
    before = Deck.objects.count()
    response = client.post("/decks/new/", {"name": "Never made"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "expired" in page and "css/site.css" in page
    assert Deck.objects.count() == before


def test_a_nul_in_a_player_name_is_a_404(world):
    assert client_for(world.alice).get("/players/%00/").status_code == 404
    assert client_for(world.alice).get("/players/bob%00/").status_code == 404
