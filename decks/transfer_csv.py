"""The original game's deck file: five lines of comma-separated text (extension .csv).

    Tower rush                      <- line 1: the deck name, at most 20 characters
    12,57,3,0,...                   <- line 2: the 15 common card ids (0 = empty slot)
    ...                             <- line 3: the 15 uncommon card ids
    ...                             <- line 4: the 15 rare card ids
    Mage,Alliance,none              <- line 5: the three token counters ("none" = unset)

A file is at most 1,000 bytes of UTF-8 text. ``parse_csv_deck_file`` checks everything
and reports every problem it finds (each naming its line), like the JSON reader in
decks.transfer; it never touches the database. The help page
(decks/templates/decks/help.html) documents the same format for players.
"""
import re
import unicodedata

from django.utils.text import slugify

from . import catalogue
from .models import DECK_SECTION_SIZE
from .transfer import DeckFileError, ParsedDeck, section_problems

CSV_MAX_BYTES = 1000
CSV_NAME_MAX = 20
CSV_LINE_COUNT = 5
# Line numbers (1-based) of the card sections.
SECTION_LINES = {section: line for line, section in enumerate(catalogue.SECTIONS, start=2)}
TOKEN_LINE = 5
_CARD_ID = re.compile(r"[0-9]{1,9}")


def export_csv_name(deck) -> str:
    """The deck's name as line 1 holds it: at most 20 characters (longer names are cut)."""
    return deck.name[:CSV_NAME_MAX].rstrip()


def export_csv_bytes(deck) -> bytes:
    lines = [export_csv_name(deck)]
    lines += [",".join(str(cid) for cid in getattr(deck, section))
              for section in catalogue.SECTIONS]
    lines.append(",".join(deck.tokens))
    return ("\n".join(lines) + "\n").encode("utf-8")


def export_csv_filename(deck) -> str:
    return f"{slugify(deck.name) or 'deck'}.csv"


def _decode(raw: bytes) -> str:
    if len(raw) > CSV_MAX_BYTES:
        raise DeckFileError([f"The file is too large: a CSV deck file is at most "
                             f"{CSV_MAX_BYTES:,} bytes (this one has {len(raw):,})."])
    if not raw.strip():
        raise DeckFileError(["The file is empty."])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckFileError(["The file is not text (it is not UTF-8), so it is not a deck "
                             "file."]) from None
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\r\n" for ch in text):
        raise DeckFileError(["The file is not text (it holds control characters), so it is "
                             "not a deck file."])
    return text


def _lines(text: str) -> list[str]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():  # the newline after the last line, blank lines
        lines.pop()
    if len(lines) != CSV_LINE_COUNT:
        raise DeckFileError([
            f"A CSV deck file has {CSV_LINE_COUNT} lines (the name, the common, uncommon and "
            f"rare card ids, the token counters); this one has {len(lines)}."])
    return lines


def _name_problems(line: str) -> tuple[str, list[str]]:
    name = " ".join(line.split())
    if not name:
        return name, ["Line 1: the deck name is empty."]
    if len(name) > CSV_NAME_MAX:
        return name, [f"Line 1: the deck name has {len(name)} characters; at most "
                      f"{CSV_NAME_MAX} are allowed."]
    return name, []


def _section_ids(section: str, line: str, *, player_level: int) -> tuple[list, list[str]]:
    number = SECTION_LINES[section]
    fields = line.split(",")
    problems = []
    if len(fields) != DECK_SECTION_SIZE:
        problems.append(f"Line {number} ({section} cards) has {len(fields)} ids; it must have "
                        f"exactly {DECK_SECTION_SIZE} (0 for an empty slot).")
    ids = []
    for position, field in enumerate(fields[:DECK_SECTION_SIZE], start=1):
        field = field.strip()
        if _CARD_ID.fullmatch(field):
            ids.append(int(field))
        else:
            shown = repr(field[:20]) if field else "an empty entry"
            problems.append(f"Line {number}, id {position}: {shown} is not a card id (a whole "
                            f"number; 0 for an empty slot).")
            ids.append(0)
    ids += [0] * (DECK_SECTION_SIZE - len(ids))
    problems += section_problems(
        section, ids, player_level=player_level,
        where=lambda position: f"Line {number}, id {position}",
        home=lambda other: f"line {SECTION_LINES[other]} ({other} cards)")
    return ids, problems


def _token_counters(line: str) -> tuple[list, list[str]]:
    allowed = {name.lower(): name for name in catalogue.token_keyword_names()}
    fields = [field.strip() for field in line.split(",")]
    if len(fields) != 3:
        return [], [f"Line {TOKEN_LINE} has {len(fields)} token counters; it must name exactly "
                    f"3, separated by commas (none for an unset counter)."]
    tokens, problems = [], []
    for position, field in enumerate(fields, start=1):
        if field.lower() == "none":
            tokens.append("none")
        elif field.lower() not in allowed:
            shown = repr(field[:30]) if field else "an empty entry"
            problems.append(f"Line {TOKEN_LINE}, counter {position}: {shown} is not a token "
                            f"keyword (they are: {', '.join(allowed.values())}; or none).")
            tokens.append("none")
        elif allowed[field.lower()] in tokens:
            problems.append(f"Line {TOKEN_LINE}, counter {position}: {allowed[field.lower()]} "
                            f"is named twice; the three counters must differ.")
            tokens.append("none")
        else:
            tokens.append(allowed[field.lower()])
    return tokens, problems


def parse_csv_deck_file(raw: bytes, *, player_level: int) -> ParsedDeck:
    """bytes -> ParsedDeck, or DeckFileError listing every problem (each with its line)."""
    lines = _lines(_decode(raw))
    name, problems = _name_problems(lines[0])
    sections = {}
    for section, number in SECTION_LINES.items():
        sections[section], found = _section_ids(section, lines[number - 1],
                                                player_level=player_level)
        problems += found
    tokens, found = _token_counters(lines[TOKEN_LINE - 1])
    problems += found
    if problems:
        raise DeckFileError(problems)
    return ParsedDeck(name=name, common=sections["common"], uncommon=sections["uncommon"],
                      rare=sections["rare"], tokens=tokens, note="")
