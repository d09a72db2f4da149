"""The card lab in a real browser: a concept's effect built with the builder's menus, the card
tried against the computer, played, and found again in the game's replay.

The site is served with daphne (the ``asgi_url`` fixture, as for the games' browser tests):
the game page follows the computer's moves over its socket.
"""
import re

import pytest
from django.urls import reverse

from concepts.lab.models import LabCard, Playtest
from concepts.models import Concept
from decks.catalogue import card_face
from games import services as gs
from games.models import Game
from players.models import Player
from tests.browser.conftest import log_in
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _add_step(page, kind_label):
    """Choose a step in the builder's "Add a step" menu and press Add (htmx redraws it)."""
    count = page.locator("#lab-builder .lab-depth-0 > .lab-steps > .lab-step").count()
    page.select_option("select[name=fx-new]", label=kind_label)
    page.click("#lab-builder .lab-depth-0 > .lab-add button")
    page.wait_for_function(
        "n => document.querySelectorAll('#lab-builder .lab-depth-0 > .lab-steps > .lab-step')"
        ".length > n", arg=count)


def test_build_a_concept_play_it_against_the_computer_and_see_it_in_the_replay(
        page, asgi_url, alice, screenshot):
    card_face.cache_clear()  # a test database hands the lab's ids out again
    Player.objects.filter(pk=alice.pk).update(level=10)
    deck = make_deck(alice)
    log_in(page, asgi_url, "alice")

    # 1. The concept, its effect built with the menus only
    page.goto(asgi_url + reverse("concepts:new"))
    page.fill("input[name=name]", "Ink golem")
    page.fill("input[name=recruits]", "2")
    _add_step(page, "Attack the enemy (wall first, then tower)")
    page.select_option("select[name=fx-0-amount-n]", "8")
    _add_step(page, "Raise or lower a tower, wall, facility or resource")
    page.select_option("select[name=fx-1-attr]", "wall")
    page.select_option("select[name=fx-1-amount-n]", "4")
    # the card's preview and the builder's text follow the menus (htmx)
    page.wait_for_function("() => document.querySelector('#concept-preview .card-text')"
                           ".textContent.includes('Attack 8. Wall +4.') && "
                           "document.querySelector('[data-lab-text]').textContent"
                           " === 'Attack 8. Wall +4.'")
    screenshot("builder")
    page.click("form.concept-form button[type=submit]:has-text('Submit the concept')")
    page.wait_for_selector("text=Your concept has been submitted")
    concept = Concept.objects.get()
    assert concept.effect_tree[0] == {"kind": "attack", "amount": {"kind": "n", "n": 8}}
    assert page.locator(".lab-played").inner_text() == "Attack 8. Wall +4."

    # 2. Try this card: against the computer, the concept in place of a card of the deck
    page.select_option("select[name=try-replace]", f"deck:{deck.pk}:{deck.common[0]}")
    page.select_option("select[name=try-level]", "easy")
    page.click("#card-lab button:has-text('Play against the computer')")
    page.wait_for_selector("#board")
    page.wait_for_selector("#live-status[data-state=live]", timeout=20000)
    test = Playtest.objects.get()
    lab_id = LabCard.objects.get().engine_id
    assert test.game.deck1_cards["common"][0] == lab_id
    page.wait_for_selector("#board[data-my-turn='1']", timeout=20000)

    # 3. Play it: the sandbox puts it into the first slot if the deal did not bring it
    game = Game.objects.get()
    if lab_id not in game.state["players"][0]["hand"]:
        gs.sandbox_put_card(game_id=game.pk, player=alice, version=game.version, seat=0,
                            position=1, card=str(lab_id))
        page.reload()
        page.wait_for_selector(f"#board [data-card-id='{lab_id}']")
    slot = page.locator(f".hand-slot.is-playable:has([data-card-id='{lab_id}']) .slot-label")
    assert "Attack 8. Wall +4." in slot.first.inner_text()
    version = int(page.locator("#board").get_attribute("data-version"))
    slot.first.click()
    page.click("#play-button")
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}")
    screenshot("played")
    played = Game.objects.get().turns.get(action="play", actor_seat=0)
    assert played.card == lab_id

    # 4. The game ends; its replay is listed with the concept and shows the card
    gs.game_surrender(game_id=game.pk, player=alice)
    page.goto(asgi_url + concept.get_absolute_url())
    assert "lost (surrender)" in page.locator(f"#card-lab tr[data-game='{game.pk}']").inner_text()
    page.click(f"#card-lab a[href='{reverse('games:replay', args=[game.pk])}']")
    page.wait_for_url(re.compile(rf"/replays/{game.pk}/$"))
    page.goto(asgi_url + reverse("games:replay", args=[game.pk]) + f"?turn={played.number}")
    assert "alice played Ink golem" in page.locator(".replay-turn").inner_text()
    screenshot("replay")


def test_ask_for_a_self_play_report_and_read_its_figures(page, asgi_url, alice, settings,
                                                        screenshot):
    from concepts import services
    from concepts.lab import selfplay

    settings.LAB_SELFPLAY_THREADS = 0  # the games wait on the queue until drained below
    Player.objects.filter(pk=alice.pk).update(level=10)
    concept, _ = services.concept_create(author=alice, data={
        "name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0, "recruits": 3,
        "keywords": [], "keyword_params": {}, "effect": "", "note": "",
        "effect_tree": [{"kind": "attack", "amount": {"kind": "n", "n": 6}}]})
    log_in(page, asgi_url, "alice")
    page.goto(asgi_url + concept.get_absolute_url())
    page.select_option("select[name=report-games]", "100")
    page.click("#card-lab button:has-text('Make the report')")
    page.wait_for_selector(".lab-report[data-status=queued]")
    assert selfplay.local_reports.drain() == 1
    # the queued report's panel polls itself and shows the figures once they are there
    page.wait_for_selector(".lab-report[data-status=done] [data-lab-score]", timeout=20000)
    assert "95 % confidence interval" in page.locator(".lab-report").inner_text()
    screenshot("report")
