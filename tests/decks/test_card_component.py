"""The site-wide card component: one template, every look the game and builder need."""
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from decks.catalogue import card_face, face_of
from games import engine

PLAYABLE = next(c for c in engine.all_cards() if c.implemented and c.keywords and c.bricks)


def render(**params):
    return render_to_string("partials/card.html", params)


def test_card_shows_name_cost_rarity_keywords_and_text():
    html = render(card=PLAYABLE.id)
    assert PLAYABLE.name in html
    assert f"card--{PLAYABLE.rarity.lower()}" in html
    assert f'cost--bricks" title="{PLAYABLE.bricks} bricks"' in html
    assert 'class="kw-insignia"' in html
    assert f'data-card-id="{PLAYABLE.id}"' in html
    assert "card-art-svg" in html


def test_card_accepts_carddef_dict_and_face():
    for value in (PLAYABLE, PLAYABLE.to_dict(), card_face(PLAYABLE.id)):
        assert f'data-card-id="{PLAYABLE.id}"' in render(card=value)


def test_zero_is_the_empty_card_and_none_is_face_down():
    assert "card--empty" in render(card=0)
    hidden = render(card=None)
    assert "card--hidden" in hidden and "data-card-id" not in hidden
    assert "card--hidden" in render(card=PLAYABLE.id, hidden=True)
    assert PLAYABLE.name not in render(card=PLAYABLE.id, hidden=True)


def test_states_and_flags():
    html = render(card=PLAYABLE.id, selected=True, dimmed=True, foil=True, new=True,
                  revealed=True, locked=True)
    for css in ("is-selected", "is-dimmed", "card--foil", "card-flag--new",
                "card-flag--revealed", "is-locked", f"Level {PLAYABLE.level}"):
        assert css in html


def test_settings_switch_images_and_insignias_off():
    html = render(card=PLAYABLE.id, images=False, insignias=False)
    assert "card-art-svg" not in html
    assert "kw-insignia" not in html
    assert f'<b class="kw-name">{PLAYABLE.keywords[0]}' in html


def test_viewer_settings_are_the_default():
    viewer = SimpleNamespace(settings=SimpleNamespace(show_card_images=False, keyword_insignias=False))
    html = render(card=PLAYABLE.id, viewer=viewer)
    assert "card-art-svg" not in html and "kw-insignia" not in html


def test_unimplemented_card_says_it_cannot_be_played_yet(unplayable_card):
    html = render(card=unplayable_card.id)
    assert "Not playable on this site yet" in html and "is-unplayable" in html


@pytest.mark.django_db  # (an id of a proposed card is looked up in the card lab)
def test_unknown_ids_draw_the_empty_card_not_an_error():
    assert face_of(999999).is_empty
    assert face_of("nonsense").is_empty


def test_every_keyword_has_an_insignia_file():
    from django.contrib.staticfiles import finders

    from decks.catalogue import keyword_slug

    for kw in engine.all_keywords():
        assert finders.find(f"img/keywords/{keyword_slug(kw.name)}.svg"), kw.name


def test_emblems_differ_between_cards():
    assert card_face(1).art != card_face(2).art
