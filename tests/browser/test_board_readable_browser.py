"""Everything a player reads on the board, whole and in sight (issue 44): at 1280x800 and
1366x768 both sides' numbers and labels, the names, the last cards played, the discards
and the opponent's hand (its names) show without scrolling, none of it cut, ellipsised or
under the docked hand, in the busiest states a game reaches: both sides with three last
cards (one played in a mode, one discarded) and cards discarded from both hands, in the
open and the hidden-cards mode, with the chat column beside the board, and a newcomer's
game against the computer with the tutorial's suggestion; on a phone all of it is reached
by scrolling down, nothing wider than the screen. "Show cards" brings the opponent's whole
cards into sight above the dock.

Screenshots: test-artefacts/board-readable-<state>-<width>x<height>.png
"""
import pytest
from django.urls import reverse

from games import engine
from games import services as gs
from games.models import Game
from players.accounts.services import player_register
from players.models import Player, PlayerSettings
from tests.browser.conftest import ARTEFACTS, log_in
from tests.conftest import PASSWORD
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOPS = ((1280, 800), (1366, 768))
PHONE = (375, 812)
# Names of the longest allowed length (20).
NAMES = ("a_newcomer_named_bob", "their_longest_rival1")
# The hands: the cards with the longest names, most of them with long texts.
HAND = (379, 434, 573, 295, 330, 429, 380, 435)
# Each side's last turn: a card that plays again, a card played in its second mode, then
# a discard; and this round's discards from both hands (a hand replaced, a theft).
LAST_TURN = [(27, 0, "play"), (434, 2, "play"), (58, 0, "discard")]
DISCARDED = [[573, 295, 330], [429, 380, 154]]

# What a player reads, as the page lays it out now: each element's problems (outside the
# window, above it under the top bar, under the docked hand, wider than its box, ended in
# an ellipsis, cut by a box that hides its overflow). ``docked``: the hand is docked at the
# window's foot (what lies under it is hidden); ``scrolled``: the page may be scrolled to
# each element (a phone), else it must show as the page is.
UNREADABLE = """({selectors, boxes, docked, scrolled}) => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const bar = () => document.querySelector('.site-header').getBoundingClientRect().bottom;
  const dockTop = () => docked ? document.querySelector('#hand-form').getBoundingClientRect().top
                                : window.innerHeight;
  const label = (el) => (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  const cutBy = (el) => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = a.getBoundingClientRect();
      if (r.left < q.left - 1 || r.right > q.right + 1 || r.top < q.top - 1 || r.bottom > q.bottom + 1)
        return a.tagName + '.' + a.className;
    }
    return null;
  };
  const seen = [];
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) { problems.push('missing: ' + selector); continue; }
    for (const el of found) {
      seen.push(el);
      if (scrolled) { el.scrollIntoView({block: 'start'}); window.scrollBy(0, -bar() - 4); }
      const r = el.getBoundingClientRect();
      const what = selector + ' "' + label(el) + '"';
      if (r.width < 1 || r.height < 1) { problems.push('not drawn: ' + what); continue; }
      if (r.left < -1 || r.right > vw + 1) problems.push('outside the window: ' + what);
      if (r.top < bar() - 1) problems.push('under the top bar: ' + what + ' at ' + Math.round(r.top));
      if (r.bottom > dockTop() + 1)
        problems.push('under the hand: ' + what + ' to ' + Math.round(r.bottom) + ', the hand from ' + Math.round(dockTop()));
      const cut = cutBy(el);
      if (cut) problems.push('cut by ' + cut + ': ' + what);
    }
  }
  // Text wider than its own box runs over its neighbours (a label into the next number).
  for (const selector of boxes) {
    document.querySelectorAll(selector).forEach((el) => {
      if (getComputedStyle(el).display === 'inline' || !el.getClientRects().length) return;
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push('wider than its box: ' + selector + ' "' + label(el) + '" ' + el.scrollWidth + ' > ' + el.clientWidth);
    });
  }
  // Nothing on the table ends in an ellipsis or is cut short by a box of its own.
  document.querySelectorAll('#board *').forEach((el) => {
    if (el.closest('#hand-form, .visually-hidden, .kw-tips') || !el.textContent.trim()) return;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.display === 'inline' || el.clientWidth <= 1) return;
    if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
      problems.push('ellipsised: ' + el.className + ' "' + label(el) + '"');
    const hides = (v) => v === 'hidden' || v === 'clip';
    if ((hides(s.overflowX) && el.scrollWidth > el.clientWidth + 1)
        || (hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1))
      problems.push('cut short: ' + el.className + ' "' + label(el) + '"');
  });
  if (document.documentElement.scrollWidth > vw + 1)
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
  return problems.slice(0, 12);
}"""

# Both sides: the name, the nine numbers with their labels, the tokens, the last cards, the
# discards; the opponent's hand: its title and each card (names, or face down).
READ = ["#board .board-status", ".side-name", ".attr dt", ".attr dd", ".last-cards h3",
        ".last-card", ".discards", "#opponent-hand .hand-title", "#opponent-hand .hand-slot"]
# ... and the boxes whose text must not run out of them (a card's corner mark may).
BOXES = [".side-name", ".attr", ".attr dt", ".attr dd", ".last-card .card-text", ".discards",
         ".tokens", "#opponent-hand .hand-title", "#opponent-hand .card-name",
         "#opponent-hand .card-cost"]


def _players(level=10):
    first, second = (player_register(username=name, password=PASSWORD) for name in NAMES)
    Player.objects.filter(pk__in=[first.pk, second.pk]).update(level=level)
    return Player.objects.get(pk=first.pk), Player.objects.get(pk=second.pk)


def _busiest(game, *, hidden=False):
    """Both sides as busy as a round leaves them: big numbers and their changes, three last
    cards, cards discarded from both hands; in hidden mode two of each hand revealed."""
    state = engine.state_from_json(game.state)
    for seat in (0, 1):
        side = state.p[seat]
        side.hand = list(HAND)
        side.a = [148, 147, 99, 99, 99, 333, 333, 333]
        side.changes = [-12, 14, 1, -1, 2, -10, 15, -3]
        side.hist = list(LAST_TURN)
        side.disc = [list(DISCARDED[0]), list(DISCARDED[1])]
        if hidden:
            side.rev = [True, False, False, True, False, False, False, False]
    game.state = engine.state_to_json(state)
    game.save(update_fields=["state"])
    return game


def _table(state):
    """A game in its busiest state, and who looks at it (the player on turn)."""
    if state == "tutorial":  # a newcomer against the computer, with the suggestion
        newcomer, _ = _players(level=0)
        game = gs.ai_game_start(player=newcomer, deck=make_deck(newcomer))
        return _busiest(Game.objects.get(pk=game.pk)), newcomer
    first, second = _players()
    game = gs.challenge_create(challenger=first, opponent=second, deck=make_deck(first),
                               hidden=state == "hidden")
    game = gs.challenge_accept(game_id=game.pk, player=second, deck=make_deck(second, starter=1))
    game = _busiest(game, hidden=state == "hidden")
    viewer = game.player_at(game.current_seat)
    settings = PlayerSettings.objects.get(player=viewer)
    settings.integrated_chat = state == "chat"
    settings.save()
    return game, viewer


# True once the board and the docked hand have kept their place for five frames running
# (polled each frame): what is measured is the page at rest, not a board being swapped in.
SETTLED = """() => {
  const board = document.querySelector('#board'), hand = document.querySelector('#hand-form');
  if (!board || !hand) return false;
  const r = hand.getBoundingClientRect();
  const key = [board.getAttribute('data-version'), r.top, r.height, innerWidth, innerHeight].join();
  window.testSettled = key === (window.testSettled || {}).key
    ? {key: key, frames: window.testSettled.frames + 1} : {key: key, frames: 0};
  return window.testSettled.frames >= 5;
}"""
# What the failure message adds about the page measured.
LAYOUT = """() => ({window: [innerWidth, innerHeight], page: document.documentElement.scrollHeight,
  hand: Math.round(document.querySelector('#hand-form').getBoundingClientRect().height),
  cards: [...document.querySelectorAll('#hand-form .hand-slot')].map(
    (slot) => Math.round(slot.getBoundingClientRect().height)),
  version: document.querySelector('#board').getAttribute('data-version')})"""


def _shot(page, name):
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"board-readable-{name}.png"))


@pytest.mark.parametrize("state", ["open", "hidden", "chat", "tutorial"])
def test_a_laptop_shows_the_whole_table_without_scrolling(page, asgi_url, state):
    game, viewer = _table(state)
    log_in(page, asgi_url, viewer.name)
    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
        page.wait_for_selector("#board[data-my-turn='1']")
        if state == "tutorial":
            page.wait_for_selector("#play-suggestion")
        assert page.evaluate("window.scrollY") == 0
        assert page.locator("#side-me .last-card").count() == 3
        assert page.locator("#side-opponent .discards .card").count() == 6
        assert page.locator("#chat").count() == (1 if state == "chat" else 0)
        page.wait_for_function(SETTLED, polling="raf")
        problems = page.evaluate(UNREADABLE, {"selectors": READ, "boxes": BOXES,
                                              "docked": True, "scrolled": False})
        _shot(page, f"{state}-{width}x{height}")
        assert problems == [], f"{state} at {width}x{height}: {problems} {page.evaluate(LAYOUT)}"
        # Every word of the names in full: the players' and the cards'.
        for name in (viewer.name, game.player1_name if viewer.pk == game.player2_id
                     else game.player2_name):
            assert name in page.locator(".sides").inner_text()
        # The hand and its buttons are in the window, over the table, not on it.
        for target in ("#play-button", "#discard-button", "#hand-form .hand-slot .card >> nth=7"):
            box = page.locator(target).bounding_box()
            assert box["y"] + box["height"] <= height + 1, f"{target} at {box}"
        # "Show cards": the opponent's whole cards come into sight, above the dock.
        switch = page.locator(".opponent-cards-switch")
        if state == "hidden" or state == "tutorial" and not switch.is_visible():
            continue
        switch.click()
        text = page.locator("#opponent-hand .card-text").first
        page.wait_for_function("""() => {
            const t = document.querySelector('#opponent-hand .card-text');
            const dock = document.querySelector('#hand-form').getBoundingClientRect().top;
            const r = t.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= dock + 1; }""")
        assert text.is_visible()
        _shot(page, f"{state}-{width}x{height}-whole-cards")
        switch.click()
        page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("state", ["open", "hidden"])
def test_a_phone_reaches_the_whole_table_by_scrolling_down(browser, request, asgi_url, state):
    game, viewer = _table(state)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  is_mobile=True, has_touch=True)
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, asgi_url, viewer.name)
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#board[data-my-turn='1']")
    _shot(page, f"{state}-{PHONE[0]}x{PHONE[1]}")
    # The opponent's names are one row that scrolls sideways: each is reached there.
    selectors = [s for s in READ if s != "#opponent-hand .hand-slot"]
    problems = page.evaluate(UNREADABLE, {"selectors": selectors, "boxes": BOXES,
                                          "docked": True, "scrolled": True})
    assert problems == [], f"{state} on a phone: {problems}"
    row = page.locator("#opponent-hand .hand")
    last = page.locator("#opponent-hand .hand-slot").last
    last.scroll_into_view_if_needed()
    box, frame = last.bounding_box(), row.bounding_box()
    assert frame["x"] - 1 <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
    # The text a player reads is at least 12 px (the names and the cards' texts too).
    small = page.evaluate("""() => {
      const out = [];
      document.querySelectorAll('#board .side *, #hand-form .card-text, #hand-form .card-name').forEach((el) => {
        if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) return;
        if (el.closest('.visually-hidden, .kw-tips, svg') || !el.getClientRects().length) return;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 11.95) out.push(el.className + ' ' + size + ' "' + el.textContent.trim().slice(0, 30) + '"');
      });
      return out.slice(0, 10);
    }""")
    assert small == [], small


def test_after_the_game_the_next_steps_and_no_live_line(page, asgi_url):
    """The game ends while its page is open: the live line ("your opponent's moves appear
    here") goes, the end screen offers the next steps, and a newcomer reaches his own
    game's replay (the Replays section opens at level 3) and plays the computer again."""
    newcomer, _ = _players(level=0)
    game = gs.ai_game_start(player=newcomer, deck=make_deck(newcomer), level="easy")
    log_in(page, asgi_url, newcomer.name)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_selector("#live-status[data-state=live]")
    assert page.locator("#live-status").is_visible()
    gs.game_surrender(game_id=game.pk, player=newcomer)
    page.wait_for_selector("#board[data-running='0'] .end-screen")
    assert not page.locator("#live-status").is_visible()
    for name in ("Play the computer again", "Analyse this game", "Watch the replay",
                 "Back to your games"):
        target = page.get_by_role("button", name=name).or_(page.get_by_role("link", name=name))
        assert target.is_visible(), name
    _shot(page, "game-over-1280x800")
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url(f"**/replays/{game.pk}/")
    assert page.locator("h1").inner_text().startswith("Replay:")
    assert page.get_by_role("button", name="Analyse this game").is_visible()
    page.go_back()
    page.get_by_role("button", name="Play the computer again").click()
    page.wait_for_url(lambda url: url.rstrip("/").split("/")[-1].isdigit()
                      and f"/games/{game.pk}/" not in url)
    again = Game.objects.exclude(pk=game.pk).get()
    assert (again.player1_id, again.ai_level, again.status) == (
        newcomer.pk, "easy", Game.Status.IN_PROGRESS)
