"""Every page passes axe-core's automated accessibility check: no serious or critical
violation, as a visitor and as a player who sees every section.

axe-core comes from the npm registry (tests/browser/js/package.json; `.ci/run` and
`make test` install it). The summary per page is written to
test-artefacts/axe-summary.json for a person to read.
"""
import json
from pathlib import Path

import pytest
from django.urls import reverse

from concepts.models import Concept
from concepts.services import concept_create
from decks.models import Deck
from forum import services as forum_services
from games import engine
from games import services as gs
from players.accounts.services import player_register
from players.models import Player
from tests.browser.conftest import ARTEFACTS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
PASSWORD = "a-fine-long-secret"


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it is now (CDP evaluation: not subject to the
    page's Content-Security-Policy, which forbids inline scripts)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '),
                why: (n.any[0] || n.all[0] || {}).message || ''}))}));
    }""")
    return result


def _world():
    veteran = player_register(username="Veteran", password=PASSWORD)
    other = player_register(username="Rival", password=PASSWORD)
    Player.objects.filter(pk__in=[veteran.pk, other.pk]).update(level=10)
    veteran.refresh_from_db()
    other.refresh_from_db()
    decks = {}
    for player in (veteran, other):
        starter = engine.STARTER_DECKS[0]
        decks[player.pk] = Deck.objects.create(
            player=player, name="Ready", common=list(starter.common),
            uncommon=list(starter.uncommon), rare=list(starter.rare),
            tokens=list(starter.tokens), is_ready=True)
    game = gs.challenge_create(challenger=veteran, opponent=other, deck=decks[veteran.pk])
    game = gs.challenge_accept(game_id=game.pk, player=other, deck=decks[other.pk])
    ai_game = gs.ai_game_start(player=veteran, deck=decks[veteran.pk])
    # A game between two others, for the veteran to watch as a spectator.
    third = player_register(username="Third", password=PASSWORD)
    Player.objects.filter(pk=third.pk).update(level=10)
    third.refresh_from_db()
    third_deck = Deck.objects.create(
        player=third, name="Ready", common=list(starter.common),
        uncommon=list(starter.uncommon), rare=list(starter.rare),
        tokens=list(starter.tokens), is_ready=True)
    watched = gs.challenge_create(challenger=other, opponent=third, deck=decks[other.pk])
    watched = gs.challenge_accept(game_id=watched.pk, player=third, deck=third_deck)
    thread = forum_services.thread_create(section="general", author=other, title="Hello all",
                                          body="A [b]first[/b] post.")
    concept_create(author=other, data={
        "name": "Lantern keeper", "rarity": "Common", "bricks": 0, "gems": 4, "recruits": 0,
        "keywords": [], "keyword_params": {}, "effect": "+1 magic.", "note": ""})
    return {"veteran": veteran, "other": other, "game": game, "ai_game": ai_game,
            "watched": watched,
            "thread": thread,
            "concept": Concept.objects.first(), "deck": decks[veteran.pk]}


def _pages(world):
    game, ai_game, deck = world["game"], world["ai_game"], world["deck"]
    return [
        reverse("home"), reverse("help"), reverse("news"), reverse("faq"),
        reverse("games:list"), reverse("games:challenge_new"), reverse("games:host"),
        reverse("games:ai_new"), reverse("games:detail", args=[game.pk]),
        reverse("games:detail", args=[ai_game.pk]), reverse("games:history", args=[game.pk]),
        reverse("games:replays"), reverse("games:statistics"),
        reverse("decks:list"), reverse("decks:builder", args=[deck.pk]),
        reverse("decks:cards"), reverse("decks:shared"),
        reverse("players:list"), reverse("players:detail", args=[world["other"].name]),
        reverse("players:inbox"), reverse("players:message_new"), reverse("players:settings"),
        reverse("players:shop"),
        reverse("forum:index"), reverse("forum:thread", args=[world["thread"].pk]),
        reverse("decks:keywords"), reverse("players:sent"),
        reverse("concepts:list"), reverse("concepts:detail", args=[world["concept"].pk]),
        reverse("concepts:new"), reverse("novels:library"),
        reverse("games:watch"), reverse("games:watch_game", args=[world["watched"].pk]),
    ]


PUBLIC_PAGES = ("login", "register", "news", "faq", "credits", "game_history", "modified_cards")


def _check(page, url, summary):
    page.goto(url)
    page.wait_for_load_state("load")
    violations = axe_violations(page)
    summary[url] = {impact: sum(1 for v in violations if v["impact"] == impact)
                    for impact in ("minor", "moderate", "serious", "critical")}
    return [v for v in violations if v["impact"] in BLOCKING]


def test_every_page_passes_axe(page, live_server, login):
    assert AXE.exists(), "axe-core is not installed: npm ci --prefix tests/browser/js"
    world = _world()
    summary, failures = {}, {}
    for name in PUBLIC_PAGES:
        url = live_server.url + reverse(name)
        if blocking := _check(page, url, summary):
            failures[url] = blocking
    login("Veteran", PASSWORD)
    for path in _pages(world):
        url = live_server.url + path
        if blocking := _check(page, url, summary):
            failures[url] = blocking
    ARTEFACTS.mkdir(exist_ok=True)
    (ARTEFACTS / "axe-summary.json").write_text(json.dumps(summary, indent=1))
    (ARTEFACTS / "axe-failures.json").write_text(json.dumps(failures, indent=1))
    assert not failures, json.dumps(failures, indent=1)


PHONES = ((375, 812), (320, 640))  # 320 CSS px: WCAG's reflow width


def test_no_page_scrolls_sideways_on_a_phone(browser, live_server):
    """WCAG's reflow: at a phone's width a page is read by scrolling down only. A wide table
    scrolls sideways in its own box (``.table-scroll``), not the whole page; on a phone it
    ran past the screen's edge on the players, replays, decks, concepts, watch and statistics
    pages, and the page itself scrolled sideways (the players page to 837 px of 375)."""
    from players.inbox.services import message_send

    world = _world()
    veteran, other = world["veteran"], world["other"]
    # Rows in the tables a fresh world leaves empty: a finished game, a message.
    finished = gs.challenge_create(challenger=other, opponent=veteran,
                                   deck=Deck.objects.filter(player=other).first())
    finished = gs.challenge_accept(game_id=finished.pk, player=veteran, deck=world["deck"])
    gs.game_surrender(game_id=finished.pk, player=other)
    gs.game_surrender_answer(game_id=finished.pk, player=veteran, accept=True)
    message_send(author=other, recipient=veteran, subject="A rematch, with a long subject line",
                 body="Same time tomorrow?")
    pages = [*_pages(world), reverse("games:replays"), reverse("players:detail",
                                                                   args=[veteran.name])]
    problems = {}
    # One phone, each page loaded once and laid out at each phone's width in turn (the
    # layout is the style sheet's: no script of the site reads the window's width).
    first = {"width": PHONES[0][0], "height": PHONES[0][1]}
    context = browser.new_context(viewport=first, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        log_in(page, live_server.url, "Veteran", PASSWORD)
        for path in pages:
            page.set_viewport_size(first)
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            for width, height in PHONES:
                page.set_viewport_size({"width": width, "height": height})
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    problems[f"{path} at {width}"] = wide
    finally:
        context.close()
    assert not problems, problems
