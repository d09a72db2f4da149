"""Every page tells search engines what it is (issue 44: no page had a meta description):
the site's words by default, a page's own where it has them (the cards list)."""
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]{50,300})">')


@pytest.mark.parametrize("name", ["home", "login", "register", "news", "faq", "help",
                                  "modified_cards"])
def test_public_pages_describe_themselves(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    found = DESCRIPTION.findall(response.content.decode())
    assert len(found) == 1, name


def test_the_cards_list_has_words_of_its_own(client, alice, client_of):
    alice.level = 10
    alice.save(update_fields=["level"])
    player = client_of(alice)
    cards = DESCRIPTION.findall(player.get(reverse("decks:cards")).content.decode())
    home = DESCRIPTION.findall(client.get(reverse("home")).content.decode())
    assert len(cards) == 1 and cards != home and "card" in cards[0].lower()
    for name in ("games:list", "decks:keywords", "players:list"):  # the site's words
        assert len(DESCRIPTION.findall(player.get(reverse(name)).content.decode())) == 1
