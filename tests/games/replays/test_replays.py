"""The Replays section: the public list of finished games and the step-by-step viewer."""
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from games import engine
from games import services as gs
from games.models import Game
from tests.games.conftest import make_deck, player_on_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


def _discard_turns(game, count):
    for _ in range(count):
        game.refresh_from_db()
        gs.game_discard_card(game_id=game.pk, player=player_on_turn(game), version=game.version,
                             position=1)
    game.refresh_from_db()
    return game


def _surrender(game, by, to):
    gs.game_surrender(game_id=game.pk, player=by)
    gs.game_surrender_answer(game_id=game.pk, player=to, accept=True)
    game.refresh_from_db()
    return game


@pytest.fixture
def finished_game(started_game, alice, bob):
    """finished_game(turns=4, **modes): alice and bob discard `turns` times, then bob gives up."""

    def _make(turns=4, **modes):
        game = _discard_turns(started_game(**modes), turns)
        return _surrender(game, bob, alice)

    return _make


def _rows(html):
    return re.findall(r'href="/replays/(\d+)/"', html)


# ---------------------------------------------------------------- the list
def test_list_shows_finished_games_including_those_against_the_computer(
        alice, bob, carol, client_of, finished_game, started_game, deck_of):
    done = finished_game()
    running = started_game(hidden=True)
    aborted = finished_game(turns=2)
    Game.objects.filter(pk=aborted.pk).update(outcome=Game.Outcome.ABORT, winner=None)
    deck_of(carol)
    ai_game = gs.ai_quick_game(player=carol)
    gs.game_surrender(game_id=ai_game.pk, player=carol)  # the AI accepts at once
    ai_game.refresh_from_db()
    assert ai_game.status == Game.Status.FINISHED

    response = client_of(carol).get(reverse("games:replays"))
    assert response.status_code == 200
    html = response.content.decode()
    assert _rows(html) == [str(ai_game.pk), str(done.pk)]  # newest first
    assert str(running.pk) not in _rows(html) and str(aborted.pk) not in _rows(html)
    assert "2 finished games" in html
    assert "alice</a> vs <a" in html and "Surrender" in html
    # the game against the computer is marked as such, under the AI's name
    assert 'carol</a> vs <span class="replay-ai">MArcomage</span>' in html
    assert ">computer</span>" in html


def test_list_filters_by_player_outcome_and_modes(alice, bob, carol, client_of, finished_game,
                                                  started_game, deck_of):
    plain = finished_game()
    hidden_long = finished_game(hidden=True, long_mode=True)
    # carol beats bob in a friendly game, by surrender too
    game = gs.challenge_create(challenger=carol, opponent=bob, deck=make_deck(carol),
                               friendly=True)
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, name="B2"))
    friendly = _surrender(game, bob, carol)
    client = client_of(carol)
    url = reverse("games:replays")

    def ids(**params):
        return set(_rows(client.get(url, params).content.decode()))

    assert ids() == {str(plain.pk), str(hidden_long.pk), str(friendly.pk)}
    assert ids(player="CAROL") == {str(friendly.pk)}
    assert ids(player="alice") == {str(plain.pk), str(hidden_long.pk)}
    assert ids(player="nobody-of-that-name") == set()
    assert ids(hidden="yes") == {str(hidden_long.pk)}
    assert ids(hidden="no") == {str(plain.pk), str(friendly.pk)}
    assert ids(long="yes", player="alice") == {str(hidden_long.pk)}
    assert ids(friendly="yes") == {str(friendly.pk)}
    assert ids(outcome="Surrender") == {str(plain.pk), str(hidden_long.pk), str(friendly.pk)}
    assert ids(outcome="Destruction") == set()


def test_bad_filters_are_reported_and_ignored(carol, client_of, finished_game):
    game = finished_game()
    response = client_of(carol).get(reverse("games:replays"), {
        "outcome": "Abort", "hidden": "maybe", "sort": "loudest", "page": "x",
        "player": "a" * 300})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Some filters were not understood" in html
    assert _rows(html) == [str(game.pk)]


def test_sorting_by_rounds_and_views(alice, bob, client_of, finished_game):
    short = finished_game(turns=1)
    long_game = finished_game(turns=6)
    Game.objects.filter(pk=short.pk).update(replay_views=9)
    client = client_of(alice)
    url = reverse("games:replays")
    assert _rows(client.get(url, {"sort": "rounds"}).content.decode()) == [
        str(long_game.pk), str(short.pk)]
    assert _rows(client.get(url, {"sort": "views"}).content.decode()) == [
        str(short.pk), str(long_game.pk)]
    assert _rows(client.get(url).content.decode()) == [str(long_game.pk), str(short.pk)]


def test_pagination_keeps_the_filters(alice, client_of, finished_game, monkeypatch):
    from games.replays import views as replays_views

    monkeypatch.setattr(replays_views, "REPLAYS_PER_PAGE", 2)
    games = [finished_game(turns=1) for _ in range(3)]
    client = client_of(alice)
    first = client.get(reverse("games:replays"), {"player": "bob"}).content.decode()
    assert len(_rows(first)) == 2 and "Page 1 of 2" in first
    assert "?player=bob&amp;page=2" in first
    second = client.get(reverse("games:replays"), {"player": "bob", "page": 2})
    assert _rows(second.content.decode()) == [str(games[0].pk)]
    beyond = client.get(reverse("games:replays"), {"page": 99})
    assert beyond.status_code == 200 and "Page 2 of 2" in beyond.content.decode()


def test_list_query_count_does_not_grow_with_games(alice, client_of, finished_game,
                                                   django_assert_max_num_queries,
                                                   django_assert_num_queries):
    finished_game(turns=1)
    client = client_of(alice)
    client.get(reverse("games:replays"))  # warm the session
    with django_assert_max_num_queries(8) as few:
        client.get(reverse("games:replays"))
    count = len(few.captured_queries)
    for _ in range(4):
        finished_game(turns=1)
    with django_assert_num_queries(count):
        response = client.get(reverse("games:replays"))
    assert len(_rows(response.content.decode())) == 5


# ---------------------------------------------------------------- the viewer
def test_viewer_steps_through_the_game(carol, client_of, finished_game):
    game = finished_game(turns=4)
    steps = game.turns.count()
    assert steps == 5  # four discards and the surrender
    client = client_of(carol)
    url = reverse("games:replay", args=[game.pk])

    start = client.get(url).content.decode()
    assert "Turn <strong>0</strong> of 5" in start
    assert 'rel="next"' in start and 'rel="prev"' not in start
    opener = "alice" if game.initial_state["current"] == 0 else "bob"
    assert f"The start of the game: {opener} opens." in start

    second = client.get(url, {"turn": 2}).content.decode()
    turn = game.turns.get(number=2)
    assert "Turn <strong>2</strong> of 5" in second
    assert 'href="?turn=1" rel="prev"' in second and 'href="?turn=3" rel="next"' in second
    assert "discarded" in second and escape(engine.card(turn.card).name) in second
    # the turn is told with the round it was played in (Turn.round is the round after it)
    assert f"Round {game.turns.get(number=1).round}, turn 2:" in second

    last = client.get(url, {"turn": 5}).content.decode()
    assert "bob surrendered" in last
    assert "alice wins." in last
    assert 'rel="next"' not in last


def test_viewer_reports_bad_turn_numbers(carol, client_of, finished_game):
    game = finished_game(turns=2)
    client = client_of(carol)
    url = reverse("games:replay", args=[game.pk])
    response = client.get(url, {"turn": "abc"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "A turn is a whole number" in html and "Turn <strong>0</strong>" in html
    html = client.get(url, {"turn": "999999999999999999999"}).content.decode()
    assert "This game has turns 0 to 3: showing turn 3." in html
    html = client.get(url, {"turn": "-4"}).content.decode()
    assert "showing turn 0" in html
    assert client.get("/replays/abc/").status_code == 404
    assert client.get(reverse("games:replay", args=[999999])).status_code == 404


def test_a_running_game_is_never_a_public_replay(alice, bob, carol, client_of, started_game):
    game = _discard_turns(started_game(hidden=True), 2)
    outsider = client_of(carol)
    url = reverse("games:replay", args=[game.pk])
    assert outsider.get(url).status_code == 404
    assert outsider.get(url, {"turn": 1}).status_code == 404
    assert str(game.pk) not in _rows(outsider.get(reverse("games:replays")).content.decode())
    # its players are sent to the game's own history page (masked as on the board)
    response = client_of(alice).get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:history", args=[game.pk])
    game.refresh_from_db()
    assert game.replay_views == 0


def test_aborted_games_are_not_public_but_finished_ai_games_are(alice, carol, client_of,
                                                                 finished_game, deck_of):
    aborted = finished_game(turns=1)
    Game.objects.filter(pk=aborted.pk).update(outcome=Game.Outcome.ABORT, winner=None)
    deck_of(carol)
    ai_game = gs.ai_quick_game(player=carol)
    gs.game_surrender(game_id=ai_game.pk, player=carol)
    assert client_of(carol).get(reverse("games:replay", args=[aborted.pk])).status_code == 404
    assert client_of(alice).get(reverse("games:replay", args=[ai_game.pk])).status_code == 200


def test_finished_hidden_game_shows_both_hands_at_every_step(carol, client_of, finished_game):
    game = finished_game(turns=3, hidden=True)
    state = engine.state_from_json(game.initial_state)
    for turn in game.turns.order_by("number")[:2]:
        state = engine.discard(state, turn.actor_seat, turn.position).state
    html = client_of(carol).get(reverse("games:replay", args=[game.pk]), {"turn": 2}).content
    html = html.decode()
    assert "Face-down card" not in html
    hands = re.findall(r'<section class="hand-area"(.*?)</section>', html, re.S)
    assert len(hands) == 2
    for seat, hand_html in enumerate(hands):
        shown = [int(x) for x in re.findall(r'data-card-id="(\d+)"', hand_html)]
        assert shown == list(state.p[seat].hand)


def test_view_counter_counts_once_per_session(alice, carol, client_of, finished_game):
    game = finished_game(turns=2)
    url = reverse("games:replay", args=[game.pk])
    client = client_of(carol)
    client.get(url)
    client.get(url, {"turn": 1})
    client.get(url, {"turn": 2})
    game.refresh_from_db()
    assert game.replay_views == 1
    client_of(alice).get(url)
    game.refresh_from_db()
    assert game.replay_views == 2
    html = client.get(reverse("games:replays")).content.decode()
    assert '<td class="wide-only">2</td>' in html  # the views (a column for wide screens)


def test_viewer_query_count_does_not_grow_with_turns(carol, client_of, finished_game,
                                                     django_assert_max_num_queries,
                                                     django_assert_num_queries):
    short = finished_game(turns=1)
    long_game = finished_game(turns=12)
    client = client_of(carol)
    client.get(reverse("games:replay", args=[short.pk]))  # warm the session, count the view
    client.get(reverse("games:replay", args=[long_game.pk]))
    with django_assert_max_num_queries(8) as few:
        client.get(reverse("games:replay", args=[short.pk]), {"turn": 2})
    count = len(few.captured_queries)
    with django_assert_num_queries(count):
        response = client.get(reverse("games:replay", args=[long_game.pk]), {"turn": 13})
    assert "Turn <strong>13</strong> of 13" in response.content.decode()


# ---------------------------------------------------------------- gating and links
def test_replays_open_at_level_three(alice, carol, client_of, finished_game):
    game = finished_game(turns=1)
    carol.level = 2
    carol.save(update_fields=["level"])
    client = client_of(carol)
    for url in (reverse("games:replays"), reverse("games:replay", args=[game.pk])):
        response = client.get(url)
        assert response.status_code == 403
        assert "level 3" in response.content.decode()
    assert 'href="/replays/"' not in client.get(reverse("games:list")).content.decode()
    carol.level = 3
    carol.save(update_fields=["level"])
    response = client.get(reverse("games:replays"))
    assert response.status_code == 200
    assert '<a href="/replays/" aria-current="page">Replays</a>' in response.content.decode()


def test_anonymous_visitors_are_sent_to_log_in(client, finished_game):
    game = finished_game(turns=1)
    for url in (reverse("games:replays"), reverse("games:replay", args=[game.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_end_screen_and_player_page_link_to_replays(alice, bob, client_of, finished_game):
    game = finished_game(turns=1)
    client = client_of(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'href="/replays/{game.pk}/"' in html
    html = client.get(reverse("players:detail", args=["bob"])).content.decode()
    assert 'href="/replays/?player=bob"' in html


def test_help_and_dashboard_list_the_new_sections(alice, client_of):
    from players.templatetags.players_tags import tutorial_sections

    assert ("Replays", 3) in tutorial_sections() and ("Statistics", 6) in tutorial_sections()


def test_home_page_panel_lists_the_latest_replays(alice, bob, carol, client_of, finished_game):
    game = finished_game(turns=1)
    html = client_of(carol).get("/").content.decode()
    assert "Latest replays" in html and f'href="/replays/{game.pk}/"' in html
    carol.level = 2
    carol.save(update_fields=["level"])
    assert "Latest replays" not in client_of(carol).get("/").content.decode()


def test_finished_at_is_shown(carol, client_of, finished_game):
    game = finished_game(turns=1)
    html = client_of(carol).get(reverse("games:replays")).content.decode()
    assert timezone.localtime(game.finished_at).strftime("%Y-%m-%d") in html
