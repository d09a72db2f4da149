"""Sandbox tools in games against the standard AI after the tutorial (rules-engine.md §13).

The player may put any card into a slot of either hand, set an attribute, switch hidden
cards on or off and dictate the computer's move. Like a move, each tool locks the game
row, checks the version the page was built from, bumps it and tells the browsers after
commit. Each change is logged as a Turn (action "sandbox") whose record the history replays
through the same engine functions. Nothing is credited anywhere: AI games are friendly,
give no card statistics, and a game where the sandbox was used leaves the deck statistics
alone; past the tutorial an AI game is never rated either.
"""
from django.db import transaction
from django.utils import timezone

from games import engine
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game, Turn
from players.models import Player

from .access import access_game_for_move
from .board import ATTRIBUTES
from .errors import GameError
from .events import publish_game_changed
from .turn_log import apply_sandbox_record, turn_log_append
from .turns import ai_move_queue_if_due, apply_turn

ATTRIBUTE_LABELS = dict(ATTRIBUTES)
SEAT_LABELS = {0: "your", 1: "the computer's"}
MAX_CARD_TEXT = 100

DICTATE_MESSAGES = {
    "bad_position": "Choose a card of the computer's hand (slot 1 to 8).",
    "insufficient_resources": "The computer cannot afford that card: discard it instead.",
    "bad_mode": "Choose one of the card's modes.",
    "card_unimplemented": "That card cannot be played yet (its effect is still being "
                          "written); discard it instead.",
    "not_your_turn": "You can dictate the computer's move only on its turn.",
    "game_over": "This game is not in progress.",
}
TOOL_MESSAGES = {
    "bad_seat": "Choose your hand or the computer's.",
    "bad_position": "Choose a slot from 1 to 8.",
    "unknown_card": "There is no card with that number.",
    "bad_attribute": "Choose one of the eight attributes.",
    "game_over": "This game is not in progress.",
}


def _check_sandbox(game: Game):
    if not game.is_ai:
        raise GameError("The sandbox is only for games against the computer.",
                        code="not_sandbox")
    if game.ai_challenge:
        raise GameError("AI challenges have no sandbox: beat them fair and square.",
                        code="not_sandbox")
    if game.player1.level < TUTORIAL_END_LEVEL:
        raise GameError(f"The sandbox opens when you finish the tutorial (level "
                        f"{TUTORIAL_END_LEVEL}).", code="level")


def _start(game_id, player, version):
    """The access step of every tool: a move's, then the sandbox's own conditions."""
    game, _seat = access_game_for_move(game_id=game_id, player=player, version=version)
    _check_sandbox(game)
    return game, engine.state_from_json(game.state)


def _change(game: Game, state, player: Player, record: dict) -> str:
    try:
        state = apply_sandbox_record(state, record)
    except engine.EngineError as exc:
        raise GameError(TOOL_MESSAGES.get(exc.code, exc.message), code=exc.code)
    turn_log_append(
        game, actor_seat=0, actor=player, action=Turn.Action.SANDBOX, position=record.get("position", 0),
        card=record.get("card", 0), round=state.round, record=record)
    game.state = engine.state_to_json(state)
    game.is_hidden = state.hidden
    game.last_action_at = timezone.now()
    game.version += 1
    game.save()
    publish_game_changed(game)
    ai_move_queue_if_due(game)  # a change on the computer's turn must not leave it waiting
    summary = record["summary"]
    return f"{summary[0].upper()}{summary[1:]}."


def find_card(text, state) -> int:
    """A card id from what the player typed: a number, or (a unique part of) a name, of a
    card the game ``state`` may hold (the catalogue's, or a proposed card it holds)."""
    text = " ".join(str(text or "").replace("\x00", "").split())
    if not text:
        raise GameError("Type a card's number or name.", code="card")
    if len(text) > MAX_CARD_TEXT:
        raise GameError("That is far too long for a card's name.", code="card")
    if text.isascii() and text.isdigit():
        cid = int(text)
        try:
            if cid < 1:
                raise engine.EngineError("unknown_card")
            state.card(cid)
        except engine.EngineError:
            raise GameError("There is no card with that number.", code="card")
        return cid
    wanted = text.casefold()
    cards = engine.all_cards() + tuple(state.card(cid) for cid in engine.custom_card_ids(state))
    exact = [c for c in cards if c.name.casefold() == wanted]
    if len(exact) == 1:
        return exact[0].id
    found = exact or [c for c in cards if wanted in c.name.casefold()]
    if not found:
        raise GameError("No card's name contains that text.", code="card")
    if len(found) > 1:
        names = ", ".join(c.name for c in found[:5]) + (", …" if len(found) > 5 else "")
        raise GameError(f"Several cards match ({names}): type more of the name or the "
                        f"card's number.", code="card")
    return found[0].id


def _seat_value(seat) -> int:
    if seat not in (0, 1):
        raise GameError("Choose your hand or the computer's.", code="bad_seat")
    return seat


@transaction.atomic
def sandbox_put_card(*, game_id, player: Player, version, seat, position, card) -> str:
    """Put a card (id, or the text typed: number or name) into ``seat``'s slot ``position``.

    The card arrives marked new; in hidden-cards mode a card put into the computer's hand is
    revealed (you chose it, so you know it) and one put into yours is not (the computer does
    not know it). Returns the description shown to the player.
    """
    seat = _seat_value(seat)
    game, state = _start(game_id, player, version)
    cid = find_card(card, state)
    name = state.card(cid).name
    record = {"tool": "card", "seat": seat, "position": position, "card": cid,
              "reveal": seat == 1,
              "summary": f"put {name} into slot {position} of {SEAT_LABELS[seat]} hand"}
    return _change(game, state, player, record)


@transaction.atomic
def sandbox_set_attribute(*, game_id, player: Player, version, seat, attribute, value) -> str:
    """Set one of ``seat``'s eight attributes (engine limits: tower and wall up to the mode's
    maximum, facilities at least 1, stock at least 0)."""
    seat = _seat_value(seat)
    if attribute not in ATTRIBUTE_LABELS:
        raise GameError("Choose one of the eight attributes.", code="bad_attribute")
    game, state = _start(game_id, player, version)
    low, high = engine.sandbox_attribute_range(state, attribute)
    if type(value) is not int or not low <= value <= high:
        raise GameError(f"{ATTRIBUTE_LABELS[attribute]} must be a whole number from {low} "
                        f"to {high}.", code="bad_value")
    label = ATTRIBUTE_LABELS[attribute].lower()
    record = {"tool": "attribute", "seat": seat, "attribute": attribute, "value": value,
              "summary": f"set {SEAT_LABELS[seat]} {label} to {value}"}
    return _change(game, state, player, record)


@transaction.atomic
def sandbox_toggle_hidden(*, game_id, player: Player, version) -> str:
    """Switch hidden-cards mode (every revealed flag is cleared)."""
    game, state = _start(game_id, player, version)
    hidden = not state.hidden
    record = {"tool": "hidden", "hidden": hidden,
              "summary": "turned hidden cards " + ("on" if hidden else "off")}
    return _change(game, state, player, record)


@transaction.atomic
def sandbox_dictate(*, game_id, player: Player, version, position, kind, mode=0) -> str:
    """On the computer's turn, play or discard the card the player chose for it (a normal
    engine turn of seat 1, logged as a computer's move marked "dictated")."""
    if kind not in ("play", "discard"):
        raise GameError("Choose whether the computer plays or discards the card.",
                        code="bad_kind")
    game, state = _start(game_id, player, version)
    if game.current_seat != 1 or state.current != 1:
        raise GameError(DICTATE_MESSAGES["not_your_turn"], code="not_ai_turn")
    if type(position) is int and 1 <= position <= 8 and not state.card(
            state.p[1].hand[position - 1]).modes:
        mode = 0  # the mode list of the form means nothing for a card without modes
    try:
        if kind == "play":
            result = engine.play(state, 1, position, mode or 0)
        else:
            result = engine.discard(state, 1, position)
    except engine.EngineError as exc:
        raise GameError(DICTATE_MESSAGES.get(exc.code, exc.message), code=exc.code)
    result.record["dictated"] = True
    card = state.card(result.record["card"]).name if result.record.get("card") else "a card"
    apply_turn(game, result, 1, actor=None, ai=True)
    verb = "played" if kind == "play" else "discarded"
    return f"The computer {verb} {card}, as you dictated."


def sandbox_panel(game: Game) -> dict:
    """What the sandbox panel shows: the attributes with their allowed ranges."""
    state = engine.state_from_json(game.state)
    rows = []
    for key, label in ATTRIBUTES:
        low, high = engine.sandbox_attribute_range(state, key)
        rows.append({"key": key, "label": label, "low": low, "high": high})
    return {"attributes": rows, "hidden": state.hidden}
