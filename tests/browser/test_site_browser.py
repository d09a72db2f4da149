"""Site-wide browser behaviour: a refused htmx request is explained, not silently dropped."""
import pytest

from decks.models import Deck
from players.accounts.services import player_register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_refused_htmx_request_shows_why(page, live_server, login, screenshot):
    player = player_register(username="Refused", password="a-fine-long-secret")
    player.level = 1
    player.save(update_fields=["level"])
    deck = Deck.objects.filter(player=player, name="My deck 1").get()
    login("Refused", "a-fine-long-secret")
    page.goto(f"{live_server.url}/decks/{deck.pk}/")
    page.wait_for_selector("#card-pool .pool-item .card")

    deck.delete()  # e.g. deleted in another tab: the builder's next request gets a 404
    page.locator("#card-pool .pool-item:not(.is-taken) .card").first.click()
    error = page.wait_for_selector(".flash.htmx-error", timeout=20000)
    assert "nothing at this address" in error.inner_text()
    screenshot("htmx-error")
