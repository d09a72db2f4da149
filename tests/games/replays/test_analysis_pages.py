"""The analysis on the replay page: asking for it (answered at once, the analysis queued),
its progress, the graph above the replay (axes, key) and the notes on the marked moves,
numbered as the replay numbers its turns; who may ask; the flood limit."""
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from games import services as gs
from games.models import Game, GameAnalysis
from tests.games.analysis_helpers import (
    analyses_kept_for_the_test,
    queued_analyses,
    run_queued_analyses,
)
from tests.games.conftest import play_turns

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("everyone_past_the_tutorial")]


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.ANALYSIS_SIMULATIONS = 12


@pytest.fixture(autouse=True)
def _analyses_in_the_test(settings):
    yield from analyses_kept_for_the_test(settings)


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
    # Answered at once (Celery is eager, as without Redis): queued, with a progress bar
    # that polls; the request did not judge the game.
    html = panel.content.decode()
    assert panel.status_code == 200 and 'data-status="queued"' in html
    assert 'id="analysis-progress"' in html and 'hx-trigger="every 1s"' in html
    made = GameAnalysis.objects.get(game=finished_game)
    assert made.status == GameAnalysis.Status.QUEUED and queued_analyses() == [made.pk]
    assert run_queued_analyses() == 1  # the background thread's work
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


def test_the_panel_polls_while_the_analysis_runs(finished_game, started_game, alice,
                                                 client_of):
    GameAnalysis.objects.create(game=finished_game, status=GameAnalysis.Status.RUNNING,
                                progress=3, total=12)
    panel = client_of(alice).get(_url(finished_game), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in panel and "3 of 12 moves judged (25%)" in panel
    assert 'value="25"' in panel
    # Waiting for its turn: the bar shows it is queued, and what it waits behind.
    other = started_game()
    gs.game_surrender(game_id=other.pk, player=other.player1)
    gs.game_surrender_answer(game_id=other.pk, player=other.player2, accept=True)
    GameAnalysis.objects.create(game=other, status=GameAnalysis.Status.QUEUED)
    panel = client_of(alice).get(_url(other), HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="queued"' in panel and 'hx-trigger="every 1s"' in panel
    assert "1 other analysis queued or running" in panel and 'id="analysis-progress"' in panel
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


def _done_analysis(game, entries, steps=10):
    return GameAnalysis.objects.create(
        game=game, status=GameAnalysis.Status.DONE,
        result={"level": "expert", "simulations": 12, "turns": entries, "final": [1.0, 0.0],
                "steps": steps})


def _entry(number, seat, win0, *, loss=0.0, marked=False, round_=None):
    move = {"kind": "play", "position": 1, "mode": 0, "card": 1, "name": "Brick Shortage"}
    return {"number": number, "step": number - 1, "seat": seat, "round": round_ or number,
            "win": [win0, round(1 - win0, 4)], "loss": loss, "marked": marked,
            "by_player": True, "played": move, "best": move}


def test_the_graph_has_labelled_axes_and_a_key_naming_both_players(finished_game, alice,
                                                                   client_of):
    _done_analysis(finished_game, [_entry(n, (n - 1) % 2, 0.5 + 0.03 * n) for n in
                                   range(1, 11)])
    page = client_of(alice).get(_url(finished_game, "games:replay")).content.decode()
    graph = page[page.index('<figure class="analysis-graph">'):page.index("</figure>")]
    assert "Win probability</text>" in graph and "Turn (as numbered in the replay" in graph
    for label in ("0%", "50%", "100%"):
        assert f">{label}</text>" in graph
    ticks = re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="middle">(\d+)</text>', graph)
    assert ticks[0] == "0" and ticks[-1] == "10"
    key = graph[graph.index('id="analysis-legend"'):graph.index("</ul>")]
    assert "alice</li>" in key and "bob</li>" in key
    # The key's colours are the lines' colours.
    assert re.search(r'class="seat-0"><svg[^>]*><line[^>]*stroke="#2b6cb0"', key)
    assert 'class="analysis-line seat-0" fill="none" stroke="#2b6cb0"' in graph
    assert re.search(r'class="seat-1"><svg[^>]*><line[^>]*stroke="#c05621"', key)
    assert 'class="analysis-line seat-1" fill="none" stroke="#c05621"' in graph


def test_turns_are_numbered_as_the_replay_numbers_them(finished_game, alice, client_of):
    """A marked move is "Turn N" (no second, round count beside it), links to the replay's
    turn N, and sits on the graph where the replay's turn N is drawn."""
    entries = [_entry(n, (n - 1) % 2, 0.5, round_=n - 1) for n in range(1, 11)]
    entries[6] = _entry(7, 0, 0.6, loss=0.3, marked=True, round_=6)
    _done_analysis(finished_game, entries)
    page = client_of(alice).get(_url(finished_game, "games:replay") + "?turn=7").content.decode()
    note = re.search(r'<li id="analysis-note-7">(.*?)</li>', page).group(1)
    assert note.startswith('<a href="?turn=7">Turn 7</a>: ') and "round" not in note
    assert 'Turn <strong>7</strong> of' in page  # the replay's own count
    mark = re.search(r'<a href="\?turn=7"><circle cx="([\d.]+)"', page)
    now = re.search(r'<line x1="([\d.]+)" y1="0" x2="[\d.]+" y2="[\d.]+" class="analysis-now"',
                    page)
    assert mark and now and mark.group(1) == now.group(1)
    assert "<title>Turn 7: " in page
