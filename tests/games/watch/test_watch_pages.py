"""Spectating in the browser's pages: who may watch which game, the Watch list, the
spectator's board and the setting that turns spectators off."""
import pytest
from django.urls import reverse

from games import services as gs
from games.models import Game
from games.services import spectators
from games.services.access import WATCHABLE
from players.models import Player, PlayerSettings
from tests.factories import PlayerFactory
from tests.games.conftest import discard_on_turn, make_deck
from tests.players.settings.test_settings_page import preferences_post

pytestmark = pytest.mark.django_db


def _forbid_spectators(player):
    PlayerSettings.objects.filter(player=player).update(allow_spectators=False)


def test_any_player_watches_a_running_game_without_forms(started_game, carol, client_of):
    game = started_game()
    response = client_of(carol).get(reverse("games:watch_game", args=[game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="board"' in html and 'data-spectator="1"' in html
    assert "<form" not in html.split('id="board"')[1].split("</main>")[0]
    assert f'data-ws-path="/ws/games/{game.pk}/"' in html
    assert "aria-label=\"alice's hand\"" in html and "aria-label=\"bob's hand\"" in html
    partial = client_of(carol).get(reverse("games:watch_board", args=[game.pk]))
    assert partial.status_code == 200 and b'data-spectator="1"' in partial.content
    assert b"csrfmiddlewaretoken" not in partial.content


def test_the_spectator_board_follows_the_game(started_game, carol, client_of):
    game = started_game()
    discard_on_turn(game)
    game.refresh_from_db()
    partial = client_of(carol).get(reverse("games:watch_board", args=[game.pk]))
    assert f'data-version="{game.version}"'.encode() in partial.content


def test_a_player_of_the_game_is_sent_to_his_own_page(started_game, alice, client_of):
    game = started_game()
    response = client_of(alice).get(reverse("games:watch_game", args=[game.pk]))
    assert response.status_code == 302
    assert response.url == reverse("games:detail", args=[game.pk])


def test_anonymous_visitors_are_sent_to_the_login(started_game, client):
    game = started_game()
    for url in (reverse("games:watch"), reverse("games:watch_game", args=[game.pk]),
                reverse("games:watch_board", args=[game.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response.url, url


@pytest.mark.parametrize("who", ["player1", "player2"])
def test_spectators_off_is_refused_with_a_clear_page(started_game, carol, client_of, who):
    game = started_game()
    _forbid_spectators(getattr(game, who))
    for name in ("games:watch_game", "games:watch_board"):
        response = client_of(carol).get(reverse(name, args=[game.pk]))
        assert response.status_code == 403
        assert b"do not allow spectators" in response.content
        assert b'id="board"' not in response.content


def test_games_that_cannot_be_watched_are_404s(alice, bob, carol, client_of):
    waiting = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    ai_game = gs.ai_game_start(player=alice, deck=make_deck(alice, name="AI"))
    for game_id in (waiting.pk, ai_game.pk, 999999, 2**62):
        for name in ("games:watch_game", "games:watch_board"):
            assert client_of(carol).get(reverse(name, args=[game_id])).status_code == 404


def test_a_finished_game_shows_its_last_board_and_the_replay_link(started_game, carol,
                                                                  client_of):
    game = started_game(hidden=True)
    gs.game_surrender(game_id=game.pk, player=game.player1)
    gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
    response = client_of(carol).get(reverse("games:watch_game", args=[game.pk]))
    assert response.status_code == 200
    assert reverse("games:replay", args=[game.pk]).encode() in response.content


def test_the_watch_list_orders_by_level_filters_by_mode_and_leaves_out_the_private(
        alice, bob, carol, client_of):
    dave, erin = PlayerFactory(user__username="dave"), PlayerFactory(user__username="erin")
    Player.objects.filter(pk__in=[dave.pk, erin.pk]).update(level=30)
    Player.objects.filter(pk__in=[alice.pk, bob.pk]).update(level=5)

    def start(p1, p2, **modes):
        game = gs.challenge_create(challenger=p1, opponent=p2, deck=make_deck(p1, name="x"),
                                   **modes)
        return gs.challenge_accept(game_id=game.pk, player=p2, deck=make_deck(p2, name="y"))

    low = start(alice, bob, hidden=True)
    high = start(dave, erin)
    private = start(carol, dave)
    _forbid_spectators(carol)
    gs.ai_game_start(player=erin, deck=make_deck(erin, name="AI"))
    client = client_of(carol)
    html = client.get(reverse("games:watch")).content.decode()
    low_url = reverse("games:watch_game", args=[low.pk])
    high_url = reverse("games:watch_game", args=[high.pk])
    assert high_url in html and low_url in html
    assert html.index(high_url) < html.index(low_url)  # the highest levels first
    assert reverse("games:watch_game", args=[private.pk]) not in html
    hidden_only = client.get(reverse("games:watch"), {"mode": "hidden"}).content.decode()
    assert low_url in hidden_only and high_url not in hidden_only
    bad = client.get(reverse("games:watch"), {"mode": "<script>", "page": "x"})
    assert bad.status_code == 200 and high_url in bad.content.decode()
    assert Game.objects.filter(WATCHABLE).count() == 2
    spectators.spectator_arrived(high.pk)
    html = client.get(reverse("games:watch")).content.decode()
    assert '<td class="spectators">1</td>' in html and '<td class="spectators">0</td>' in html


def test_the_nav_links_the_watch_page(alice, client_of):
    html = client_of(alice).get(reverse("games:list")).content.decode()
    assert reverse("games:watch") in html


def test_the_setting_is_on_by_default_and_on_the_settings_page(alice, client_of):
    assert alice.settings.allow_spectators is True
    Player.objects.filter(pk=alice.pk).update(level=10)
    client = client_of(alice)
    page = client.get(reverse("players:settings")).content.decode()
    assert 'name="prefs-allow_spectators"' in page
    client.post(reverse("players:settings"),
                preferences_post(alice.settings, allow_spectators=False))
    alice.settings.refresh_from_db()
    assert alice.settings.allow_spectators is False


def test_the_players_page_shows_the_number_of_spectators(started_game, alice, client_of):
    game = started_game()
    assert b'id="spectator-count"' in client_of(alice).get(
        reverse("games:detail", args=[game.pk])).content
    spectators.spectator_arrived(game.pk)
    spectators.spectator_arrived(game.pk)
    html = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "2 spectators are watching." in html
    spectators.spectator_left(game.pk)
    spectators.spectator_left(game.pk)
    spectators.spectator_left(game.pk)  # one close too many never goes below zero
    assert spectators.spectators_count(game.pk) == 0
    spectators.spectator_arrived(game.pk)
    assert spectators.spectators_count(game.pk) == 1


def test_a_spectator_frame_costs_one_query(started_game, carol, django_assert_num_queries):
    from games.watch.live import spectator_frame
    from players.accounts.user_cache import cached_user

    game = started_game(hidden=True)
    viewer = cached_user(carol.user_id).player
    spectator_frame(game.pk, viewer)
    with django_assert_num_queries(1):
        version, html = spectator_frame(game.pk, viewer)
    assert version == game.version and 'data-spectator="1"' in html
