"""The engine card of a concept: one LabCard row (its engine id) per definition, and the
choices of which card of a deck it replaces."""
import hashlib
import json

from django.db import IntegrityError, transaction

from decks.models import Deck
from games import engine

from .effects import concept_definition
from .models import LabCard

SECTION_OF_RARITY = {"Common": "common", "Uncommon": "uncommon", "Rare": "rare"}


class LabError(Exception):
    """Something the card lab cannot do; the text says why (shown to the player)."""


def playable_definition(concept) -> dict:
    """The canonical definition of a concept the lab can play; LabError otherwise."""
    definition = concept_definition(concept)
    if definition is None:
        raise LabError("This concept has no effect built in the effect builder yet, so it "
                       "cannot be played: its author can build one by editing it.")
    if "Forbidden" in (concept.keywords or ()):
        raise LabError("A Forbidden card can never be put into a deck, so it cannot be "
                       "tried in a game.")
    try:
        return engine.custom_card_check(definition)
    except engine.EngineError as error:
        raise LabError(f"The concept's effect cannot be played: {error.message}") from None


def lab_card_for(concept) -> LabCard:
    """The LabCard of the concept's definition as it is now (created the first time)."""
    definition = playable_definition(concept)
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).hexdigest()
    card = LabCard.objects.filter(digest=digest).first()
    if card is None:
        try:
            with transaction.atomic():
                card = LabCard.objects.create(concept=concept, digest=digest,
                                              definition=definition)
        except IntegrityError:  # made by a request at the same moment
            card = LabCard.objects.get(digest=digest)
    card.card_def()  # compiled: a definition the engine cannot build fails here, not in a game
    return card


def proposed_card(card_id):
    """The engine's CardDef of the lab card with engine id ``card_id``, None if there is none
    (the site's lookup of a proposed card by id: decks.catalogue draws its face)."""
    if not engine.is_custom_card(card_id) or card_id - engine.FIRST_CUSTOM_ID >= 1 << 63:
        return None  # (no row's key: a bigint)
    definition = (LabCard.objects.filter(pk=card_id - engine.FIRST_CUSTOM_ID)
                  .values_list("definition", flat=True).first())
    if definition is None:
        return None
    try:
        return engine.custom_card(card_id, definition)
    except engine.EngineError:
        return None


# ------------------------------------------------------------------ decks and choices
def deck_payload(deck: Deck) -> dict:
    return {"common": list(deck.common), "uncommon": list(deck.uncommon),
            "rare": list(deck.rare), "tokens": list(deck.tokens)}


def starter_payload(index: int) -> dict:
    deck = engine.STARTER_DECKS[index]
    return {"common": list(deck.common), "uncommon": list(deck.uncommon),
            "rare": list(deck.rare), "tokens": list(deck.tokens)}


def replaceable(payload: dict, rarity: str) -> list:
    """The cards of a deck the concept may replace: those of its own rarity's section
    (a deck keeps 15 cards of each rarity), each once, in the deck's order."""
    section = payload.get(SECTION_OF_RARITY.get(rarity, "common")) or []
    return list(dict.fromkeys(cid for cid in section if cid))


def with_card(payload: dict, replaced: int, card_id: int, rarity: str) -> dict:
    """A copy of the deck with ``card_id`` in the place of ``replaced`` (or, when the deck
    does not hold it, of the first card of the concept's section)."""
    out = {key: list(payload[key]) for key in ("common", "uncommon", "rare")}
    out["tokens"] = list(payload.get("tokens") or ["none"] * 3)
    section = out[SECTION_OF_RARITY[rarity]]
    index = section.index(replaced) if replaced in section else 0
    section[index] = card_id
    return out


def _card_options(kind: str, key, deck_words: str, payload: dict, rarity: str) -> list:
    """A deck's cards of the concept's rarity, each once, by name, each naming its deck
    (a closed menu shows the chosen line alone, and the same card is in several decks)."""
    cards = sorted(replaceable(payload, rarity), key=lambda cid: engine.card(cid).name)
    return [(f"{kind}:{key}:{cid}", f"{engine.card(cid).name} — {deck_words}")
            for cid in cards]


def deck_choices(player, rarity: str, *, starters=False) -> list:
    """[(group label, [(value, label)])]: the cards the concept may replace, deck by deck:
    the player's ready decks ("deck:<id>:<card>") and, with ``starters``, the starter decks
    ("starter:<index>:<card>"). Every line names its card and its deck."""
    groups = []
    decks = Deck.objects.filter(player=player, is_ready=True).order_by("name", "pk")
    for deck in decks:
        words = f"your deck “{deck.name}”"
        options = _card_options("deck", deck.pk, words, deck_payload(deck), rarity)
        if options:
            groups.append((words[0].upper() + words[1:], options))
    if starters:
        for index, name in enumerate(engine.STARTER_DECK_NAMES):
            words = f"starter deck “{name}”"
            groups.append((words[0].upper() + words[1:],
                           _card_options("starter", index, words, starter_payload(index),
                                         rarity)))
    return groups


def parse_choice(player, value: str, rarity: str):
    """(Deck or None, deck payload, deck name, replaced card id) of a choice of
    ``deck_choices``; LabError when it is not one."""
    kind, _, rest = (value or "").partition(":")
    key, _, card = rest.partition(":")
    if not (key.isdigit() and card.isdigit()):
        raise LabError("Choose the card of your deck that the concept replaces.")
    key, card = int(key), int(card)
    if kind == "deck":
        deck = Deck.objects.filter(pk=key, player=player, is_ready=True).first()
        if deck is None:
            raise LabError("Choose one of your own complete decks.")
        payload, name = deck_payload(deck), deck.name
    elif kind == "starter" and 0 <= key < len(engine.STARTER_DECKS):
        deck, payload, name = None, starter_payload(key), engine.STARTER_DECK_NAMES[key]
    else:
        raise LabError("Choose the card of your deck that the concept replaces.")
    if card not in replaceable(payload, rarity):
        raise LabError(f"The concept is {rarity.lower()}: it replaces a {rarity.lower()} card "
                       "of the deck.")
    return deck, payload, name, card
