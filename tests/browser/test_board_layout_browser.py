"""The game board in Chromium: its layout at six widths (no two hand cards overlap, no text
cut, nothing wider than the window), the deck builder and card list at the same widths,
keyboard play, the opponent's move and the end of the game read out in words, and motion
that follows the player's setting and the device's reduced-motion wish.

Screenshots: test-artefacts/test_board_lays_out_at_every_width-{board,builder,cards}-<width>.png
"""
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from players.models import Player, PlayerSettings
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 768, 1024, 1280, 1440, 1920)

# Problems of the page's layout as the browser measures it: sideways scrolling, elements
# past the window's edge (not counting those scrolled inside a box of their own, nor the
# skip link parked left of the page), cards of one hand or grid that intersect, card text
# that runs out of its card.
LAYOUT_PROBLEMS = """() => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > vw + 1)
    problems.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + vw);
  const insideScroller = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.clip !== "auto") return true;
    }
    return false;
  };
  document.querySelectorAll("body *").forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 3 || r.height < 3 || r.right <= 0) return;
    if (r.right > vw + 1 && !insideScroller(el))
      problems.push("past the right edge: " + el.tagName + "." + el.className + " to " + Math.round(r.right));
  });
  document.querySelectorAll(".hand, .card-grid, .card-row").forEach((grid) => {
    const cards = [...grid.querySelectorAll(".card")].map((c) => c.getBoundingClientRect());
    for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i], b = cards[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) problems.push("cards " + i + " and " + j + " overlap in ." + grid.className);
    }
  });
  document.querySelectorAll(".card").forEach((card) => {
    const r = card.getBoundingClientRect();
    if (r.width < 3) return;
    card.querySelectorAll(".card-name, .card-text, .card-keywords").forEach((t) => {
      const q = t.getBoundingClientRect();
      if (q.bottom > r.bottom + 1 || q.right > r.right + 1)
        problems.push("text cut in the card " + (card.querySelector(".card-name") || {}).textContent);
    });
  });
  return problems.slice(0, 10);
}"""


# The board's boxes (in the window, as Playwright's bounding_box gives them): your hand's
# slots in order, the opponent's, the board and the opponent's panel, where your hand's row
# ends when it scrolls sideways, and each Play button's top beside its card's.
BOARD_GEOMETRY = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
  };
  const slots = [...document.querySelectorAll("#hand-form .hand-slot[data-slot]")];
  const hand = document.querySelector("#hand-form .hand");
  return {
    slots: slots.map((s) => s.dataset.slot),
    opponent_slots: document.querySelectorAll("#opponent-hand .hand-slot[data-slot]").length,
    board: box(document.querySelector("#board")),
    panel: box(document.querySelector("#opponent-hand")),
    hand_right: hand.getBoundingClientRect().left + hand.scrollWidth,
    opponent: [...document.querySelectorAll("#opponent-hand .hand-slot")].slice(0, 8).map(box),
    mine: slots.slice(0, 8).map(box),
    play_buttons: slots.slice(0, 8).filter((s) => s.querySelector(".play-this")).map(
      (s) => [box(s.querySelector(".card")).y, box(s.querySelector(".play-this")).y]),
  };
}"""


def _players(alice, bob):
    """Both past the tutorial (every section open), saved so the user cache forgets them."""
    for player in (alice, bob):
        player.level = 10
        player.save(update_fields=["level"])
    return Player.objects.get(pk=alice.pk), Player.objects.get(pk=bob.pk)


def _game(alice, bob, **modes):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice), **modes)
    return gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))


def _log_in(page, base, player):
    """The page's browser holds a session of ``player``, made on the server as the login
    form makes one (tests/browser/test_accounts_browser.py goes through the form): the
    form and the home page it leads to took a third of the time of a test here."""
    client = Client()
    client.force_login(player.user)
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": base,
                               "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])


def _open(page, base, player, game):
    _log_in(page, base, player)
    page.goto(base + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#live-status[data-state=live]")


def _version(page):
    return int(page.locator("#board").get_attribute("data-version"))


def _wait_for_version_above(page, version):
    page.wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.version) > {version}")


def test_board_lays_out_at_every_width(page, asgi_url, alice, bob, screenshot):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob, hidden=True)  # the opponent's hand face down
    viewer = game.player_at(game.current_seat)  # on turn: Play buttons under the cards
    deck = make_deck(viewer, name="Builder")
    _log_in(page, asgi_url, viewer)
    # Each page loads once, at the narrowest width, and is laid out again at every width:
    # the layout is the style sheet's (no script of these pages reads the window's width).
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(LAYOUT_PROBLEMS) == [], f"the board at {width} px"
        # The hand's geometry as the browser lays it out, read in one evaluation (a
        # round trip per box was 200 of them).
        seen = page.evaluate(BOARD_GEOMETRY)
        assert seen["slots"] == [str(n) for n in range(1, 9)]
        assert seen["opponent_slots"] == 8
        for landmark in ("#side-me", "#side-opponent", "#opponent-hand", "#hand-form",
                         "#chat", "svg.castle[data-castle=me]",
                         "svg.castle[data-castle=opponent]"):
            assert page.locator(landmark).is_visible(), f"{landmark} at {width} px"
        # Every hand card sits inside the board (your hand: inside the row that scrolls
        # sideways, where it does), and the opponent's inside its panel.
        board, panel, hand_right = seen["board"], seen["panel"], seen["hand_right"]
        for i in range(8):
            box = seen["opponent"][i]
            assert panel["x"] - 1 <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
            mine = seen["mine"][i]
            assert mine["x"] >= board["x"] and mine["x"] + mine["width"] <= hand_right + 1
            if width >= 1024:  # eight to a row: no scrolling sideways
                assert mine["x"] + mine["width"] <= board["x"] + board["width"] + 1
        # The Play buttons of one row of cards line up.
        rows = {}
        for card_top, button_top in seen["play_buttons"]:
            rows.setdefault(round(card_top), []).append(button_top)
        assert rows, "no Play buttons to compare"
        for tops in rows.values():
            assert max(tops) - min(tops) <= 1, f"Play buttons at {tops} at {width} px"
        screenshot(f"board-{width}")
    for name, url in (("builder", reverse("decks:builder", args=[deck.pk])),
                      ("cards", reverse("decks:cards"))):
        page.set_viewport_size({"width": WIDTHS[0], "height": 900})
        page.goto(asgi_url + url)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            assert page.evaluate(LAYOUT_PROBLEMS) == [], f"{name} at {width} px"
            # Both pages are thousands of pixels high (the builder with its pool 30,000 to
            # 60,000, 8 s to draw whole at each width); the check above reads all of it, the
            # picture is the window: the builder at the deck's first cards, the list's top.
            if name == "builder":
                page.locator(".deck-section-title").first.evaluate(
                    "h => window.scrollBy(0, h.getBoundingClientRect().top - 120)")
            screenshot(f"{name}-{width}", full_page=False)


def test_the_castles_are_drawn_to_scale(page, asgi_url, alice, bob):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob)
    state = engine.state_from_json(game.state)
    seat = game.seat_of(alice)
    state.p[seat].a[0], state.p[1 - seat].a[0] = 80, 20  # towers (the victory height: 100)
    game.state = engine.state_to_json(state)
    game.save(update_fields=["state"])
    _log_in(page, asgi_url, alice)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    mine = page.locator("svg.castle[data-castle=me] .castle-tower-body").bounding_box()
    theirs = page.locator("svg.castle[data-castle=opponent] .castle-tower-body").bounding_box()
    assert mine["height"] / theirs["height"] == pytest.approx(4, rel=0.05)
    assert "tower 80 of 100" in page.locator("svg.castle[data-castle=me] title").text_content()
    # One h1 for the page; the board's parts are h2s under it.
    assert page.locator("h1").all_inner_texts() == ["Game against bob"]
    h2s = [t.split("\n")[0].strip() for t in page.locator("#board h2").all_inner_texts()]
    assert {"alice", "bob", "bob's hand", "Your hand"} <= {h.split(" on turn")[0]
                                                          .split(" —")[0] for h in h2s}


def test_a_whole_turn_by_keyboard(page, asgi_url, alice, bob):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob)
    mover = game.player_at(game.current_seat)
    state = engine.state_from_json(game.state)
    state.p[game.current_seat].a[5:8] = [60, 60, 60]  # every card affordable
    game.state = engine.state_to_json(state)
    game.save(update_fields=["state"])
    _open(page, asgi_url, mover, game)
    for _ in range(80):  # Tab through the page to the hand
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('slot-radio')"):
            break
    assert page.evaluate("document.activeElement.id") == "slot-1"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "slot-2"
    played = engine.card(state.p[game.current_seat].hand[1])
    version = _version(page)
    page.keyboard.press("Enter")
    _wait_for_version_above(page, version)
    turn = Game.objects.get(pk=game.pk).turns.get()
    assert (turn.action, turn.position, turn.card) == ("play", 2, played.id)
    # The keyboard keeps its place on the new board: the same card while the turn goes on
    # (a card that plays again), else the line that says whose turn it is.
    still_mine = page.locator("#board").get_attribute("data-my-turn") == "1"
    assert page.evaluate("document.activeElement.id") == ("slot-2" if still_mine
                                                          else "turn-state")


def test_the_opponents_move_and_the_end_are_read_out(page, asgi_url, alice, bob):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob)
    mover = game.player_at(game.current_seat)
    watcher = game.player_at(1 - game.current_seat)
    _open(page, asgi_url, watcher, game)
    discarded = engine.card(engine.state_from_json(game.state).p[game.current_seat].hand[2])
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=3)
    page.wait_for_function("() => document.querySelector('#game-announcer').textContent"
                           f".includes({f'{mover.name} discarded {discarded.name}: '!r})")
    text = page.locator("#game-announcer").inner_text()
    assert f"{mover.name}'s bricks +" in text  # the turn's production, in words
    # The end: the one who asked to surrender, accepted by the other.
    game.refresh_from_db()
    gs.game_surrender(game_id=game.pk, player=mover)
    gs.game_surrender_answer(game_id=game.pk, player=watcher, accept=True)
    page.wait_for_function("() => document.querySelector('#game-announcer').textContent"
                           ".includes('The game is over: you won (surrender).')")
    page.wait_for_selector("#earnings[data-status=earned]")
    assert "EXP" in page.locator("#earnings").inner_text()


@pytest.mark.parametrize("motion", ["shown", "reduced", "setting-off"])
def test_motion_follows_the_setting_and_reduced_motion(browser, asgi_url, alice, bob, motion,
                                                       request):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob)
    mover = game.player_at(game.current_seat)
    watcher = game.player_at(1 - game.current_seat)
    if motion == "setting-off":
        settings = PlayerSettings.objects.get(player=watcher)
        settings.board_animations = False
        settings.save()
    context = browser.new_context(
        reduced_motion="reduce" if motion == "reduced" else "no-preference")
    request.addfinalizer(context.close)
    page = context.new_page()
    _open(page, asgi_url, watcher, game)
    version = _version(page)
    gs.game_discard_card(game_id=game.pk, player=mover, version=game.version, position=1)
    _wait_for_version_above(page, version)
    # The new board is there and usable at once, whatever the motion.
    assert page.locator("#board").get_attribute("data-version") == str(version + 1)
    shown = page.evaluate("window.__marcomageMotions || 0")
    assert shown == (1 if motion == "shown" else 0)
    assert (page.locator("#board").get_attribute("data-animations") == "1") == (
        motion != "setting-off")


def test_the_computers_answer_is_read_out(page, asgi_url, alice):
    """Against the computer its answer is read out, whether it comes pushed over the socket
    or already in the answer to one's own move."""
    alice.level = 10
    alice.save(update_fields=["level"])
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    _open(page, asgi_url, alice, game)
    page.wait_for_selector("#board[data-my-turn='1']")
    version = _version(page)
    page.keyboard.press("1")
    page.keyboard.press("d")
    _wait_for_version_above(page, version)
    page.wait_for_function(
        "() => /^MArcomage (played|discarded) /m.test("
        "document.querySelector('#game-announcer').innerText)")


def test_the_computers_second_turn_is_read_out_in_the_same_words(page, asgi_url, alice,
                                                                  monkeypatch):
    """The computer's answer reads as its opening did (the same card, the same production):
    it is read out all the same, since it tells of a new turn. (A clean clone's CI once
    waited a minute for it: the page took the same words for an own command's.)"""
    from games.game import board as game_board
    from games.game import selectors as game_selectors
    from games.services import lobby

    def same_words(board, *, opponent_name):
        return "MArcomage played a card: the same words." if game_board.move_announcement(
            board, opponent_name=opponent_name) else ""

    monkeypatch.setattr(game_selectors, "move_announcement", same_words)
    deck = make_deck(alice)
    # A seed with which the computer (the second seat) opens the game.
    seed = next(s for s in range(1, 200) if engine.new_game(
        gs.deck_payload(deck), gs.deck_payload(deck), seed=s, ai=True, friendly=True).current == 1)
    alice.level = 10
    alice.save(update_fields=["level"])
    with monkeypatch.context() as patch:
        patch.setattr(lobby.secrets, "randbits", lambda bits: seed)
        game = gs.ai_game_start(player=alice, deck=deck)
    _open(page, asgi_url, alice, game)
    page.wait_for_selector("#board[data-my-turn='1']")
    assert page.locator("#board-announcement").text_content() == (
        "MArcomage played a card: the same words.")  # the computer opened
    said = "() => document.querySelector('#game-announcer').innerText.split('the same words').length"
    before = page.evaluate(said)
    version = _version(page)
    page.keyboard.press("1")
    page.keyboard.press("d")
    _wait_for_version_above(page, version + 1)  # the computer has answered
    page.wait_for_function(f"() => ({said})() > {before}")


# ---- the board in one screen (issue 30): your hand and its buttons without scrolling on a
# laptop, docked at the bottom on a phone; the page stays put when you play; card names
# break only between words.

LAPTOPS = ((1280, 800), (1366, 768), (1440, 900))
PHONES = ((375, 812), (360, 740))
# Cards whose names hold the longest words of the catalogue ("Reinforcements": 14 letters)
# and the names the issue saw broken.
LONG_NAMES = (605, 154, 58, 274, 295, 385, 64, 285)

# Every word of every card name on the page laid out on one line: the rectangles of a
# Range over one word are one per line box it spans. Returns the broken words.
BROKEN_NAMES = """(scope) => {
  const broken = [];
  document.querySelectorAll(scope + " .card-name").forEach((name) => {
    if (!name.getClientRects().length) return;  // not drawn (a hidden part of the page)
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                 .map((r) => Math.round(r.top)));
        if (lines.size !== 1) broken.push(name.textContent.trim() + ": " + m[0]);
      }
    }
  });
  return broken;
}"""

# What of the board lies outside the window as it is scrolled now (at the top unless the
# test scrolled): every card of your hand, its Play and Discard buttons, both castles,
# the facilities and stock, the last cards.
OUTSIDE_THE_WINDOW = """(handOnly) => {
  const h = window.innerHeight, w = document.documentElement.clientWidth;
  const out = [];
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.bottom > h + 1 || r.left < -1 || r.right > w + 1)
      out.push(what + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
  };
  document.querySelectorAll("#hand-form .hand-slot .card").forEach((c, i) => check(c, "hand card " + (i + 1)));
  ["#play-button", "#discard-button"].forEach((s) => {
    const el = document.querySelector(s);
    if (!el) out.push(s + " missing"); else check(el, s);
  });
  if (handOnly) return out;
  // The table shows too, not under the hand (which docks at the window's foot).
  const hand = document.querySelector("#hand-form").getBoundingClientRect();
  ["svg.castle[data-castle=me]", "svg.castle[data-castle=opponent]", "#side-me .attributes",
   "#side-opponent .attributes", "#side-me .last-cards", "#side-opponent .last-cards",
   "#opponent-hand"].forEach((s) => {
    const el = document.querySelector(s);
    if (!el) { out.push(s + " missing"); return; }
    check(el, s);
    if (el.getBoundingClientRect().bottom > hand.top + 1) out.push(s + " under the hand");
  });
  document.querySelectorAll("#hand-form .play-this").forEach((b, i) => check(b, "Play button " + (i + 1)));
  return out;
}"""


def _set_hands(game, cards):
    """Both hands hold ``cards``; everyone has resources enough to play any of them."""
    state = engine.state_from_json(game.state)
    for seat in (0, 1):
        state.p[seat].hand = list(cards)
        state.p[seat].a[5:8] = [60, 60, 60]
    game.state = engine.state_to_json(state)
    game.save(update_fields=["state"])


def _a_round_played(game):
    """Each side has played a card (the last cards show on the table); back to a turn of
    the first mover. Discards: the same hand layout whatever the cards do."""
    first = game.current_seat
    for _ in range(2):
        mover = game.player_at(game.current_seat)
        game = gs.game_discard_card(game_id=game.pk, player=mover, version=game.version,
                                    position=1)
    assert game.current_seat == first
    return game


def _table(alice, bob, *, hidden=False, chat=True, cards=LONG_NAMES):
    """A game a round in, with long card names in both hands; returns it and who is on turn."""
    alice, bob = _players(alice, bob)
    game = _game(alice, bob, hidden=hidden)
    _set_hands(game, cards)
    game = _a_round_played(Game.objects.get(pk=game.pk))
    viewer = game.player_at(game.current_seat)
    settings = PlayerSettings.objects.get(player=viewer)
    settings.integrated_chat = chat
    settings.save()
    return game, viewer


@pytest.mark.parametrize("table", ["open", "hidden", "chat"])
def test_your_hand_fits_the_first_screen_of_a_laptop(page, asgi_url, alice, bob, table):
    game, viewer = _table(alice, bob, hidden=table == "hidden", chat=table == "chat")
    _log_in(page, asgi_url, viewer)
    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
        page.wait_for_selector("#board[data-my-turn='1']")
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate(OUTSIDE_THE_WINDOW, False) == [], f"{table} at {width}x{height}"
        assert page.locator("#hand-form .hand-slot .card").count() == 8
        assert page.locator("#side-me .last-card .card").count() == 1
        if table == "chat":  # the chat is the column beside the board
            chat, board = page.locator("#chat").bounding_box(), page.locator("#board").bounding_box()
            assert chat["x"] >= board["x"] + board["width"] and chat["y"] < height
        else:
            assert page.locator("#chat").count() == 0
        # The opponent's hand is one row of names; the switch shows the whole cards (when
        # there is a card face up to show) and the choice outlives a new board.
        opponent = page.locator("#opponent-hand .hand").bounding_box()
        assert opponent["height"] < 90, f"the opponent's hand is {opponent['height']} px high"
        switch = page.locator(".opponent-cards-switch")
        if table == "hidden":
            assert not switch.is_visible()
        else:
            switch.click()
            assert page.locator("#opponent-hand .card-text").first.is_visible()
            swaps = page.evaluate("window.__marcomageBoardSwaps || 0")
            page.evaluate("htmx.ajax('GET', document.querySelector('#game-live').dataset.boardUrl,"
                          " {source: '#game-live', target: '#board', swap: 'outerHTML'})")
            page.wait_for_function(f"() => (window.__marcomageBoardSwaps || 0) > {swaps}")
            assert page.locator("#opponent-hand .card-text").first.is_visible()
            page.evaluate("window.scrollTo(0, 0)")  # the hand docks under the whole cards
            assert page.evaluate(OUTSIDE_THE_WINDOW, True) == [], f"whole cards {width}x{height}"
            page.screenshot(path=str(_artefact(f"{table}-{width}x{height}-whole-cards")))
            switch.click()
            assert not page.locator("#opponent-hand .card-text").first.is_visible()
        assert page.evaluate(BROKEN_NAMES, "#board") == []
        page.screenshot(path=str(_artefact(f"{table}-{width}x{height}")))


def _artefact(name):
    from tests.browser.conftest import ARTEFACTS
    ARTEFACTS.mkdir(exist_ok=True)
    return ARTEFACTS / f"board-one-screen-{name}.png"


def _phone(browser, request, width, height):
    """A touch screen without a mouse: (hover: none) and (pointer: coarse)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(60_000)
    request.addfinalizer(context.close)
    page = context.new_page()
    request.addfinalizer(lambda: page.goto("about:blank"))
    return page


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_phone_your_hand_is_docked_at_the_bottom(browser, request, asgi_url, alice, bob,
                                                      size):
    width, height = size
    game, viewer = _table(alice, bob)
    page = _phone(browser, request, width, height)
    _log_in(page, asgi_url, viewer)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board[data-my-turn='1']")
    assert page.evaluate(LAYOUT_PROBLEMS) == []
    dock = page.locator("#hand-form")
    # Docked wherever the table is scrolled to, till the foot of the board comes up.
    docked_till = page.evaluate("document.querySelector('#board').getBoundingClientRect()"
                                ".bottom - window.innerHeight")
    assert docked_till > 150
    for scroll in (0, int(docked_till / 2), int(docked_till) - 40):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        page.wait_for_function(f"() => Math.abs(window.scrollY - {scroll}) < 2")
        box = dock.bounding_box()
        assert box["y"] + box["height"] <= height + 1 and box["y"] >= height / 2 - 1, (
            f"the hand at {box} scrolled to {scroll}")
        for target in ("#play-button", "#discard-button", "#hand-form .hand-slot .card >> nth=0",
                       "#hand-form .play-this >> nth=0"):
            t = page.locator(target).bounding_box()
            assert 0 <= t["y"] and t["y"] + t["height"] <= height + 1, f"{target} at {t}"
        page.screenshot(path=str(_artefact(f"phone-{width}x{height}-at-{scroll}")))
    # Eight cards in one row that scrolls sideways, inside the board; no key hints.
    hand = page.locator("#hand-form .hand")
    assert hand.evaluate("h => h.scrollWidth > h.clientWidth")
    assert page.evaluate("getComputedStyle(document.querySelector('#hand-form .hand')).overflowX") == "auto"
    assert not page.locator(".key-hint").is_visible()
    assert page.evaluate(BROKEN_NAMES, "#board") == []
    # The table under the dock is reachable: at the end of the board the hand is in place.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.locator("#game-note").is_visible()


def test_the_key_hints_are_for_a_keyboard_only(browser, request, page, asgi_url, alice, bob):
    game, viewer = _table(alice, bob)
    _log_in(page, asgi_url, viewer)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    assert page.locator(".key-hint").is_visible()
    tablet = _phone(browser, request, 1024, 1366)  # a wide touch screen: the hint's room
    _log_in(tablet, asgi_url, viewer)
    tablet.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    assert tablet.locator("#my-hand-h small").is_visible()
    assert tablet.locator(".key-hint").count() == 1 and not tablet.locator(".key-hint").is_visible()




@pytest.mark.parametrize("where", ["phone-table", "phone-end-of-board", "laptop"])
def test_playing_a_card_keeps_the_page_where_it_is(browser, request, asgi_url, alice, bob,
                                                   where):
    game, viewer = _table(alice, bob)
    if where == "laptop":
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        request.addfinalizer(page.context.close)
    else:
        page = _phone(browser, request, 375, 812)
    _log_in(page, asgi_url, viewer)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#live-status[data-state=live]")
    scroll = {"phone-table": "400", "laptop": "0",
              # the hand in its place at the foot of the board (the Play button the issue
              # measured at 2,589 px)
              "phone-end-of-board": "document.querySelector('#board').getBoundingClientRect()"
                                    ".bottom + window.scrollY - window.innerHeight + 40"}[where]
    page.evaluate(f"window.scrollTo(0, {scroll})")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0 or where == "laptop"
    # The player reaches the card's Play button (a click scrolls to it if need be: the
    # issue's jump was that scroll, to a button below the fold) and presses it.
    play = page.locator("#hand-form .play-this").first
    play.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before == scrolled, "the Play button was out of sight"
    version = _version(page)
    play.click()
    _wait_for_version_above(page, version)
    page.wait_for_load_state("networkidle")
    after = page.evaluate("window.scrollY")
    assert abs(after - before) <= 200, f"the page moved from {before} to {after}"


@pytest.mark.parametrize("width", [320, 360, 375, 414, 768, 1024, 1280, 1920])
def test_no_card_name_breaks_inside_a_word(page, asgi_url, alice, bob, width):
    game, viewer = _table(alice, bob)
    _log_in(page, asgi_url, viewer)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board")
    assert page.locator("#board .card-name").count() >= 17
    assert page.evaluate(BROKEN_NAMES, "#board") == [], f"the board at {width} px"
    page.evaluate("document.querySelector('#opponent-cards-toggle').click()")  # whole cards
    assert page.locator("#opponent-hand .card-text").first.is_visible()
    assert page.evaluate(BROKEN_NAMES, "#board") == [], f"whole cards at {width} px"
    assert page.evaluate(LAYOUT_PROBLEMS) == [], f"the board at {width} px"
    page.goto(asgi_url + reverse("decks:cards"))
    assert page.evaluate(BROKEN_NAMES, "main") == [], f"the cards at {width} px"


def test_the_preview_shows_beside_your_hand(page, asgi_url, alice, bob):
    """The preview of a move sits in your hand: in sight at once, with the card it is about
    and the Play button, on a laptop as on a phone-sized window."""
    game, viewer = _table(alice, bob, chat=False)
    _log_in(page, asgi_url, viewer)
    for width, height in ((1366, 768), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
        page.wait_for_selector("#live-status[data-state=live]")
        page.keyboard.press("2")
        page.click("#preview-button")
        page.wait_for_selector("#preview-h")
        for target in ("#preview-h", ".preview-table", "#play-button",
                       "#hand-form .hand-slot[data-slot='2'] .card"):
            box = page.locator(target).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= height + 1, (
                f"{target} at {box} in {width}x{height}")
        assert page.locator("#slot-2").is_checked()  # the card stays chosen
        assert "Preview: playing card 2" in page.locator("#preview-h").inner_text()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_after_the_game_the_hand_leaves_the_end_screen_uncovered(browser, request, asgi_url,
                                                                alice, bob, size):
    """The dock is for playing: once the game is over the hand stays in its place on the
    page, and the end screen (the result, the earnings, the way out) is not under it."""
    width, height = size
    game, viewer = _table(alice, bob)
    other = game.player_at(1 - game.current_seat)
    gs.game_surrender(game_id=game.pk, player=viewer)
    gs.game_surrender_answer(game_id=game.pk, player=other, accept=True)
    page = _phone(browser, request, width, height)
    _log_in(page, asgi_url, viewer)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board[data-running='0'] .end-screen")
    end = page.locator(".end-screen").bounding_box()
    dock = page.locator("#hand-form").bounding_box()
    assert dock["y"] >= end["y"] + end["height"], f"the hand at {dock}, the end screen at {end}"
    leave = page.get_by_role("button", name="Leave the game")
    leave.scroll_into_view_if_needed()
    # What a tap on the button's middle reaches is the button, not a card over it.
    assert leave.evaluate("b => { const r = b.getBoundingClientRect();"
                          " return b.contains(document.elementFromPoint(r.x + r.width / 2,"
                          " r.y + r.height / 2)); }")
    page.screenshot(path=str(_artefact(f"phone-{width}x{height}-game-over")))
