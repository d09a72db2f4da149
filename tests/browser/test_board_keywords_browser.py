"""Keyword insignias on the game board, with the keyboard (Chromium): tabbing through the
board stops once per card (the hand's radio group, a card's own Play button or mode), never
on each keyword of each card; the card with the focus shows what its keywords do, the mouse
gets each keyword's description as its title, and a screen reader reads the keyword names
and descriptions with the card.

Screenshot: test-artefacts/board-keywords-focus.png
"""
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games import engine
from games.models import Game
from tests.browser import test_board_layout_browser as layout
from tests.browser.conftest import ARTEFACTS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Eight playable cards with two keywords or more: sixteen insignias or more in the hand.
KEYWORD_CARDS = tuple(c.id for c in engine.all_cards()
                      if c.implemented and len(c.keywords) >= 2 and not c.modes)[:8]

# Tab from the top of the page until the focus comes back to the first stop: what each
# stop is (its tag and classes) and where (my hand, the opponent's hand, a card's keywords).
TAB_STOPS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  return {key: el.tagName + "#" + el.id + "." + el.className + "@" + (el.name || "") + (el.value || "")
               + [...document.querySelectorAll("*")].indexOf(el),
          myHand: !!el.closest("#hand-form .hand"), opponentHand: !!el.closest("#opponent-hand"),
          keyword: !!el.closest(".card-keywords"), inCard: !!el.closest(".card")};
}"""


def _tab_stops(page, limit=200):
    page.evaluate("document.activeElement && document.activeElement.blur()")
    stops, seen = [], set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(TAB_STOPS)
        if stop is None:
            continue
        if stop["key"] in seen:
            break
        seen.add(stop["key"])
        stops.append(stop)
    return stops


def test_tabbing_through_the_board_stops_once_per_card_not_per_keyword(page, asgi_url, alice,
                                                                       bob):
    assert len(KEYWORD_CARDS) == 8
    game, viewer = layout._table(alice, bob, chat=False, cards=KEYWORD_CARDS)
    # The round played drew a random card into slot 1: the hand is the eight again.
    layout._set_hands(Game.objects.get(pk=game.pk), KEYWORD_CARDS)
    page.set_viewport_size({"width": 1280, "height": 800})
    log_in(page, asgi_url, viewer.name)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board[data-my-turn='1']")
    insignias = page.locator("#hand-form .hand .kw-insignia").count()
    assert insignias >= 16

    stops = _tab_stops(page)
    in_hand = [s for s in stops if s["myHand"]]
    own_controls = page.locator("#hand-form .hand :is(button, select)").count()
    print(f"tab stops: {len(stops)} on the page, {len(in_hand)} in the hand "
          f"({insignias} insignias there)")
    assert not [s for s in stops if s["keyword"]], "a keyword is a tab stop"
    # The radio group of the cards is one stop; each card adds only its own controls.
    assert len(in_hand) == 1 + own_controls
    assert [s["key"].split("#")[0] for s in in_hand].count("INPUT") == 1
    assert not [s for s in stops if s["opponentHand"] or (s["inCard"] and not s["myHand"])]

    # The card with the focus shows what its keywords do; the others show nothing.
    page.focus("#slot-1")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "slot-2"
    second = engine.card(KEYWORD_CARDS[1])
    tips = page.locator("#hand-form .hand-slot[data-slot='2'] .kw-tips")
    box = tips.bounding_box()
    assert box and box["width"] > 60 and box["height"] > 20
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800
    shown = tips.inner_text()
    for name in second.keywords:
        assert name in shown
        assert engine.keyword(name).text.split(".")[0] in shown
    other = page.locator("#hand-form .hand-slot[data-slot='1'] .kw-tips").bounding_box()
    assert other["width"] <= 1
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "board-keywords-focus.png"))

    # The mouse: each insignia's title names the keyword and says what it does.
    first_kw = page.locator("#hand-form .hand-slot[data-slot='2'] .kw").first
    assert first_kw.get_attribute("title").startswith(second.keywords[0])
    # A screen reader: the card's radio button is named with its keywords and what they do.
    radio = page.locator("#slot-2")
    for name in second.keywords:
        expect(radio).to_have_accessible_name(re.compile(re.escape(name)))
    expect(radio).to_have_accessible_name(
        re.compile(re.escape(engine.keyword(second.keywords[0]).text.split(".")[0])))
