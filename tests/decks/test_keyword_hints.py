"""A keyword on a card (insignia or name) tells what it does on hover and on keyboard
focus: a title for the mouse, a focusable element whose tooltip text shows on
:focus-visible and is read with the keyword."""
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
    for name in KNIGHT.keywords:
        text = engine.keyword(name).text
        assert text
        focusable = re.search(r'<span class="kw(?:-label)?" tabindex="0" title="([^"]*)"', markup)
        assert focusable, markup
        assert f'{escape(name)}' in markup
        assert f'<span class="kw-tip" role="tooltip">{escape(text)}</span>' in markup
    titles = re.findall(r'tabindex="0" title="([^"]*)"', markup)
    assert len(titles) == len(KNIGHT.keywords)
    assert titles[1].startswith("Charge (3): ")
    assert escape(engine.keyword("Charge").text) in titles[1]


def test_the_tooltip_shows_on_keyboard_focus():
    css = (pathlib.Path(__file__).parents[2] / "static/css/cards.css").read_text()
    assert ".kw:focus-visible .kw-tip" in css and ".kw-label:focus-visible .kw-tip" in css
