"""The card balance page in a real browser: it loads from the Statistics page, a filter and
a sort work, and a card's page shows its win-rate chart."""
import re

import pytest

from games import engine
from games.balance import services
from games.balance.counting import figures
from games.balance.models import CardBalance
from players.models import Player
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _give(card, *, played, unplayed, times):
    counts = {"in_deck": played[0] + unplayed[0], "played_games": played[0],
              "played_wins": played[1], "unplayed_games": unplayed[0],
              "unplayed_wins": unplayed[1], "times_played": times, "times_discarded": 0}
    CardBalance.objects.filter(card_id=card, source="all", mode="all").update(
        **counts, **figures(counts))


def test_filter_sort_and_a_cards_chart(page, live_server, login, alice, screenshot):
    Player.objects.filter(pk=alice.pk).update(level=10)
    services.rows_ensure()
    rares = [c.id for c in engine.cards_filter(rarity="Rare")][:3]
    common = engine.cards_filter(rarity="Common")[0].id
    _give(rares[0], played=(80, 60), unplayed=(90, 30), times=120)
    _give(rares[1], played=(40, 20), unplayed=(40, 20), times=300)
    _give(rares[2], played=(10, 5), unplayed=(50, 25), times=15)
    _give(common, played=(500, 400), unplayed=(500, 100), times=900)
    login("alice", PASSWORD)

    page.goto(f"{live_server.url}/statistics/")
    page.click("text=Card balance")
    page.wait_for_url(re.compile(r"/statistics/balance/$"))
    rows = page.locator("#balance-table tbody tr")
    assert rows.first.get_attribute("data-card-id") == str(common)  # +60 points: on top
    screenshot("dashboard")

    page.select_option("select[name=rarity]", "Rare")
    page.click("form.balance-filters button[type=submit]")
    page.wait_for_url(re.compile(r"rarity=Rare"))
    ids = [int(r.get_attribute("data-card-id")) for r in rows.all()]
    assert ids and all(engine.card(cid).rarity == "Rare" for cid in ids)
    assert ids[:2] == rares[:2]  # +33.3 then 0 points; the third has too few games

    page.click("#balance-table th >> a[data-sort=played]")
    page.wait_for_url(re.compile(r"sort=played"))
    assert "rarity=Rare" in page.url
    assert [int(r.get_attribute("data-card-id")) for r in rows.all()[:3]] == [
        rares[1], rares[0], rares[2]]
    assert page.locator("th[aria-sort=descending]").inner_text().startswith("Played")
    screenshot("rare-by-plays")

    page.locator(f'tr[data-card-id="{rares[0]}"] a').first.click()
    page.wait_for_url(re.compile(rf"/cards/{rares[0]}/$"))
    chart = page.locator("#card-balance svg.balance-chart")
    chart.scroll_into_view_if_needed()
    assert chart.is_visible()
    assert page.locator("#card-balance svg circle").count() == 2  # all games: both rates
    assert "too few games" in page.locator("#card-balance svg").inner_html()  # rated, self-play
    box = chart.bounding_box()
    assert box["width"] > 200 and box["height"] > 100
    screenshot("card-chart")
