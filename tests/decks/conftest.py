import pytest

from decks import catalogue
from decks.templatetags import cards as card_tags
from games import engine


@pytest.fixture
def builder(alice):
    """alice past the tutorial: every section and every card level is open to her."""
    alice.level = 10
    alice.save(update_fields=["level"])
    return alice


def playable(rarity, *, level_max=10, count=None):
    """Ids of cards of ``rarity`` a deck may hold (implemented, not Forbidden, level-bound)."""
    ids = [c.id for c in engine.cards_filter(rarity=rarity, level_max=level_max)
           if c.implemented]
    return ids if count is None else ids[:count]


def full_sections(level_max=10):
    sections = {s: playable(r, level_max=level_max, count=15)
                for s, r in (("common", "Common"), ("uncommon", "Uncommon"), ("rare", "Rare"))}
    assert all(len(v) == 15 for v in sections.values()), "15 deckable cards of every rarity"
    return sections


@pytest.fixture
def unplayable_card(monkeypatch):
    """An ordinary level-0 common the engine is made to say it cannot play, for this test only.

    Every card of the engine is implemented and the catalogue never changes, so the refusal
    of unplayable cards is tested by having ``engine.card`` (what decks/ reads) answer, for
    this one id, a copy of the card with ``implemented`` cleared. The cached card faces are
    dropped so they see the copy, and dropped again afterwards; drawn card bodies are cached
    apart meanwhile.
    """
    real_card = engine.card
    card = real_card(playable("Common", level_max=0)[0]).copy(implemented=False).seal()
    catalogue.card_face.cache_clear()
    monkeypatch.setattr(engine, "card", lambda cid: card if cid == card.id else real_card(cid))
    monkeypatch.setattr(card_tags, "_BODY_CACHE", {})
    yield card
    monkeypatch.undo()
    catalogue.card_face.cache_clear()
