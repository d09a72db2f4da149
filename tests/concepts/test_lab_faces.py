"""A concept drawn as the site draws its real cards (its picture from what its built effect
does), and the menu of the card a concept replaces (each line names its card and its deck,
each card once per deck)."""
import re

import pytest
from django.urls import reverse

from concepts.cards import concept_face
from concepts.lab.cards import deck_choices
from concepts.lab.forms import SelfPlayForm
from games import engine
from tests.games.conftest import make_deck

from .lab_helpers import ATTACK, WALL, _fresh_card_faces, lab_concept, n

_ = _fresh_card_faces
pytestmark = pytest.mark.django_db


def _motif(art: str) -> str:
    return re.search(r'data-motif="([a-z_]+)"', art).group(1)


def test_a_built_concepts_picture_is_drawn_from_its_effect(alice):
    attack = concept_face(lab_concept(alice, ATTACK))
    wall = concept_face(lab_concept(alice, {**WALL, "amount": n(12)}, name="Big wall",
                                    bricks=9, recruits=0))
    assert _motif(attack.art) == "attack" and _motif(wall.art) == "build"
    # a real card doing the same draws the same kind of picture (Knight: an attack)
    knight = next(c for c in engine.all_cards() if c.name == "Knight")
    assert _motif(concept_face(lab_concept(alice, ATTACK, name="Knightly")).art) == \
        _motif(engine_picture(knight))
    # two effects: the second as a badge; the cost colours the background
    both = concept_face(lab_concept(alice, ATTACK, WALL, name="Both"))
    assert 'class="badge"' in both.art and "badge" not in attack.art
    assert attack.art != both.art


def engine_picture(card) -> str:
    from decks.catalogue import emblem_svg
    return emblem_svg(card)


def test_a_concept_written_in_words_only_gets_an_emblem_of_its_cost(alice, client_of):
    from concepts.services import concept_create

    from .conftest import concept_data
    concept, _made = concept_create(author=alice, data=concept_data(
        name="Word card", rarity="Rare", bricks=7, effect="Something grand"))
    face = concept_face(concept)
    assert _motif(face.art) == "rune" and "hsl(" in face.art
    page = client_of(alice).get(reverse("concepts:detail", args=[concept.pk]))
    assert page.status_code == 200 and 'data-motif="rune"' in page.content.decode()
    built = lab_concept(alice, ATTACK)
    page = client_of(alice).get(reverse("concepts:detail", args=[built.pk])).content.decode()
    assert 'data-motif="attack"' in page


def test_the_card_it_replaces_names_its_deck_and_each_card_once(alice):
    deck = make_deck(alice, name="Main")
    groups = deck_choices(alice, "Common", starters=True)
    labels = dict(groups)
    mine = labels["Your deck “Main”"]
    assert len(mine) == len(set(deck.common) - {0})
    assert all(label.endswith("— your deck “Main”") for _value, label in mine)
    names = [label.split(" — ")[0] for _value, label in mine]
    assert names == sorted(names) and len(names) == len(set(names))
    for index, name in enumerate(engine.STARTER_DECK_NAMES):
        starter = labels[f"Starter deck “{name}”"]
        assert all(label.endswith(f"— starter deck “{name}”") for _value, label in starter)
        values = [value for value, _label in starter]
        assert len(values) == len(set(values))
        assert all(value.startswith(f"starter:{index}:") for value in values)
    form = SelfPlayForm(player=alice, concept=lab_concept(alice))
    html = str(form["replace"])
    assert "<optgroup label=\"Your deck “Main”\">" in html and "— your deck “Main”</option>" in html
