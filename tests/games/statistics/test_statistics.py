"""The Statistics section: card usage reports and game figures."""
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.models import CardStatistic, Game
from games.statistics import selectors as stats
from players.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


def _pool():
    return engine.cards_filter()


def _report(result, key):
    return next(r for r in result["reports"] if r["key"] == key)


@pytest.fixture
def counted_cards():
    """Three commons counted: A played 30 (latest 3), B 20 (latest 20), C 10 (latest 10)."""
    commons = [c for c in _pool() if c.rarity == "Common"][:3]
    a, b, c = commons
    CardStatistic.objects.create(card_id=a.id, played=3, played_total=30, drawn=50,
                                 drawn_total=90, discarded=1, discarded_total=1)
    CardStatistic.objects.create(card_id=b.id, played=20, played_total=20, drawn=5,
                                 drawn_total=5)
    CardStatistic.objects.create(card_id=c.id, played=10, played_total=10, discarded=7,
                                 discarded_total=7)
    return a, b, c


def test_most_and_least_played_latest_and_overall(counted_cards):
    a, b, c = counted_cards
    latest = stats.card_statistics(period="latest", length=10)
    most = _report(latest, "most-played")["entries"]
    assert [e["card"].id for e in most[:3]] == [b.id, c.id, a.id]
    assert [e["count"] for e in most[:3]] == [20, 10, 3]
    overall = stats.card_statistics(period="overall", length=10)
    assert [e["card"].id for e in _report(overall, "most-played")["entries"][:3]] == [
        a.id, b.id, c.id]
    least = _report(latest, "least-played")["entries"]
    assert len(least) == 10 and all(e["count"] == 0 for e in least)
    assert a.id not in [e["card"].id for e in least]
    assert _report(latest, "most-drawn")["entries"][0]["card"].id == a.id
    assert _report(latest, "most-discarded")["entries"][0]["card"].id == c.id


def test_usage_factor_compares_with_the_same_rarity(counted_cards):
    a, b, c = counted_cards
    commons = [card for card in _pool() if card.rarity == "Common"]
    average = (3 + 20 + 10) / len(commons)
    result = stats.card_statistics(period="latest", length=10)
    top = _report(result, "most-played")["entries"][0]
    assert top["factor"] == pytest.approx(20 / average)
    # no rare card was ever played: no average to compare with
    rare_rows = [e for e in _report(result, "least-played")["entries"]
                 if e["card"].rarity == "Rare"]
    assert all(e["factor"] is None for e in rare_rows)


def test_list_length_is_selectable(counted_cards):
    for length in (10, 25, 50):
        result = stats.card_statistics(length=length)
        assert all(len(r["entries"]) == length for r in result["reports"])
        assert len(result["reports"]) == 6


def test_page_renders_reports_with_card_links(alice, client_of, counted_cards):
    a, b, c = counted_cards
    response = client_of(alice).get(reverse("games:statistics"), {"length": 25,
                                                                   "period": "overall"})
    assert response.status_code == 200
    html = response.content.decode()
    section = re.search(r'id="most-played".*?</section>', html, re.S).group(0)
    ids = re.findall(r'<tr data-card-id="(\d+)"', section)
    assert len(ids) == 25 and ids[:3] == [str(a.id), str(b.id), str(c.id)]
    assert f'href="/cards/{a.id}/"' in section
    assert '<option value="overall" selected>' in html


def test_bad_options_get_a_message_and_the_defaults(alice, client_of):
    response = client_of(alice).get(reverse("games:statistics"),
                                    {"length": "lots", "period": "ever"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Lists are 10, 25 or 50 cards long" in html
    assert "Choose the latest or the overall counts" in html
    section = re.search(r'id="most-played".*?</section>', html, re.S).group(0)
    assert len(re.findall(r"<tr data-card-id=", section)) == 10
    assert client_of(alice).get(reverse("games:statistics"), {"length": 7}).status_code == 200


def _game(p1, p2, *, outcome, winner=None, **flags):
    return Game.objects.create(player1=p1, player2=p2, status=Game.Status.FINISHED,
                               outcome=outcome, winner=winner, finished_at=timezone.now(),
                               **flags)


def test_game_statistics_shares(alice, bob, carol):
    _game(alice, bob, outcome="Destruction", winner=alice, is_hidden=True)
    _game(alice, bob, outcome="Destruction", winner=bob, is_long=True, is_hidden=True)
    _game(bob, carol, outcome="Surrender", winner=bob, is_friendly=True)
    _game(carol, None, outcome="Resource", winner=carol, is_ai=True, is_friendly=True,
          is_long=True, ai_challenge="Myr")
    _game(alice, None, outcome="Construction", winner=None, is_ai=True, is_friendly=True,
          is_long=True, ai_challenge="Myr")
    Game.objects.create(player1=alice, player2=carol, status=Game.Status.IN_PROGRESS)
    result = stats.game_statistics()
    assert result["games_total"] == 5
    victory = {row["key"]: row for row in result["victory_types"]}
    assert victory["Destruction"]["count"] == 2 and victory["Destruction"]["percent"] == 40.0
    assert victory["Surrender"]["percent"] == 20.0 and victory["Timeout"]["count"] == 0
    assert "Pending" not in victory
    modes = {row["key"]: row for row in result["modes"]}
    assert modes["hidden"]["percent"] == 40.0 and modes["ai"]["count"] == 2
    assert modes["friendly"]["count"] == 3 and modes["long"]["count"] == 3
    assert result["challenges"] == [{"ai_challenge": "Myr", "games": 2, "human_wins": 1,
                                     "ai_wins": 1, "percent": 50.0}]


def test_skins_and_backgrounds_count_players_seen_this_week(alice, bob, carol):
    Player.objects.filter(pk=carol.pk).update(
        last_activity=timezone.now() - timedelta(days=10))
    alice.settings.skin = "dark"
    alice.settings.game_background = "forest"
    alice.settings.save()
    carol.settings.skin = "dark"  # away for ten days: not counted
    carol.settings.save()
    result = stats.game_statistics()
    skins = {row["key"]: row for row in result["skins"]}
    assert result["players_counted"] == 2
    assert skins["dark"]["count"] == 1 and skins["auto"]["count"] == 1  # bob never chose
    assert skins["dark"]["percent"] == 50.0
    backgrounds = {row["key"]: row["count"] for row in result["backgrounds"]}
    assert backgrounds == {"plain": 1, "stone": 0, "forest": 1, "night": 0, "original": 0}


def test_the_original_games_backgrounds_have_a_row_of_their_own(alice, bob, carol):
    """Imported backgrounds ("original-<n>") are counted together, so the shares add up."""
    for player, value in ((alice, "original-3"), (bob, "original-12"), (carol, "night")):
        player.settings.game_background = value
        player.settings.save()
    rows = {row["key"]: row for row in stats.game_statistics()["backgrounds"]}
    assert rows["original"]["count"] == 2 and rows["night"]["count"] == 1
    assert rows["original"]["label"] == "The original game's backgrounds"
    assert sum(row["count"] for row in rows.values()) == 3
    assert round(sum(row["percent"] for row in rows.values())) == 100


def test_statistics_query_count_does_not_grow_with_data(alice, bob, client_of, counted_cards,
                                                        django_assert_max_num_queries,
                                                        django_assert_num_queries):
    client = client_of(alice)
    client.get(reverse("games:statistics"))
    # 6 for the site frame, 6 reports, 2 concept author tables
    with django_assert_max_num_queries(14) as few:
        client.get(reverse("games:statistics"))
    count = len(few.captured_queries)
    for card in _pool()[10:60]:
        CardStatistic.objects.create(card_id=card.id, played=card.id, played_total=card.id)
    for _ in range(5):
        _game(alice, bob, outcome="Timeout", winner=bob)
    with django_assert_num_queries(count):
        response = client.get(reverse("games:statistics"), {"length": 50})
    assert "Round limit reached" in response.content.decode()


def test_statistics_open_at_level_six(carol, client_of):
    carol.level = 5
    carol.save(update_fields=["level"])
    client = client_of(carol)
    response = client.get(reverse("games:statistics"))
    assert response.status_code == 403 and "level 6" in response.content.decode()
    assert 'href="/statistics/"' not in client.get(reverse("games:replays")).content.decode()
    carol.level = 6
    carol.save(update_fields=["level"])
    response = client.get(reverse("games:statistics"))
    assert response.status_code == 200
    assert '<a href="/statistics/" aria-current="page">Statistics</a>' in response.content.decode()


def test_reset_latest_command_keeps_the_overall_counts(counted_cards):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("reset_latest_card_statistics", "--dry-run", stdout=out)
    assert "3 card(s) would be reset" in out.getvalue()
    assert CardStatistic.objects.filter(played__gt=0).count() == 3
    call_command("reset_latest_card_statistics", stdout=out)
    assert "3 card(s) were reset" in out.getvalue()
    rows = list(CardStatistic.objects.order_by("card_id"))
    assert all(r.played == r.discarded == r.drawn == 0 for r in rows)
    assert sorted(r.played_total for r in rows) == [10, 20, 30]
    latest = stats.card_statistics(period="latest")
    assert latest["reports"][0]["entries"][0]["count"] == 0
    assert latest["reports"][0]["entries"][0]["factor"] is None
