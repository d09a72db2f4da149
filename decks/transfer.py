"""The deck file format (export and import), version 1.

A deck file is UTF-8 JSON:

    {"format": "marcomage-deck", "version": 1,
     "name": "My deck",
     "cards": {"common": [15 ids], "uncommon": [15 ids], "rare": [15 ids]},
     "tokens": ["Alliance", "none", "none"],
     "note": "free text"}

0 marks an empty slot; a section may list fewer than 15 ids (the rest are empty).
``parse_deck_file`` checks everything and collects every problem it finds, so the player
can fix a file in one go; it never touches the database. The help page
(decks/templates/decks/help.html) documents the same format for players.
"""
import json
from dataclasses import dataclass

from django.utils.text import slugify

from games import engine

from . import catalogue
from .models import DECK_SECTION_SIZE

FORMAT_NAME = "marcomage-deck"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 64 * 1024
MAX_PROBLEMS = 30


@dataclass
class ParsedDeck:
    name: str
    common: list
    uncommon: list
    rare: list
    tokens: list
    note: str


def export_deck(deck) -> dict:
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": deck.name,
        "cards": {"common": list(deck.common), "uncommon": list(deck.uncommon),
                  "rare": list(deck.rare)},
        "tokens": list(deck.tokens),
        "note": deck.note,
    }


def export_bytes(deck) -> bytes:
    return (json.dumps(export_deck(deck), ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def export_filename(deck) -> str:
    return f"{slugify(deck.name) or 'deck'}.marcomage-deck.json"


class DeckFileError(Exception):
    def __init__(self, problems):
        super().__init__("; ".join(problems))
        self.problems = problems[:MAX_PROBLEMS]


def _reject_constant(name):
    raise ValueError(f"{name} is not allowed")


def decode_json(raw: bytes):
    """bytes -> JSON value, or DeckFileError with one clear reason."""
    if len(raw) > MAX_FILE_BYTES:
        raise DeckFileError([f"The file is too big: a deck file is at most {MAX_FILE_BYTES // 1024} KB."])
    if not raw.strip():
        raise DeckFileError(["The file is empty."])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckFileError(["The file is not UTF-8 text, so it is not a deck file."]) from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise DeckFileError(["The file is nested too deeply to be a deck file."]) from None
    except ValueError:
        # JSONDecodeError, over-long integers and NaN/Infinity all land here.
        raise DeckFileError(["The file is not valid JSON, so it is not a deck file."]) from None


def _brief(value) -> str:
    """A short, safe description of a JSON value for an error message."""
    if isinstance(value, str):
        return repr(value[:30])
    if _is_int(value) or isinstance(value, float | bool) or value is None:
        return json.dumps(value)[:20]
    return "a list" if isinstance(value, list) else "an object"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def section_problems(section, ids, *, player_level, where,
                     home=lambda section: f"the {section} section") -> list[str]:
    """What keeps the card ids of one deck section (ints, 0 = empty) out of this player's deck.

    Every id must name a card of the section's rarity, once, that the player may put into
    a deck (catalogue.refusal: not Forbidden, playable here, within the level). ``where(n)``
    names the n-th entry in a message and ``home(section)`` a section, so each file format
    (and the shared-deck import) points at its own lines.
    """
    problems = []
    rarity = catalogue.RARITY_OF_SECTION[section]
    seen = set()
    for position, cid in enumerate(ids, start=1):
        if cid == 0:
            continue
        try:
            if cid < 0:
                raise engine.EngineError("unknown_card", "")
            card = engine.card(cid)
        except engine.EngineError:
            problems.append(f"{where(position)}: there is no card with id {_brief(cid)}.")
            continue
        if card.rarity != rarity:
            problems.append(f"{where(position)}: {card.name} is a {card.rarity.lower()} card "
                            f"and belongs in {home(catalogue.SECTION_OF_RARITY[card.rarity])}.")
            continue
        if cid in seen:
            problems.append(f"{where(position)}: {card.name} is listed twice in "
                            f"{home(section)}.")
            continue
        seen.add(cid)
        why = catalogue.refusal(card, player_level=player_level)
        if why:
            problems.append(f"{where(position)}: {card.name} {why}.")
    return problems


def parse_deck_file(raw: bytes, *, player_level: int) -> ParsedDeck:
    data = decode_json(raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise DeckFileError([
            "This is not a MArcomage deck file (it must be a JSON object with "
            f"\"format\": \"{FORMAT_NAME}\")."])
    version = data.get("version")
    if not _is_int(version) or version != FORMAT_VERSION:
        raise DeckFileError([
            f"This deck file has version {_brief(version)}; this site reads version "
            f"{FORMAT_VERSION}."])

    problems = []
    name = data.get("name")
    if not isinstance(name, str):
        problems.append("The deck name is missing or is not text.")
        name = ""
    note = data.get("note", "")
    if not isinstance(note, str):
        problems.append("The note must be text.")
        note = ""
    elif len(note) > 2000:
        problems.append("The note is longer than 2000 characters.")
    elif "\x00" in note:
        problems.append("The note contains a NUL character.")

    sections = {}
    cards = data.get("cards")
    if not isinstance(cards, dict):
        problems.append("\"cards\" must be an object with the lists \"common\", \"uncommon\" and \"rare\".")
        cards = {}
    else:
        extra = sorted(set(cards) - set(catalogue.SECTIONS))
        if extra:
            problems.append("Unknown card sections: " + ", ".join(_brief(k) for k in extra[:5]) + ".")
    for section in catalogue.SECTIONS:
        ids = cards.get(section, None) if cards else None
        if not isinstance(ids, list):
            if cards:
                problems.append(f"The {section} section is missing or is not a list of card ids.")
            sections[section] = [0] * DECK_SECTION_SIZE
            continue
        if len(ids) > DECK_SECTION_SIZE:
            problems.append(f"The {section} section has {len(ids)} entries; at most "
                            f"{DECK_SECTION_SIZE} are allowed.")
            ids = ids[:DECK_SECTION_SIZE]
        for position, cid in enumerate(ids, start=1):
            if not _is_int(cid):
                problems.append(f"{section} #{position}: {_brief(cid)} is not a card id.")
        padded = [c if _is_int(c) else 0 for c in ids] + [0] * (DECK_SECTION_SIZE - len(ids))
        problems += section_problems(
            section, padded, player_level=player_level,
            where=lambda position, section=section: f"{section} #{position}")
        sections[section] = padded

    tokens = data.get("tokens", ["none"] * 3)
    clean = []
    if not isinstance(tokens, list) or len(tokens) > 3:
        problems.append("\"tokens\" must be a list of at most 3 token keywords (or \"none\").")
    else:
        allowed = set(catalogue.token_keyword_names())
        for token in tokens:
            if not isinstance(token, str) or (token != "none" and token not in allowed):
                problems.append(f"Token counter {_brief(token)} is not a token keyword.")
            elif token != "none" and token not in clean:
                clean.append(token)
    tokens = clean + ["none"] * (3 - len(clean))

    if problems:
        raise DeckFileError(problems)
    return ParsedDeck(name=name, common=sections["common"], uncommon=sections["uncommon"],
                      rare=sections["rare"], tokens=tokens, note=note)
