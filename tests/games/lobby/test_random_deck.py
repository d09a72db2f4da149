"""The "random deck selection" setting: the forms that start a game begin on one of the
player's complete decks picked at random (the manual: "allow to choose a random deck to
play with when starting a game"), and the computer may get a random one of them."""
import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

FORMS = ["games:challenge_new", "games:host", "games:ai_new"]


def _preselected(html, name="deck"):
    """The option values marked selected in each <select name=...> of the page."""
    found = []
    for body in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S):
        found.append(re.findall(r'<option value="([^"]*)"[^>]*\bselected\b', body))
    return found


@pytest.fixture
def two_decks(alice):
    """alice's two complete decks (ids as the forms write them), beside an unfinished one
    that is never picked."""
    make_deck(alice, name="Half", ready=False)
    return {str(make_deck(alice, name="Alpha").pk), str(make_deck(alice, name="Omega").pk)}


def _random_on(player):
    player.settings.random_deck_selection = True
    player.settings.save()


@pytest.mark.parametrize("url_name", FORMS)
def test_with_the_setting_each_form_starts_on_a_random_ready_deck(alice, client_of, two_decks,
                                                                   url_name):
    _random_on(alice)
    client = client_of(alice)
    seen = set()
    for _ in range(40):  # both decks come up (each render picks anew)
        chosen = _preselected(client.get(reverse(url_name)).content.decode())[0]
        assert len(chosen) == 1 and chosen[0] in two_decks
        seen.add(chosen[0])
    assert seen == two_decks


@pytest.mark.parametrize("url_name", FORMS)
def test_without_the_setting_no_deck_is_preselected(alice, client_of, two_decks, url_name):
    assert _preselected(client_of(alice).get(reverse(url_name)).content.decode()) == [[]]


def test_the_games_list_preselects_a_random_deck_to_accept_and_join_with(
        alice, bob, carol, client_of, two_decks):
    from games import services as gs
    gs.challenge_create(challenger=bob, opponent=alice, deck=make_deck(bob))
    gs.game_host(host=carol, deck=make_deck(carol))
    _random_on(alice)
    client = client_of(alice)
    seen = set()
    for _ in range(40):
        accept, join = _preselected(client.get(reverse("games:list")).content.decode())
        assert accept == join and len(accept) == 1 and accept[0] in two_decks
        seen.add(accept[0])
    assert seen == two_decks


def test_the_computer_may_get_a_random_one_of_my_decks(alice, client_of, two_decks,
                                                       django_capture_on_commit_callbacks):
    client = client_of(alice)
    page = client.get(reverse("games:ai_new")).content.decode()
    assert '<option value="random-own">A random one of my decks</option>' in page
    names = set()
    for _ in range(12):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("games:ai_new"), {
                "kind": "standard", "deck": sorted(two_decks)[0], "level": "easy",
                "ai_deck": "random-own"})
        assert response.status_code == 302
        game = Game.objects.latest("pk")
        names.add(game.ai_deck_name)
        game.delete()
    assert names == {"Alpha", "Omega"}


def test_a_bad_deck_choice_for_the_computer_is_a_form_error(alice, client_of, two_decks):
    response = client_of(alice).post(reverse("games:ai_new"), {
        "kind": "standard", "deck": sorted(two_decks)[0], "level": "easy", "ai_deck": "999"})
    assert response.status_code == 200
    assert "Choose a starter deck, a random one of your decks" in response.content.decode()
    assert not Game.objects.exists()
