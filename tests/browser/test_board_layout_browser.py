"""The game board in Chromium: its layout at six widths (no two hand cards overlap, no text
cut, nothing wider than the window), the deck builder and card list at the same widths,
keyboard play, the opponent's move and the end of the game read out in words, and motion
that follows the player's setting and the device's reduced-motion wish.

Screenshots: test-artefacts/test_board_lays_out_at_every_width-{board,builder,cards}-<width>.png
"""
import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from players.models import Player, PlayerSettings
from tests.browser import test_games_browser as live
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


def _players(alice, bob):
    """Both past the tutorial (every section open), saved so the user cache forgets them."""
    for player in (alice, bob):
        player.level = 10
        player.save(update_fields=["level"])
    return Player.objects.get(pk=alice.pk), Player.objects.get(pk=bob.pk)


def _game(alice, bob, **modes):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice), **modes)
    return gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, starter=1))


def _open(page, base, username, game):
    live._login(page, base, username)
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
    live._login(page, asgi_url, viewer.name)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
        page.wait_for_selector("#board")
        assert page.evaluate(LAYOUT_PROBLEMS) == [], f"the board at {width} px"
        slots = page.locator("#hand-form .hand-slot[data-slot]")
        assert [slots.nth(i).get_attribute("data-slot") for i in range(slots.count())] == [
            str(n) for n in range(1, 9)]
        assert page.locator("#opponent-hand .hand-slot[data-slot]").count() == 8
        for landmark in ("#side-me", "#side-opponent", "#opponent-hand", "#hand-form",
                         "#chat", "svg.castle[data-castle=me]",
                         "svg.castle[data-castle=opponent]"):
            assert page.locator(landmark).is_visible(), f"{landmark} at {width} px"
        # Every hand card sits inside the board, and the opponent's inside its panel.
        board = page.locator("#board").bounding_box()
        panel = page.locator("#opponent-hand").bounding_box()
        for i in range(8):
            box = page.locator("#opponent-hand .hand-slot").nth(i).bounding_box()
            assert panel["x"] - 1 <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
            mine = slots.nth(i).bounding_box()
            assert mine["x"] + mine["width"] <= board["x"] + board["width"] + 1
        # The Play buttons of one row of cards line up.
        rows = {}
        for i in range(8):
            button = slots.nth(i).locator(".play-this")
            if button.count():
                card_top = round(slots.nth(i).locator(".card").bounding_box()["y"])
                rows.setdefault(card_top, []).append(button.bounding_box()["y"])
        assert rows, "no Play buttons to compare"
        for tops in rows.values():
            assert max(tops) - min(tops) <= 1, f"Play buttons at {tops} at {width} px"
        screenshot(f"board-{width}")
        for name, url in (("builder", reverse("decks:builder", args=[deck.pk])),
                          ("cards", reverse("decks:cards"))):
            page.goto(asgi_url + url)
            assert page.evaluate(LAYOUT_PROBLEMS) == [], f"{name} at {width} px"
            screenshot(f"{name}-{width}")


def test_the_castles_are_drawn_to_scale(page, asgi_url, alice, bob):
    alice, bob = _players(alice, bob)
    game = _game(alice, bob)
    state = engine.state_from_json(game.state)
    seat = game.seat_of(alice)
    state.p[seat].a[0], state.p[1 - seat].a[0] = 80, 20  # towers (the victory height: 100)
    game.state = engine.state_to_json(state)
    game.save(update_fields=["state"])
    live._login(page, asgi_url, "alice")
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
    _open(page, asgi_url, mover.name, game)
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
    _open(page, asgi_url, watcher.name, game)
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
    _open(page, asgi_url, watcher.name, game)
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
    _open(page, asgi_url, "alice", game)
    page.wait_for_selector("#board[data-my-turn='1']")
    version = _version(page)
    page.keyboard.press("1")
    page.keyboard.press("d")
    _wait_for_version_above(page, version)
    page.wait_for_function(
        "() => /^MArcomage (played|discarded) /m.test("
        "document.querySelector('#game-announcer').innerText)")
