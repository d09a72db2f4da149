"""The analysis on the replay page: asking for it, its progress, the graph above the
replay and the notes on the marked moves; who may ask; the flood limit."""
import pytest
from django.core.cache import cache
from django.urls import reverse

from games import services as gs
from games.models import Game, GameAnalysis
from tests.games.conftest import play_turns

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.ANALYSIS_SIMULATIONS = 12


@pytest.fixture
def finished_game(started_game):
    game = started_game(hidden=True)
    play_turns(game, 10)
    game.refresh_from_db()
    gs.game_surrender(game_id=game.pk, player=game.player2)
    gs.game_surrender_answer(game_id=game.pk, player=game.player1, accept=True)
    game.refresh_from_db()
    return game


def _url(game, name="games:replay_analysis"):
    return reverse(name, args=[game.pk])


def test_the_replay_offers_the_analysis_and_shows_the_graph_once_done(
        finished_game, carol, client_of, django_capture_on_commit_callbacks):
    client = client_of(carol)
    page = client.get(_url(finished_game, "games:replay")).content.decode()
    assert 'id="analysis-request"' in page and 'id="analysis-graph"' not in page
    with django_capture_on_commit_callbacks(execute=True):
        panel = client.post(_url(finished_game), {"turn": "3"}, HTTP_HX_REQUEST="true")
    assert panel.status_code == 200 and b'id="analysis"' in panel.content
    # (Here the task runs when the test's transaction lets it: after the answer.)
    html = client.get(_url(finished_game) + "?turn=3", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="done"' in html
    assert '<svg id="analysis-graph"' in html and html.count("<polyline") == 2
    page = client.get(_url(finished_game, "games:replay") + "?turn=3").content.decode()
    assert page.index('id="analysis-graph"') < page.index('class="board board--replay"')
    # A second request: the same analysis.
    client.post(_url(finished_game), HTTP_HX_REQUEST="true")
    assert GameAnalysis.objects.filter(game=finished_game).count() == 1


def test_marked_moves_get_notes_on_the_panel_and_on_their_turn(finished_game, alice,
                                                               client_of):
    entry = {"number": 4, "step": 3, "seat": 1, "round": 2, "win": [0.7, 0.3], "loss": 0.35,
             "marked": True, "by_player": True,
             "played": {"kind": "discard", "position": 2, "mode": 0, "card": 1,
                        "name": "Brick Shortage"},
             "best": {"kind": "play", "position": 5, "mode": 0, "card": 2,
                      "name": "Lucky Cache"}}
    GameAnalysis.objects.create(game=finished_game, status=GameAnalysis.Status.DONE,
                                result={"level": "expert", "simulations": 12,
                                        "turns": [entry], "final": [1.0, 0.0], "steps": 10})
    client = client_of(alice)
    page = client.get(_url(finished_game, "games:replay") + "?turn=4").content.decode()
    assert 'id="analysis-note-4"' in page and "cost about 35%" in page
    assert 'id="analysis-note"' in page and "Lucky Cache" in page
    other = client.get(_url(finished_game, "games:replay") + "?turn=5").content.decode()
    assert 'id="analysis-note"' not in other
    assert 'class="analysis-mark seat-1"' in page


def test_the_panel_polls_while_the_analysis_runs(finished_game, alice, client_of):
    GameAnalysis.objects.create(game=finished_game, status=GameAnalysis.Status.RUNNING,
                                progress=3, total=12)
    panel = client_of(alice).get(_url(finished_game), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 2s"' in panel and "3 of 12 moves judged" in panel
    assert 'value="25"' in panel
    # Without htmx the panel's address leads to the replay page.
    response = client_of(alice).get(_url(finished_game))
    assert response.status_code == 302 and response.url.startswith(
        _url(finished_game, "games:replay"))


def test_who_may_ask(finished_game, started_game, carol, client_of, client):
    response = client.post(_url(finished_game))
    assert response.status_code == 302 and "/accounts/login/" in response.url
    running = started_game()
    assert client_of(carol).post(_url(running)).status_code == 404
    assert client_of(carol).get(reverse("games:replay_analysis", args=[999999])).status_code \
        == 404
    Game.objects.filter(pk=finished_game.pk).update(outcome=Game.Outcome.ABORT)
    assert client_of(carol).post(_url(finished_game), HTTP_HX_REQUEST="true").status_code \
        == 404
    assert not GameAnalysis.objects.exists()
    # A player of a running game is told it is not over yet.
    response = client_of(running.player1).post(_url(running))
    assert response.status_code == 302
    assert not GameAnalysis.objects.exists()
    assert client_of(carol).put(_url(finished_game)).status_code == 405


def test_new_requests_are_flood_limited_but_asking_again_is_free(
        settings, started_game, carol, client_of):
    cache.clear()
    settings.FLOOD_CONTROL = True
    settings.FLOOD_LIMITS = {**settings.FLOOD_LIMITS, "analysis": {"user": "2/h"}}
    settings.ANALYSIS_SIMULATIONS = 4
    games = []
    for _ in range(3):
        game = started_game()
        gs.game_surrender(game_id=game.pk, player=game.player1)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
        games.append(game)
    client = client_of(carol)
    for game in games[:2]:
        assert client.post(_url(game), HTTP_HX_REQUEST="true").status_code == 200
    refused = client.post(_url(games[2]), HTTP_HX_REQUEST="true")
    assert refused.status_code == 429 and b"Too many analysis requests" in refused.content
    assert not GameAnalysis.objects.filter(game=games[2]).exists()
    assert client.post(_url(games[0]), HTTP_HX_REQUEST="true").status_code == 200
    cache.clear()
