"""The post-game analysis in the browser, as the embedded default runs it (no Celery
worker: a background thread of the server process): asking answers at once, the progress
bar moves while the game is judged, then the graph shows with its axes and a key naming
both players."""
import threading

import pytest
from django.urls import reverse

from games import services as gs
from games.services import analysis
from players.models import Player
from tests.browser.conftest import log_in
from tests.games.conftest import make_deck, play_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_progress_bar_moves_then_the_graph_shows_with_axes_and_key(
        browser, asgi_url, alice, bob, carol, settings, monkeypatch, request):
    settings.ANALYSIS_SIMULATIONS = 10
    settings.ANALYSIS_THREADS = 1
    settings.ANALYSIS_PROCESS = False  # the search is gated in this process
    monkeypatch.setattr(analysis, "PROGRESS_EVERY", 1)
    Player.objects.filter(pk__in=[alice.pk, bob.pk, carol.pk]).update(level=10)
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    if play_turns(game, 16).status == "in_progress":
        gs.game_surrender(game_id=game.pk, player=alice)
        gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    moves = game.turns.filter(action__in=["play", "discard"]).count()
    # The thread stops before the sixth move until the page has shown five judged.
    judged, gate = [], threading.Event()
    judge_move = analysis.engine.judge_move

    def judge_gated(*args, **kwargs):
        if len(judged) == 5:
            gate.wait(60)
        judged.append(1)
        return judge_move(*args, **kwargs)

    monkeypatch.setattr(analysis.engine, "judge_move", judge_gated)
    request.addfinalizer(gate.set)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, asgi_url, "carol")
    page.goto(asgi_url + reverse("games:replay", args=[game.pk]))
    page.click("#analysis-request")
    page.wait_for_selector(f"#analysis-progress-text:has-text('5 of {moves} moves judged')")
    assert page.locator("#analysis-progress").get_attribute("value") == str(
        round(100 * 5 / moves))
    page.locator("#analysis").screenshot(path=str(_artefact(request, "analysis-running")))
    gate.set()
    page.wait_for_selector("#analysis-graph")
    assert analysis.local_analyses.wait_idle(30)
    titles = page.locator("#analysis-graph text.analysis-axis-title").all_text_contents()
    assert titles == ["Win probability", "Turn (as numbered in the replay below)"]
    legend = page.locator("#analysis-legend").inner_text()
    assert "alice" in legend and "bob" in legend
    page.locator("#analysis").screenshot(path=str(_artefact(request, "analysis-panel")))
    page.screenshot(path=str(_artefact(request, "analysis-page")))


def _artefact(request, name):
    from tests.browser.conftest import ARTEFACTS

    ARTEFACTS.mkdir(exist_ok=True)
    return ARTEFACTS / f"{request.node.name}-{name}.png"
