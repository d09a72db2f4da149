"""State changes for decks. Every change locks the deck row and re-validates against the catalogue.

Views turn ``DeckError`` into a message for the player; nothing here trusts its input.
"""
from django.db import IntegrityError, transaction

from games import engine
from marcomage.plumbing.plain_text import name_problem, text_problem
from players.models import Player
from players.moderation.selectors import mute_refusal

from . import catalogue, selectors, transfer, transfer_csv
from .models import DECK_SECTION_SIZE, Deck

BASE_DECK_SLOTS = 5
DECK_NAME_MAX = 40
NOTE_MAX = 2000

NAME_TAKEN = "You already have a deck called “{name}”. Deck names must be different."
NAME_EMPTY = "A deck needs a name."
NAME_TOO_LONG = f"A deck name can be at most {DECK_NAME_MAX} characters long."
NO_FREE_SLOT = (
    "All your {slots} deck slots are in use. Delete or reset a deck you no longer need, "
    "or buy another deck slot in the shop."
)


class DeckError(Exception):
    """Something the player asked for that the rules do not allow; the message says why."""

    def __init__(self, message, problems=()):
        super().__init__(message)
        self.message = message
        self.problems = list(problems)


def deck_slots(player: Player) -> int:
    return BASE_DECK_SLOTS + player.extra_deck_slots


def _clean_name(name) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise DeckError(NAME_EMPTY)
    if problem := name_problem(name, "deck name"):
        # (NUL above all, which PostgreSQL refuses; a line break would break the lists)
        raise DeckError(problem)
    if len(name) > DECK_NAME_MAX:
        raise DeckError(NAME_TOO_LONG)
    return name


def _name_taken(player, name, *, exclude_id=None) -> bool:
    others = Deck.objects.filter(player=player, name__iexact=name)
    if exclude_id is not None:
        others = others.exclude(pk=exclude_id)
    return others.exists()


def _lock(player, deck_id) -> Deck:
    """The player's own deck, locked for this transaction (Deck.DoesNotExist otherwise)."""
    return Deck.objects.select_for_update().get(pk=deck_id, player=player)


def _lock_player(player) -> Player:
    # Serialises deck creation per player so two tabs cannot both take the last slot.
    return Player.objects.select_for_update().get(pk=player.pk)


def _check_may_publish(player) -> None:
    """A shared deck's name and note are public: a muted player changes neither, and shares
    no deck, until the mute ends."""
    if refusal := mute_refusal(player):
        raise DeckError(refusal)


def _refresh_ready(deck: Deck) -> None:
    deck.is_ready = all(deck.card_ids())


def _create(player, *, name, common=None, uncommon=None, rare=None, tokens=None, note="") -> Deck:
    if Deck.objects.filter(player=player).count() >= deck_slots(player):
        raise DeckError(NO_FREE_SLOT.format(slots=deck_slots(player)))
    if _name_taken(player, name):
        raise DeckError(NAME_TAKEN.format(name=name))
    deck = Deck(player=player, name=name, note=note)
    if common is not None:
        deck.common, deck.uncommon, deck.rare = list(common), list(uncommon), list(rare)
    if tokens is not None:
        deck.tokens = list(tokens)
    return _save_checked(deck)


def _save_checked(deck: Deck) -> Deck:
    """Save ``deck`` with its readiness worked out; a name another deck of the player has is
    refused (the unique constraint decides, so two requests at once cannot both take it)."""
    _refresh_ready(deck)
    try:
        with transaction.atomic():
            deck.save()
    except IntegrityError:
        raise DeckError(NAME_TAKEN.format(name=deck.name)) from None
    return deck


@transaction.atomic
def deck_create(*, player: Player, name: str) -> Deck:
    """A new empty deck in a free slot."""
    name = _clean_name(name)
    return _create(_lock_player(player), name=name)


@transaction.atomic
def deck_rename(*, player: Player, deck_id: int, name: str) -> Deck:
    deck = _lock(player, deck_id)
    name = _clean_name(name)
    if deck.is_shared and name != deck.name:
        _check_may_publish(player)
    if _name_taken(player, name, exclude_id=deck.pk):
        raise DeckError(NAME_TAKEN.format(name=name))
    deck.name = name
    try:
        with transaction.atomic():
            deck.save(update_fields=["name", "modified_at"])
    except IntegrityError:
        # Another request took the name between the check and the save.
        raise DeckError(NAME_TAKEN.format(name=name)) from None
    return deck


@transaction.atomic
def deck_reset(*, player: Player, deck_id: int) -> Deck:
    """Empty every slot and unset the token counters; the name, note and statistics stay."""
    deck = _lock(player, deck_id)
    deck.common = [0] * DECK_SECTION_SIZE
    deck.uncommon = [0] * DECK_SECTION_SIZE
    deck.rare = [0] * DECK_SECTION_SIZE
    deck.tokens = ["none"] * 3
    deck.is_ready = False
    deck.save()
    return deck


@transaction.atomic
def deck_delete(*, player: Player, deck_id: int) -> str:
    deck = _lock(player, deck_id)
    name = deck.name
    deck.delete()
    return name


@transaction.atomic
def deck_set_note(*, player: Player, deck_id: int, note: str) -> Deck:
    deck = _lock(player, deck_id)
    note = str(note or "").replace("\r\n", "\n")
    if problem := text_problem(note, "deck note"):
        raise DeckError(problem)
    if deck.is_shared and note != deck.note:
        _check_may_publish(player)
    if len(note) > NOTE_MAX:
        raise DeckError(f"A deck note can be at most {NOTE_MAX} characters long.")
    deck.note = note
    deck.save(update_fields=["note", "modified_at"])
    return deck


def _card_or_error(card_id) -> object:
    try:
        cid = int(card_id)
        if cid <= 0:
            raise ValueError
        return engine.card(cid)
    except (TypeError, ValueError, engine.EngineError):
        raise DeckError("There is no such card.") from None


@transaction.atomic
def deck_add_card(*, player: Player, deck_id: int, card_id) -> tuple[Deck, str, int, bool]:
    """Put a card into the first empty slot of its rarity section.

    Returns (deck, section, slot index, tokens_changed). When the card completes the deck
    and no token counter is set, the counters are assigned automatically (rules §15).
    """
    deck = _lock(player, deck_id)
    card = _card_or_error(card_id)
    why = catalogue.refusal(card, player_level=player.level)
    if why:
        raise DeckError(f"{card.name} {why}.")
    section = catalogue.SECTION_OF_RARITY[card.rarity]
    slots = list(getattr(deck, section))
    if card.id in slots:
        raise DeckError(f"{card.name} is already in this deck.")
    if 0 not in slots:
        raise DeckError(
            f"The {section} section is full (15 cards). Return a {section} card first.")
    index = slots.index(0)
    slots[index] = card.id
    setattr(deck, section, slots)
    was_ready = deck.is_ready
    _refresh_ready(deck)
    tokens_changed = False
    if deck.is_ready and not was_ready and all(t == "none" for t in deck.tokens):
        deck.tokens = catalogue.auto_tokens(deck.card_ids())
        tokens_changed = deck.tokens != ["none"] * 3
    deck.save()
    return deck, section, index, tokens_changed


@transaction.atomic
def deck_remove_card(*, player: Player, deck_id: int, card_id) -> tuple[Deck, str, int]:
    """Take a card out of the deck; its slot becomes empty. Returns (deck, section, index)."""
    deck = _lock(player, deck_id)
    card = _card_or_error(card_id)
    section = catalogue.SECTION_OF_RARITY[card.rarity]
    slots = list(getattr(deck, section))
    if card.id not in slots:
        raise DeckError(f"{card.name} is not in this deck (any more).")
    index = slots.index(card.id)
    slots[index] = 0
    setattr(deck, section, slots)
    _refresh_ready(deck)
    deck.save()
    return deck, section, index


def clean_tokens(names) -> list[str]:
    """Up to three token keywords: unknown names refused, duplicates and "none" dropped, padded."""
    allowed = set(catalogue.token_keyword_names())
    chosen = []
    for name in names:
        name = str(name or "none").strip() or "none"
        if name == "none":
            continue
        if name not in allowed:
            raise DeckError(f"“{name[:40]}” is not a token keyword.")
        if name not in chosen:
            chosen.append(name)
    if len(chosen) > 3:
        raise DeckError("A deck has at most 3 token counters.")
    return chosen + ["none"] * (3 - len(chosen))


@transaction.atomic
def deck_set_tokens(*, player: Player, deck_id: int, tokens) -> Deck:
    deck = _lock(player, deck_id)
    deck.tokens = clean_tokens(tokens)
    deck.save(update_fields=["tokens", "modified_at"])
    return deck


@transaction.atomic
def deck_auto_tokens(*, player: Player, deck_id: int) -> Deck:
    """The three most frequent token keywords of the deck's cards (rules §15)."""
    deck = _lock(player, deck_id)
    deck.tokens = catalogue.auto_tokens(deck.card_ids())
    deck.save(update_fields=["tokens", "modified_at"])
    return deck


# --------------------------------------------------------------------- starter decks
EMPTY_DECK_NAMES = ("My deck 1", "My deck 2")


def decks_give_starters(player: Player) -> None:
    """Registration hook: copies of the three starter decks and two empty decks."""
    for name, starter in zip(engine.STARTER_DECK_NAMES, engine.STARTER_DECKS, strict=True):
        deck = Deck(player=player, name=name, common=list(starter.common),
                    uncommon=list(starter.uncommon), rare=list(starter.rare),
                    tokens=list(starter.tokens))
        _refresh_ready(deck)
        deck.save()
    for name in EMPTY_DECK_NAMES:
        Deck.objects.create(player=player, name=name)


# --------------------------------------------------------------------- import
def _deck_file_reader(filename: str, raw: bytes):
    """The parser for an uploaded deck file: by its extension (.csv is the original game's
    format, .json ours), else by its first character (our JSON files start with "{")."""
    filename = str(filename or "")
    extension = filename.rsplit(".", 1)[1].lower() if "." in filename else ""
    if extension == "csv":
        return transfer_csv.parse_csv_deck_file
    if extension == "json":
        return transfer.parse_deck_file
    head = raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    return transfer.parse_deck_file if head in (b"{", b"[") else transfer_csv.parse_csv_deck_file


def deck_file_parse(*, player: Player, raw: bytes, filename: str = "") -> transfer.ParsedDeck:
    """Read a deck file (JSON of decks.transfer or the original's CSV of
    decks.transfer_csv, told apart by ``filename``) and check every card against the
    player's level; DeckError lists every problem. Changes nothing."""
    try:
        return _deck_file_reader(filename, raw)(raw, player_level=player.level)
    except transfer.DeckFileError as error:
        raise DeckError("This file cannot be imported:", error.problems) from None


@transaction.atomic
def deck_import(*, player: Player, raw: bytes, name: str = "", filename: str = "") -> Deck:
    """Create a new deck from a deck file (see ``deck_file_parse``). All or nothing.

    ``name`` (optional) replaces the name stored in the file.
    """
    parsed = deck_file_parse(player=player, raw=raw, filename=filename)
    final_name = _clean_name(name or parsed.name)
    return _create(_lock_player(player), name=final_name, common=parsed.common,
                   uncommon=parsed.uncommon, rare=parsed.rare, tokens=parsed.tokens,
                   note=parsed.note)


def deck_name_for(player: Player, name, *, deck_id=None) -> str:
    """``name`` as a deck of the player would be called (spaces folded), or DeckError when
    it is not a valid name or another of the player's decks (not ``deck_id``) has it."""
    name = _clean_name(name)
    if _name_taken(player, name, exclude_id=deck_id):
        raise DeckError(NAME_TAKEN.format(name=name))
    return name


IMPORT_INTO_NOTHING = ("There is no deck file waiting to be imported into this deck: "
                       "choose the file again.")


@transaction.atomic
def deck_import_into(*, player: Player, deck_id: int, name, cards, tokens) -> Deck:
    """Replace one of the player's decks with a deck file's contents (the original game's
    import): its name, its 45 card slots and its token counters. The note and the
    statistics stay. Everything is checked again here, at the player's level now (the
    file was read in an earlier request); a problem changes nothing.

    ``cards`` maps "common"/"uncommon"/"rare" to the file's card ids (0 = empty).
    """
    deck = _lock(player, deck_id)
    name = deck_name_for(player, name, deck_id=deck.pk)
    problems = []
    sections = {}
    for section in catalogue.SECTIONS:
        ids = cards.get(section) if isinstance(cards, dict) else None
        if (not isinstance(ids, list) or len(ids) != DECK_SECTION_SIZE
                or not all(isinstance(c, int) and not isinstance(c, bool) for c in ids)):
            raise DeckError(IMPORT_INTO_NOTHING)
        problems += transfer.section_problems(
            section, ids, player_level=player.level,
            where=lambda position, section=section: f"{section} #{position}")
        sections[section] = list(ids)
    if problems:
        raise DeckError("This file cannot be imported:", problems)
    deck.name = name
    for section, ids in sections.items():
        setattr(deck, section, ids)
    deck.tokens = clean_tokens(tokens if isinstance(tokens, list) else [])
    return _save_checked(deck)


# --------------------------------------------------------------------- sharing
SHARE_EMPTY = "An empty deck has nothing to share: put some cards into it first."
IMPORT_TARGET_MISSING = "Choose one of your own decks (or a new deck) to import into."
IMPORT_ONTO_ITSELF = ("A deck cannot be imported onto itself: choose another of your decks "
                      "or a new deck.")
IMPORT_CARDS_REFUSED = "This deck holds cards you cannot put into a deck yet, so nothing was imported:"
# The import form's choice for "a new deck in a free slot" (else a deck id).
NEW_DECK = "new"


@transaction.atomic
def deck_set_shared(*, player: Player, deck_id: int, shared: bool) -> Deck:
    """Show the deck on the Shared decks page (or take it off). Its "last change" stays:
    sharing does not change the deck."""
    deck = _lock(player, deck_id)
    shared = bool(shared)
    if shared and not any(deck.card_ids()):
        raise DeckError(SHARE_EMPTY)
    if shared and not deck.is_shared:
        _check_may_publish(player)
    Deck.objects.filter(pk=deck.pk).update(is_shared=shared)
    deck.is_shared = shared
    return deck


@transaction.atomic
def deck_reset_statistics(*, player: Player, deck_id: int) -> Deck:
    """Set the deck's won, lost and drawn games back to 0 (its cards and "last change" stay)."""
    deck = _lock(player, deck_id)
    Deck.objects.filter(pk=deck.pk).update(wins=0, losses=0, draws=0)
    deck.wins = deck.losses = deck.draws = 0
    return deck


def shared_source(player: Player, deck_id) -> Deck:
    """A deck the player may copy: anybody's shared deck, or one of their own
    (Deck.DoesNotExist otherwise, so a private deck looks like a missing one)."""
    return selectors.decks_visible_to(player).get(pk=deck_id)


def deck_import_problems(player: Player, source: Deck) -> list[str]:
    """Why the player may not copy the deck's cards (an empty list if they may)."""
    problems = []
    for section in catalogue.SECTIONS:
        problems += transfer.section_problems(
            section, getattr(source, section), player_level=player.level,
            where=lambda position, section=section: f"{section.capitalize()} slot {position}")
    return problems


@transaction.atomic
def deck_import_shared(*, player: Player, source_id: int, target) -> Deck:
    """Copy a shared deck's cards and token counters into one of the player's deck slots.

    ``target`` is the id of one of the player's decks (its name, note and statistics stay;
    its cards and counters are replaced) or NEW_DECK: a new deck named like the shared one,
    in a free slot. Every card must pass the deck-building rules at the player's level.
    """
    source = shared_source(player, source_id)
    new_deck = str(target) == NEW_DECK
    if not new_deck:
        try:
            target_id = int(target)
        except (TypeError, ValueError):
            raise DeckError(IMPORT_TARGET_MISSING) from None
        if target_id == source.pk:
            raise DeckError(IMPORT_ONTO_ITSELF)
    problems = deck_import_problems(player, source)
    if problems:
        raise DeckError(IMPORT_CARDS_REFUSED, problems)
    cards = {section: list(getattr(source, section)) for section in catalogue.SECTIONS}
    tokens = clean_tokens(source.tokens)
    if new_deck:
        return _create(_lock_player(player), name=_clean_name(source.name), tokens=tokens,
                       **cards)
    try:
        deck = _lock(player, target_id)
    except Deck.DoesNotExist:
        raise DeckError(IMPORT_TARGET_MISSING) from None
    for section, ids in cards.items():
        setattr(deck, section, ids)
    deck.tokens = tokens
    _refresh_ready(deck)
    deck.save()
    return deck
