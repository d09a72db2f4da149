"""The Games list refreshes by itself (the help page says so): the page carries where and how
often static/js/lobby.js fetches its lists again, and that fetch answers the lists alone,
as they are now."""
import re

import pytest
from django.urls import reverse

from games import services as gs
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


def test_the_page_says_where_and_how_often_its_lists_refresh(alice, client_of):
    client = client_of(alice)
    html = client.get(reverse("games:list")).content.decode()
    live = re.search(r'<div id="games-live" data-live-url="([^"]+)" data-live-seconds="(\d+)"',
                     html)
    assert live and live.group(1) == reverse("games:list") + "?live=1"
    assert live.group(2) == "15"
    assert "js/lobby.js" in html
    alice.settings.auto_refresh = 60  # the player's auto refresh setting rules
    alice.settings.save()
    assert 'data-live-seconds="60"' in client.get(reverse("games:list")).content.decode()


def test_an_answered_challenge_shows_up_in_the_refreshed_lists(alice, bob, client_of):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    client = client_of(alice)
    url = reverse("games:list") + "?live=1"
    before = client.get(url).content.decode()
    assert "Waiting for bob (online) to answer" in re.sub(r"<[^>]+>", "", before)
    assert "<html" not in before and "Start a game" not in before  # the lists alone
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    after = client.get(url).content.decode()
    assert "Waiting for bob (online) to answer" not in re.sub(r"<[^>]+>", "", after)
    assert f'href="/games/{game.pk}/"' in after.split('id="running-h"', 1)[1]


def test_the_refresh_needs_a_login(client):
    response = client.get(reverse("games:list") + "?live=1")
    assert response.status_code == 302 and "login" in response["Location"]
