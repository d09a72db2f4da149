"""Names and texts that players type hold no control characters: each form answers with a
clear error and saves nothing (marcomage/plumbing/plain_text.py)."""
import pytest
from django.urls import reverse

from concepts.models import Concept
from decks.models import Deck
from games.tournaments.models import Tournament
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

BAD_NAMES = ["Ink\nprint('X')\n#", "Ink\rX", "Ink\x00X", "Ink\x1bX", "Ink\u2028X",
             "Ink\u202eX", "Ink\tX"]


def _errors(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_concepts_name_is_one_line(carol, client_of, name):
    response = client_of(carol).post(reverse("concepts:new"), {
        "name": name, "rarity": "Common", "bricks": "1", "gems": "0", "recruits": "0",
        "effect": "+1 tower"})
    assert response.status_code in (200, 400)
    assert "cannot contain control characters" in _errors(response)
    assert not Concept.objects.exists()


def test_a_concepts_texts_keep_their_lines_but_no_other_control(carol, client_of):
    data = {"name": "Ink", "rarity": "Common", "bricks": "1", "gems": "0", "recruits": "0"}
    client = client_of(carol)
    response = client.post(reverse("concepts:new"), {**data, "effect": "+1 tower\x1b[31m"})
    assert "contains control characters" in _errors(response)
    assert not Concept.objects.exists()
    client.post(reverse("concepts:new"), {**data, "effect": "+1 tower\r\n+1 wall\tnow",
                                          "note": "two\nlines"})
    concept = Concept.objects.get()
    assert concept.effect == "+1 tower\n+1 wall\tnow" and concept.note == "two\nlines"


@pytest.mark.parametrize("name", BAD_NAMES)
def test_an_events_name_is_one_line(carol, client_of, name):
    carol.level = 30
    carol.save(update_fields=["level"])
    response = client_of(carol).post(reverse("tournaments:new"), {
        "name": name + " arena", "kind": "arena", "starts_in": "15", "duration_minutes": "30",
        "turn_timeout": "300", "deck_rule": "any", "min_level": "0", "max_players": "9"})
    assert "cannot contain control characters" in _errors(response)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("name", ["Ink\x00X", "Ink\x1bX", "Ink\u202eX"])
def test_a_decks_name_is_one_line(carol, client_of, name):
    carol.level = 30
    carol.save(update_fields=["level"])
    deck = make_deck(carol, name="Mine")
    client = client_of(carol)
    response = client.post(reverse("decks:rename", args=[deck.pk]), {"name": name},
                           follow=True)
    assert "cannot contain control characters" in _errors(response)
    deck.refresh_from_db()
    assert deck.name == "Mine"
    client.post(reverse("decks:create"), {"name": name}, follow=True)
    assert Deck.objects.filter(player=carol).count() == 1
    response = client.post(reverse("decks:note", args=[deck.pk]), {"note": "a\x07b"},
                           follow=True)
    assert "contains control characters" in _errors(response)
    deck.refresh_from_db()
    assert deck.note == ""


def test_a_profiles_name_is_one_line(carol, client_of):
    carol.level = 30
    carol.save(update_fields=["level"])
    response = client_of(carol).post(reverse("players:settings"), {
        "form": "profile", "profile-real_name": "Carol\u202e", "profile-hobbies": "x"})
    assert response.status_code == 400
    assert "cannot contain control characters" in _errors(response)
    carol.settings.refresh_from_db()
    assert carol.settings.real_name == ""
