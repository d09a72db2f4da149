"""Helpers of the card lab's tests: concepts with a built effect, and what the builder posts."""
import pytest

from concepts import services
from decks.catalogue import card_face

from .conftest import concept_data, form_data


def n(value):
    return {"kind": "n", "n": value}


ATTACK = {"kind": "attack", "amount": n(6)}
WALL = {"kind": "change", "side": "me", "attr": "wall", "direction": "up", "amount": n(3)}


def lab_concept(author, *effect, **changes):
    """A concept of ``author`` whose effect is built (``effect``: engine steps)."""
    data = concept_data(**{"name": "Ink golem", "rarity": "Common", "bricks": 0, "gems": 0,
                           "recruits": 3, "keywords": [], "keyword_params": {},
                           "effect": "", **changes})
    data["effect_tree"] = list(effect or (ATTACK, WALL))
    concept, created = services.concept_create(author=author, data=data)
    assert created
    return concept


def builder_fields(*steps, prefix="fx") -> dict:
    """The builder's form fields for ``steps`` (engine steps, flat kinds only here)."""
    out = {}
    for i, step in enumerate(steps):
        path = f"{prefix}-{i}"
        for key, value in step.items():
            if key == "amount":
                for k, v in value.items():
                    out[f"{path}-amount-{k}"] = str(v)
                out[f"{path}-amount-was"] = value["kind"]
            elif key == "cards":
                for j, cid in enumerate(value, 1):
                    out[f"{path}-card{j}"] = str(cid)
            else:
                out[f"{path}-{key}"] = str(value)
    return out


def lab_form(*steps, **changes) -> dict:
    """What the concept form posts with the builder holding ``steps``."""
    data = form_data(**{"name": "Ink golem", "rarity": "Common", "bricks": "0", "gems": "0",
                        "recruits": "3", "keywords": [], "param_charge": "",
                        "effect": "", **changes})
    data.update(builder_fields(*steps))
    return data


@pytest.fixture(autouse=True)
def _fresh_card_faces():
    """The site draws cards by id and keeps each face for the process; a test database
    hands the same lab ids out again, so the faces start over for each test."""
    card_face.cache_clear()
    yield
    card_face.cache_clear()
