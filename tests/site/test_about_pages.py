"""The pages about the game and the site: modified cards, FAQ, credits, history; all
public, all linked from every page's footer."""
import pytest
from django.urls import reverse

from games import engine
from marcomage.site.about.selectors import cards_modified_by_date
from marcomage.site.about.views import DATES_PER_PAGE

pytestmark = pytest.mark.django_db

ABOUT_PAGES = {"modified_cards": "Modified cards", "faq": "Frequently asked questions",
               "credits": "Credits", "game_history": "A short history of the game"}


@pytest.mark.parametrize("name", ABOUT_PAGES)
def test_about_pages_are_open_to_visitors_and_players(name, client, alice, client_of):
    for viewer in (client, client_of(alice)):
        response = viewer.get(reverse(name))
        assert response.status_code == 200
        assert f"<h1>{ABOUT_PAGES[name]}</h1>" in response.content.decode()
        assert viewer.post(reverse(name)).status_code == 405


def test_every_page_links_the_site_pages_in_its_footer(client):
    footer = client.get(reverse("help")).content.decode().split('<footer', 1)[1]
    for name in ("news", "modified_cards", "faq", "credits", "game_history", "help"):
        assert f'href="{reverse(name)}' in footer, name


def test_history_tells_where_the_game_comes_from(client):
    html = client.get(reverse("game_history")).content.decode()
    for fact in ("Might and Magic VII", "New World Computing", "3DO", "Multiplayer Arcomage"):
        assert fact in html


def test_card_changes_are_grouped_by_date_newest_first():
    changes = cards_modified_by_date()
    dates = [day.date for day in changes]
    assert dates == sorted(set(dates), reverse=True)
    cards = [card for day in changes for card in day.cards]
    assert len(cards) == len(engine.all_cards())
    assert len({card.id for card in cards}) == len(cards)
    for day in changes:
        assert [c.name.lower() for c in day.cards] == sorted(c.name.lower() for c in day.cards)
        for card in day.cards:
            definition = engine.card(card.id)
            assert definition.modified == day.date
            assert card.is_new == (definition.created == definition.modified)


def test_modified_cards_link_each_card_to_its_page_by_date(client):
    changes = cards_modified_by_date()
    first = client.get(reverse("modified_cards")).content.decode()
    newest = changes[0]
    assert f'<time datetime="{newest.date}">{newest.date}</time>' in first
    for card in newest.cards:
        assert f'href="{reverse("decks:card_detail", args=[card.id])}"' in first
    assert first.count('class="panel card-changes"') == min(DATES_PER_PAGE, len(changes))
    last_page = (len(changes) + DATES_PER_PAGE - 1) // DATES_PER_PAGE
    last = client.get(reverse("modified_cards") + f"?page={last_page}").content.decode()
    assert changes[-1].date in last and newest.date not in last
    assert f"Page {last_page} of {last_page}" in last


def test_a_junk_page_number_shows_a_page(client):
    for query in ("?page=abc", "?page=-4", "?page=99999999999999999999"):
        assert client.get(reverse("modified_cards") + query).status_code == 200
