"""A challenge's message is BBCode, rendered through the site's sanitiser wherever it shows:
the Games page (to both sides) and the challenged player's Messages page."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services as gs
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db

MESSAGE = ('[b]Ready[/b] for a [i]long[/i] one? [url=https://example.org/rules]rules[/url] '
           '<script>alert(1)</script> [url=javascript:alert(2)]bad[/url]')


@pytest.fixture
def challenge(alice, bob):
    return gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice),
                               message=MESSAGE)


def _assert_rendered(html, where):
    assert "<b>Ready</b>" in html and "<i>long</i>" in html, where
    assert '<a href="https://example.org/rules" rel="nofollow ugc noopener">rules</a>' in html
    assert "<script>alert(1)" not in html and "&lt;script&gt;" in html, where
    assert "javascript:" not in html.split("challenge-message", 1)[1].split(
        "</blockquote>", 1)[0], where
    assert "[b]" not in html, where


def test_the_games_page_renders_the_message_for_both_sides(alice, bob, client_of, challenge):
    for player in (bob, alice):  # the challenged player, and the challenger's own copy
        _assert_rendered(client_of(player).get(reverse("games:list")).content.decode(),
                         player.name)


def test_the_messages_page_lists_incoming_challenges(alice, bob, carol, client_of, challenge):
    html = client_of(bob).get(reverse("players:inbox")).content.decode()
    assert 'id="challenges"' in html
    # The name coloured by activity, saying it in words too (tests/players/test_activity_colours.py)
    assert "alice (online) challenges you" in re.sub(r"<[^>]+>", "", html)
    _assert_rendered(html, "inbox")
    assert f'href="{reverse("games:list")}#incoming"' in html
    for other in (alice, carol):  # not for the sender, nor for anybody else
        assert 'id="challenges"' not in client_of(other).get(
            reverse("players:inbox")).content.decode()
    assert 'id="challenges"' not in client_of(bob).get(
        reverse("players:sent")).content.decode()


def test_the_challenges_cost_the_messages_page_one_query_only_when_there_are_some(
        alice, bob, client_of, django_assert_num_queries):
    client = client_of(bob)
    client.get(reverse("players:inbox"))  # warm the session
    with CaptureQueriesContext(connection) as without:
        client.get(reverse("players:inbox"))
    gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    with django_assert_num_queries(len(without.captured_queries) + 1):
        client.get(reverse("players:inbox"))
