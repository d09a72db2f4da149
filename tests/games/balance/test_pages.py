"""The Statistics sub-page "Card balance" and the chart on a card's page: filters, sorting,
"too few games", who sees them, and their queries pinned."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import engine
from games.balance import services
from games.balance.counting import MIN_GAMES, figures
from games.balance.models import CardBalance

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


def _set(card, source="all", mode="all", *, played=(0, 0), unplayed=(0, 0), times=(0, 0)):
    """Give a card's row these counters (games, wins) and the figures that follow."""
    services.rows_ensure()
    counts = {"in_deck": played[0] + unplayed[0], "played_games": played[0],
              "played_wins": played[1], "unplayed_games": unplayed[0],
              "unplayed_wins": unplayed[1], "times_played": times[0],
              "times_discarded": times[1]}
    CardBalance.objects.filter(card_id=card, source=source, mode=mode).update(
        **counts, **figures(counts))


def _ids(html):
    return [int(n) for n in re.findall(r'<tr data-card-id="(\d+)"', html)]


def _text(html):
    return re.sub(r"<[^>]+>", "", html)


def _page(client, **params):
    response = client.get(reverse("balance:dashboard"), params)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def rated_rows():
    """Three cards with enough rated games: 5 strong, 6 even, 7 weak; 8 with too few."""
    _set(5, "rated", played=(100, 70), unplayed=(100, 40), times=(150, 3))
    _set(6, "rated", played=(60, 30), unplayed=(60, 30), times=(80, 9))
    _set(7, "rated", played=(50, 10), unplayed=(50, 30), times=(60, 1))
    _set(8, "rated", played=(MIN_GAMES - 1, 20), unplayed=(80, 40), times=(40, 0))


def test_sorted_by_difference_with_too_few_games_last(alice, client_of, rated_rows):
    html = _page(client_of(alice), source="rated")
    ids = _ids(html)
    assert ids[:3] == [5, 6, 7]  # +30, 0, -40 points
    assert len(ids) == 100 and 8 not in ids[:3]  # a page of 100 cards
    fourth = re.search(rf'<tr data-card-id="{ids[3]}">.*?</tr>', html, re.S).group(0)
    assert '<span class="balance-few">—</span>' in fourth  # then those without a difference
    assert "+30.0" in html and "\N{MINUS SIGN}40.0" in html
    assert "3 of the 754 cards shown have enough games" in _text(html)
    ascending = _ids(_page(client_of(alice), source="rated", sort="difference", dir="asc"))
    assert ascending[:3] == [7, 6, 5]


def test_the_headline_of_a_report(rated_rows):
    from games.balance.selectors import headline

    figures = headline("rated", top=2)
    assert (figures["cards"], figures["enough"]) == (754, 3)
    assert [e.card.id for e in figures["top"]] == [5, 6]
    assert [e.card.id for e in figures["bottom"]] == [7, 6]


def test_too_few_games_is_said(alice, client_of, rated_rows):
    html = _page(client_of(alice), source="rated", sort="played", dir="desc")
    row = re.search(r'<tr data-card-id="8">.*?</tr>', html, re.S).group(0)
    assert "too few games" in row and f"({MIN_GAMES - 1})" in row
    assert "50.0 %" in row  # the unplayed group has its 80 games


def test_the_other_columns_sort(alice, client_of, rated_rows):
    client = client_of(alice)
    assert _ids(_page(client, source="rated", sort="played"))[:4] == [5, 6, 7, 8]
    assert _ids(_page(client, source="rated", sort="discarded"))[:3] == [6, 5, 7]
    assert _ids(_page(client, source="rated", sort="played_rate"))[:3] == [5, 6, 7]
    unplayed = _ids(_page(client, source="rated", sort="unplayed_rate"))[:4]
    assert unplayed[0] == 7 and set(unplayed[1:3]) == {6, 8} and unplayed[3] == 5
    names = _ids(_page(client, sort="card"))
    by_name = sorted(engine.all_cards(), key=lambda c: (c.name.lower(), c.id))
    assert names == [c.id for c in by_name[:100]]
    assert _ids(_page(client, sort="card", dir="desc"))[0] == by_name[-1].id


def test_filters_by_rarity_keyword_level_and_source(alice, client_of, rated_rows):
    client = client_of(alice)
    rare = _ids(_page(client, rarity="Rare", sort="card"))
    assert rare and all(engine.card(cid).rarity == "Rare" for cid in rare)
    keyword = engine.all_keywords()[0].name
    with_keyword = _ids(_page(client, keyword=keyword))
    assert with_keyword and all(keyword in engine.card(cid).kw for cid in with_keyword)
    level = _ids(_page(client, level="3"))
    assert level and all(engine.card(cid).level == 3 for cid in level)
    # the figures are the chosen source's: all games have none yet
    assert "0 of the 754 cards shown have enough games" in _text(_page(client, source="all"))
    assert "No self-play run has finished yet" in _page(client, source="selfplay")


def test_bad_choices_fall_back_to_the_defaults(alice, client_of, rated_rows):
    html = _page(client_of(alice), source="everything", mode="x", rarity="Epic",
                 keyword="<b>", level="99", sort="'; drop", dir="sideways", page="zzz")
    assert len(_ids(html)) == 100
    assert 'aria-sort="descending"' in html  # the difference, largest first


def test_sort_links_keep_the_filters(alice, client_of):
    html = _page(client_of(alice), rarity="Common", mode="hidden", sort="card")
    link = re.search(r'href="\?([^"]*)" data-sort="card"', html).group(1)
    assert "rarity=Common" in link and "mode=hidden" in link and "dir=desc" in link


def test_a_tutorial_player_waits_for_the_statistics(alice, client_of):
    alice.level = 3
    alice.save(update_fields=["level"])
    assert client_of(alice).get(reverse("balance:dashboard")).status_code == 403
    card = client_of(alice).get(reverse("decks:card_detail", args=[5])).content.decode()
    assert "card-balance" not in card


def _queries(client, url) -> int:
    client.get(url)  # the session and the activity mark are written by the first request
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries.captured_queries)


def test_the_page_reads_a_fixed_number_of_queries(alice, client_of, rated_rows):
    client = client_of(alice)
    url = reverse("balance:dashboard") + "?source=rated"
    few = _queries(client, url)
    for card in range(100, 160):
        _set(card, "rated", played=(40, 20), unplayed=(40, 10))
    services.selfplay_create(games=1, level="easy", mode="normal", seed=1)
    assert _queries(client, url) == few
    assert few <= 8, few  # the page's own 4 and the navigation's


def test_the_dashboard_reads_four_queries(rated_rows, django_assert_num_queries):
    from games.balance.selectors import clean_filters, dashboard

    services.selfplay_create(games=1, level="easy", mode="normal", seed=1)
    # the rows, when games were counted, the recent runs, the run the self-play rows hold
    with django_assert_num_queries(4):
        data = dashboard(clean_filters({"source": "rated", "rarity": "Common"}))
    assert data["cards_shown"] == len(engine.cards_filter(rarity="Common",
                                                          include_forbidden=True))


def test_the_card_page_shows_its_chart(alice, client_of, rated_rows):
    _set(5, "all", played=(MIN_GAMES, 10), unplayed=(MIN_GAMES - 1, 10))
    client = client_of(alice)
    html = client.get(reverse("decks:card_detail", args=[5])).content.decode()
    chart = re.search(r'<section class="panel card-balance".*?</section>', html, re.S).group(0)
    assert "<svg" in chart and "<script" not in chart
    # rated: both rates; all games: played only; self-play: none
    assert chart.count("<circle") == 3
    assert chart.count("too few games") >= 3
    assert "Rated games" in chart and "70.0 %" in chart and "40.0 %" in chart
    assert reverse("balance:dashboard") in chart
    # and the dashboard links each card to its page
    assert f'href="{reverse("decks:card_detail", args=[5])}"' in _page(client, source="rated")


def test_the_chart_costs_the_card_page_one_query(alice, client_of):
    client = client_of(alice)
    url = reverse("decks:card_detail", args=[5])
    with_chart = _queries(client, url)
    alice.level = 2  # cards open, statistics not yet
    alice.save(update_fields=["level"])
    client = client_of(alice)
    assert _queries(client, url) == with_chart - 1


def test_a_new_site_opens_on_the_self_play_figures_then_on_its_own_games(alice, client_of):
    client = client_of(alice)
    # nothing at all: the site's games, "too few" everywhere
    html = _page(client)
    assert 'id="balance-source-why"' not in html and "0 of the 754 cards" in _text(html)
    # a self-play run's figures (load_demo plays a small run): the page opens on them, and
    # says why
    _set(5, "selfplay", played=(100, 70), unplayed=(100, 40), times=(150, 3))
    html = _page(client)
    assert 'id="balance-source-why"' in html and _ids(html)[0] == 5
    assert '<option value="selfplay" selected>' in html
    # asked for the site's games: those, without a word about it
    asked = _page(client, source="all")
    assert 'id="balance-source-why"' not in asked and '<option value="all" selected>' in asked
    # once the site's own games give a card both win rates, the page opens on them
    _set(6, "all", played=(60, 30), unplayed=(60, 30), times=(80, 9))
    html = _page(client)
    assert '<option value="all" selected>' in html and 'id="balance-source-why"' not in html
