"""Text a player reads is at least 12 px on a phone (issue 44: the cards list's texts and
keywords were 10.6 px, 1.5 % of its text legible by Lighthouse's rule): the cards list at
a phone's width, counted by characters as Lighthouse counts them."""
import pytest
from django.urls import reverse

from players.models import Player
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Characters of visible text by their font size: (characters at 12 px or more, all), and
# the smallest pieces of card text (name, text, keywords, modes) found.
TEXT_SIZES = """() => {
  let legible = 0, all = 0; const small = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    const el = node.parentElement;
    if (!text || !el || !el.getClientRects().length || el.closest('.visually-hidden, .kw-tips')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    all += text.length;
    if (size >= 12) legible += text.length;
    else if (el.closest('.card')) small.push(el.className + ' ' + size + ' "' + text.slice(0, 20) + '"');
  }
  return {legible, all, small: small.slice(0, 8)};
}"""


def test_the_cards_list_reads_at_12_px_on_a_phone(browser, request, live_server, alice):
    Player.objects.filter(pk=alice.pk).update(level=10)
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    request.addfinalizer(context.close)
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + reverse("decks:cards"))
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes["all"] > 2000
    assert sizes["small"] == []
    assert sizes["legible"] / sizes["all"] >= 0.95, sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 412
