"""The Glicko-2 rating and the bot mark on the site's pages."""
import pytest
from django.urls import reverse

from games import services as gs
from games.tasks import game_rate_task
from players.models import Player
from players.progression.rating_chart import rating_chart
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _past_tutorial(alice, bob, carol):
    Player.objects.filter(pk__in=[alice.pk, bob.pk, carol.pk]).update(level=10)


def test_the_profile_shows_the_rating_and_its_chart(alice, bob, carol, client_of,
                                                    finished_game):
    for winner in (0, 0, 1):
        game_rate_task(finished_game(alice, bob, winner_seat=winner).pk)
    alice.refresh_from_db()
    page = client_of(carol).get(reverse("players:detail", args=["alice"])).content.decode()
    assert f"<strong>{alice.rating:.0f}</strong>" in page
    assert f"± {alice.rating_deviation:.0f}" in page
    assert '<svg viewBox="0 0 600 180"' in page and "<polyline" in page
    chart = rating_chart(alice)
    assert chart["games"] == 3 and len(chart["line"].split()) == 4  # the start + 3 games
    assert chart["last"] == round(alice.rating)


def test_a_profile_without_rated_games_has_no_chart(alice, client_of):
    page = client_of(alice).get(reverse("players:detail", args=["alice"])).content.decode()
    assert "<svg viewBox" not in page and "No rated games yet" in page


def test_the_player_list_sorts_by_rating_and_marks_bots(alice, bob, carol, client_of):
    Player.objects.filter(pk=bob.pk).update(rating=1800, is_bot=True)
    Player.objects.filter(pk=carol.pk).update(rating=1200, level=20)
    client = client_of(alice)
    html = client.get(reverse("players:list") + "?sort=rating").content.decode()
    by_rating = html[html.index("players-table"):]
    assert by_rating.index(">bob<") < by_rating.index(">alice<") < by_rating.index(">carol<")
    assert by_rating.count('class="bot-mark"') == 1
    assert 'aria-sort="descending"' in by_rating and "sort=rating" in by_rating
    html = client.get(reverse("players:list") + "?sort=nonsense").content.decode()
    by_level = html[html.index("players-table"):]
    assert by_level.index(">carol<") < by_level.index(">alice<")


def test_games_pages_mark_the_bot(alice, bob, client_of):
    Player.objects.filter(pk=bob.pk).update(is_bot=True)
    bob.refresh_from_db()
    challenge = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    lobby = client_of(alice).get(reverse("games:list")).content.decode()
    assert 'class="bot-mark"' in lobby
    game = gs.challenge_accept(game_id=challenge.pk, player=bob, deck=make_deck(bob, "B"))
    page = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "is a bot account" in page and 'class="bot-mark"' in page
