"""The players list and a player's details: content, filters, permissions, query counts."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.tasks import game_rate_task
from players.models import Player, PlayerSettings
from players.progression.services import award_counters_add
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def make_players(n, **fields):
    return [PlayerFactory(**fields) for _ in range(n)]


def test_list_is_a_ladder_by_level_then_exp(alice, bob, carol, client_of):
    Player.objects.filter(pk=bob.pk).update(level=3, exp=10)
    Player.objects.filter(pk=carol.pk).update(level=3, exp=200)
    response = client_of(alice).get(reverse("players:list"))
    assert response.status_code == 200
    names = [row["player"].name for row in response.context["rows"]]
    assert names == ["carol", "bob", "alice"]
    assert [row["rank"] for row in response.context["rows"]] == [1, 2, 3]


def test_list_filters_by_status_activity_and_name(alice, bob, carol, client_of):
    PlayerSettings.objects.filter(player=bob).update(status="quick")
    Player.objects.filter(pk=carol.pk).update(last_activity=timezone.now() - timedelta(days=30))
    client = client_of(alice)
    names = lambda r: [row["player"].name for row in r.context["rows"]]  # noqa: E731
    assert names(client.get(reverse("players:list"), {"status": "quick"})) == ["bob"]
    assert "carol" not in names(client.get(reverse("players:list"), {"activity": "active"}))
    assert names(client.get(reverse("players:list"), {"q": "CAR"})) == ["carol"]
    # unknown filter values fall back to the defaults instead of failing
    assert client.get(reverse("players:list"), {"status": "<x>", "page": "zz"}).status_code == 200


def test_list_default_filter_comes_from_the_setting(alice, bob, client_of):
    PlayerSettings.objects.filter(player=alice).update(players_filter="looking")
    PlayerSettings.objects.filter(player=bob).update(status="looking")
    response = client_of(alice).get(reverse("players:list"))
    assert [row["player"].name for row in response.context["rows"]] == ["bob"]


def test_activity_colours(alice, bob, client_of):
    Player.objects.filter(pk=bob.pk).update(last_activity=timezone.now() - timedelta(days=10))
    response = client_of(alice).get(reverse("players:list"))
    activity = {row["player"].name: row["activity"] for row in response.context["rows"]}
    assert activity == {"alice": "online", "bob": "inactive"}
    assert b"activity-inactive" in response.content


def test_list_shows_nationality_and_hides_it_by_setting(alice, bob, client_of):
    PlayerSettings.objects.filter(player=bob).update(country="FI")
    client = client_of(alice)
    assert "Finland" in client.get(reverse("players:list")).content.decode()
    PlayerSettings.objects.filter(player=alice).update(nationality_in_list=False)
    assert "Finland" not in client.get(reverse("players:list")).content.decode()


def test_list_has_message_button_and_paginates(alice, client_of):
    make_players(35)
    response = client_of(alice).get(reverse("players:list"))
    page = response.content.decode()
    assert "?to=player" in page
    assert response.context["page_obj"].paginator.num_pages == 2
    assert client_of(alice).get(reverse("players:list"), {"page": 2}).status_code == 200


def test_list_query_count_does_not_grow(alice, client_of, django_assert_max_num_queries):
    client = client_of(alice)
    client.get(reverse("players:list"))  # warm the session
    make_players(3)
    with django_assert_max_num_queries(8):
        client.get(reverse("players:list"))
    make_players(40)
    with django_assert_max_num_queries(8):
        assert client.get(reverse("players:list")).status_code == 200


def test_anonymous_visitor_is_sent_to_login(client):
    response = client.get(reverse("players:list"))
    assert response.status_code == 302 and "/login/" in response.url


def test_details_show_profile_level_and_awards(alice, bob, client_of):
    settings_row = bob.settings
    settings_row.real_name = "Robert"
    settings_row.hobbies = "<b>chess</b>"
    settings_row.save()
    award_counters_add(player=bob, counters={"saboteur": 3, "quarry": 260})
    response = client_of(alice).get(reverse("players:detail", args=["BOB"]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Robert" in page and "&lt;b&gt;chess&lt;/b&gt;" in page
    assert "Saboteur</strong> ×3" in page
    assert "Sculptor" in page  # reached tier of the quarry counter
    assert "0 / 500 EXP" in page


def test_details_versus_statistics(alice, bob, finished_game, client_of):
    game_rate_task(finished_game(alice, bob, winner_seat=0).pk)
    game_rate_task(finished_game(alice, bob, winner_seat=1, outcome="Construction").pk)
    response = client_of(alice).get(reverse("players:detail", args=["bob"]))
    versus = response.context["versus"]
    assert versus["totals"] == {"games": 2, "wins": 1, "losses": 1, "draws": 0}
    assert {row["outcome"]: row["wins"] for row in versus["outcomes"]} == {
        "Destruction": 1, "Construction": 0}
    page = response.content.decode()
    assert "Against you" in page and "2 finished games: you won 1, lost 1, drew 0." in page


def test_own_details_show_own_statistics(alice, bob, finished_game, client_of):
    game_rate_task(finished_game(alice, bob).pk)
    response = client_of(alice).get(reverse("players:detail", args=["alice"]))
    assert response.context["own_stats"]["games"] == 1
    assert response.context["own_stats"]["exp"] == 131
    assert "versus" not in response.context
    assert "Against you" not in response.content.decode()


def test_unknown_player_is_404(alice, client_of):
    assert client_of(alice).get(reverse("players:detail", args=["nobody"])).status_code == 404


def test_details_query_count_does_not_grow(alice, bob, finished_game, client_of,
                                           django_assert_max_num_queries):
    client = client_of(alice)
    client.get(reverse("players:detail", args=["bob"]))
    for _ in range(2):
        finished_game(alice, bob)
    with django_assert_max_num_queries(9):
        client.get(reverse("players:detail", args=["bob"]))
    for _ in range(10):
        game_rate_task(finished_game(alice, bob).pk)
    with django_assert_max_num_queries(9):
        assert client.get(reverse("players:detail", args=["bob"])).status_code == 200
    with django_assert_max_num_queries(9):
        assert client.get(reverse("players:detail", args=["alice"])).status_code == 200


def test_challenge_button_only_when_the_games_page_exists(alice, bob, client_of):
    from django.urls import NoReverseMatch

    page = client_of(alice).get(reverse("players:detail", args=["bob"])).content.decode()
    try:
        url = reverse("games:challenge_new")
    except NoReverseMatch:
        assert "Challenge</a>" not in page
    else:
        assert f"{url}?to=bob" in page
