"""Fixtures of the concepts tests: players past the concepts level, a concept factory."""
import io

import pytest

from concepts import services
from concepts.models import Concept


@pytest.fixture(autouse=True)
def _personas_can_open_concepts(alice, bob, carol):
    for player in (alice, bob, carol):
        player.level = 10
        player.save(update_fields=["level"])


@pytest.fixture
def staff(db):
    """The concepts' "staff": a reviewer, here a member of the Moderators group."""
    from players.moderation.services import moderator_add
    from tests.factories import PlayerFactory

    player = PlayerFactory(user__username="dana", level=10)
    moderator_add(player)
    return player


def concept_data(**changes):
    data = {"name": "Stone Giant", "rarity": "Uncommon", "bricks": 12, "gems": 0,
            "recruits": 3, "keywords": ["Titan", "Charge"], "keyword_params": {"Charge": 3},
            "effect": "+8 wall, [b]+2[/b] quarry", "note": "A sturdy builder."}
    data.update(changes)
    return data


def form_data(**changes):
    """What the concept form posts."""
    data = {"name": "Stone Giant", "rarity": "Uncommon", "bricks": "12", "gems": "0",
            "recruits": "3", "keywords": ["Titan", "Charge"], "param_charge": "3",
            "param_enduring": "", "effect": "+8 wall, [b]+2[/b] quarry",
            "note": "A sturdy builder."}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def make_concept(author, **changes) -> Concept:
    concept, created = services.concept_create(author=author, data=concept_data(**changes))
    assert created
    return concept


def png_bytes(size=(300, 200), fmt="PNG", color=(200, 40, 40)):
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()
