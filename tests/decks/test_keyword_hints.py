"""A keyword on a card (insignia or name) tells what it does: a title for the mouse, and
the same in words in the card's .kw-tips, read by screen readers with the card and shown
when the card's own focus stop has the keyboard focus. No keyword is a tab stop of its own
(a hand of eight cards would stop the keyboard twenty times)."""
import pathlib
import re

import pytest
from django.utils.html import escape

from games import engine

pytestmark = pytest.mark.django_db

# Knight: Soldier, Charge (3).
KNIGHT = engine.card(7)


def _keyword_markup(body):
    card = body[body.index(f'data-card-id="{KNIGHT.id}"'):]
    return card[card.index('class="card-keywords'):card.index('class="card-text"')]


@pytest.mark.parametrize("insignias", [True, False])
def test_a_keyword_shows_its_description_on_hover_and_focus(insignias, builder, client_of):
    builder.settings.keyword_insignias = insignias
    builder.settings.save()
    body = client_of(builder).get("/cards/?name=Knight").content.decode()
    markup = _keyword_markup(body)
    assert "tabindex" not in markup
    row, tips = markup.split('<span class="kw-tips">')
    assert row.startswith('class="card-keywords') and '<span class="kw-row" aria-hidden="true">' in row
    titles = re.findall(r'<span class="kw(?:-label)?" title="([^"]*)"', row)
    assert len(titles) == len(KNIGHT.keywords) == 2
    assert titles[1].startswith("Charge (3): ")
    assert escape(engine.keyword("Charge").text) in titles[1]
    # The insignias' pictures say nothing more: the words are in the tips.
    assert 'alt=""' in row if insignias else "kw-insignia" not in row
    labels = ["Soldier", "Charge (3)"]
    for label, name in zip(labels, KNIGHT.keywords):
        text = engine.keyword(name).text
        assert text
        assert f'<span class="kw-tip"><b>{label}</b>: {escape(text)}</span>' in tips


def test_the_tips_show_when_the_cards_own_stop_has_the_keyboard_focus():
    css = (pathlib.Path(__file__).parents[2] / "static/css/cards.css").read_text()
    rule = re.search(r":is\(([^{]*)\) \.kw-tips \{", css)
    assert rule, "no rule shows .kw-tips"
    shown_by = {s.strip() for s in rule.group(1).split(", ")}
    assert shown_by == {".card:has(:focus-visible)", ".slot-radio:focus-visible + .slot-label",
                        ".card-action:has(> button:focus-visible)"}
