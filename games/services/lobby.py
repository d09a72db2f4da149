"""The lobby's state changes: challenges, hosted games, games against the AI, the slot limit."""
import random
import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from decks.models import Deck
from games import engine
from games.models import TURN_TIMEOUTS, Game
from players.inbox.services import message_send_system
from players.models import Player
from players.moderation.selectors import mute_refusal
from players.notifications import triggers as notices
from players.tutorial.sections import TUTORIAL_END_LEVEL

from . import errors
from .access import PLAYER, access_game
from .errors import GameError
from .events import publish_game_changed, publish_players_changed
from .turns import ai_move_queue_if_due

BASE_GAME_SLOTS = 15


# ---------------------------------------------------------------- slots and checks
def game_slots_limit(player: Player) -> int:
    return BASE_GAME_SLOTS + player.extra_game_slots


# What holds a game slot: a game waiting or running, never a finished one (it stays in the
# player's list until he leaves it, but the slot is free at its end), never a game an event
# arranged (an arena would fill a player's slots with its games, as lichess's does not).
SLOT_HOLDERS = Q(status__in=[Game.Status.WAITING, Game.Status.IN_PROGRESS], is_arranged=False)


def holds_slot(game: Game) -> bool:
    """SLOT_HOLDERS for a game already loaded."""
    return (game.status in (Game.Status.WAITING, Game.Status.IN_PROGRESS)
            and not game.is_arranged)


def game_slots_used(player: Player, *, accepting: bool = False) -> int:
    """Games, hosted games and challenges (in and out) occupying a slot of ``player``
    (SLOT_HOLDERS). Incoming challenges are not counted while accepting one (spec §3.1).
    """
    mine = Q(player1=player, player1_left=False) | Q(player2=player, player2_left=False)
    qs = Game.objects.filter(mine).filter(SLOT_HOLDERS)
    if accepting:
        qs = qs.exclude(status=Game.Status.WAITING, player2=player)
    return qs.count()


def _check_slots(player: Player, *, accepting: bool = False, other: bool = False):
    limit = game_slots_limit(player)
    if game_slots_used(player, accepting=accepting) >= limit:
        if other:
            raise GameError(errors.OPPONENT_SLOTS_FULL.format(name=player.name), code="slots")
        raise GameError(errors.SLOTS_FULL.format(limit=limit), code="slots")


def _ready_deck(player: Player, deck) -> Deck:
    """The player's own complete deck (a Deck or its id)."""
    deck_id = deck.pk if isinstance(deck, Deck) else deck
    try:
        deck = Deck.objects.get(pk=deck_id, player=player)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise GameError("Choose one of your own decks.", code="deck")
    if not deck.is_ready:
        raise GameError(errors.DECK_NOT_READY, code="deck")
    return deck


def deck_payload(deck: Deck) -> dict:
    """The copy of a deck a game keeps (later edits of the deck do not reach the game)."""
    return {"common": list(deck.common), "uncommon": list(deck.uncommon),
            "rare": list(deck.rare), "tokens": list(deck.tokens)}


def _check_unique_opponent(a: Player, b: Player):
    """Either player may refuse a second simultaneous game with the same opponent."""
    for refuser in (a, b):
        if not refuser.settings.unique_game_opponent:
            continue
        together = (Q(player1=a, player2=b) | Q(player1=b, player2=a))
        if Game.objects.filter(together, status__in=[Game.Status.WAITING,
                                                     Game.Status.IN_PROGRESS]).exists():
            raise GameError(errors.UNIQUE_OPPONENT.format(name=refuser.name), code="unique")


def _check_timeout(turn_timeout):
    if turn_timeout not in TURN_TIMEOUTS:
        raise GameError("Choose one of the offered turn timeouts.", code="timeout")


def _lock_waiting(game_id) -> Game:
    try:
        game = (Game.objects.select_for_update(of=("self",))
                .select_related("player1__user", "player2__user").get(pk=game_id))
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameError("That game or challenge no longer exists.", code="gone")
    if game.status != Game.Status.WAITING:
        raise GameError("That game has already started.", code="started")
    return game


def _start(game: Game, deck2, custom_cards=None) -> Game:
    """Create the engine state (random first player, second player's bonus) and run it.
    ``custom_cards``: the definitions of proposed cards the decks hold (a playtest)."""
    state = engine.new_game(
        game.deck1_cards, deck2, seed=secrets.randbits(62), long_mode=game.is_long,
        hidden=game.is_hidden, friendly=game.is_friendly, ai=game.is_ai,
        ai_challenge=game.ai_challenge, custom_cards=custom_cards,
    )
    now = timezone.now()
    game.state = engine.state_to_json(state)
    game.initial_state = game.state
    game.status = Game.Status.IN_PROGRESS
    game.current_seat = state.current
    game.round = state.round
    game.started_at = game.last_action_at = now
    game.version += 1
    game.save()
    return game


# ---------------------------------------------------------------- challenges
@transaction.atomic
def challenge_create(*, challenger: Player, opponent: Player, deck, hidden: bool = False,
                     friendly: bool = False, long_mode: bool = False, turn_timeout: int = 0,
                     message: str = "") -> Game:
    if opponent.pk == challenger.pk:
        raise GameError(errors.SELF_CHALLENGE, code="self")
    _check_timeout(turn_timeout)
    message = (message or "").strip()[:1000]
    if message and (refusal := mute_refusal(challenger)):
        # A challenge's message is writing too; the challenge itself is a move, not speech.
        raise GameError(f"{refusal} (You may still challenge without a message.)",
                        code="muted")
    deck = _ready_deck(challenger, deck)
    # Lock both players in id order so two crossing challenges cannot both pass the checks.
    list(Player.objects.select_for_update().filter(pk__in=[challenger.pk, opponent.pk])
         .order_by("pk"))
    if Game.objects.filter(player1=challenger, player2=opponent,
                           status=Game.Status.WAITING).exists():
        raise GameError(f"You have already challenged {opponent.name}; wait for the answer.",
                        code="duplicate")
    _check_slots(challenger)
    _check_slots(opponent, other=True)
    _check_unique_opponent(challenger, opponent)
    game = Game.objects.create(
        player1=challenger, player2=opponent, deck1=deck, deck1_cards=deck_payload(deck),
        is_hidden=hidden, is_friendly=friendly, is_long=long_mode, turn_timeout=turn_timeout,
        challenge_message=message,
    )
    publish_players_changed(challenger.pk, opponent.pk)
    notices.challenge_received(player=opponent, game_id=game.pk, challenger_name=challenger.name,
                               note=message)
    return game


@transaction.atomic
def challenge_accept(*, game_id, player: Player, deck) -> Game:
    game = _lock_waiting(game_id)
    if game.player2_id != player.pk:
        raise GameError("That challenge was not sent to you.", code="forbidden")
    deck = _ready_deck(player, deck)
    _check_slots(player, accepting=True)
    game.deck2 = deck
    _start(game, deck_payload(deck))
    message_send_system(
        recipient=game.player1, subject=f"{player.name} accepted your challenge",
        body=f"{player.name} accepted your challenge. The game has started.", kind="challenge")
    publish_game_changed(game)
    notices.challenge_answered(player=player, game_id=game.pk)
    notices.challenge_accepted(player=game.player1, game_id=game.pk, version=game.version,
                               opponent_name=player.name, your_turn=game.current_seat == 0)
    return game


@transaction.atomic
def challenge_reject(*, game_id, player: Player) -> None:
    game = _lock_waiting(game_id)
    if game.player2_id != player.pk:
        raise GameError("That challenge was not sent to you.", code="forbidden")
    challenger, game_id = game.player1, game.pk
    game.delete()
    message_send_system(recipient=challenger, subject=f"{player.name} declined your challenge",
                        body=f"{player.name} declined your challenge.", kind="challenge")
    publish_players_changed(challenger.pk, player.pk)
    notices.challenge_answered(player=player, game_id=game_id)
    notices.challenge_declined(player=challenger, game_id=game_id, opponent_name=player.name)


@transaction.atomic
def challenge_cancel(*, game_id, player: Player) -> None:
    game = _lock_waiting(game_id)
    if game.player1_id != player.pk or game.player2_id is None:
        raise GameError("Only the challenger can withdraw a challenge.", code="forbidden")
    opponent_id, game_id = game.player2_id, game.pk
    game.delete()
    publish_players_changed(player.pk, opponent_id)
    notices.challenge_answered(player=game.player2, game_id=game_id)


# ---------------------------------------------------------------- hosted games
@transaction.atomic
def game_host(*, host: Player, deck, hidden: bool = False, friendly: bool = False,
              long_mode: bool = False, turn_timeout: int = 0) -> Game:
    _check_timeout(turn_timeout)
    deck = _ready_deck(host, deck)
    Player.objects.select_for_update().filter(pk=host.pk).first()
    _check_slots(host)
    game = Game.objects.create(
        player1=host, deck1=deck, deck1_cards=deck_payload(deck), is_hidden=hidden,
        is_friendly=friendly, is_long=long_mode, turn_timeout=turn_timeout)
    publish_players_changed(host.pk)
    return game


@transaction.atomic
def game_join(*, game_id, player: Player, deck) -> Game:
    game = _lock_waiting(game_id)
    if game.player2_id is not None or game.is_ai:
        raise GameError("That game is not open for joining.", code="forbidden")
    if game.player1_id == player.pk:
        raise GameError("You cannot join your own game.", code="self")
    deck = _ready_deck(player, deck)
    _check_slots(player)
    _check_unique_opponent(game.player1, player)
    game.player2 = player
    game.deck2 = deck
    _start(game, deck_payload(deck))
    publish_game_changed(game)
    notices.hosted_game_joined(player=game.player1, game_id=game.pk, version=game.version,
                               opponent_name=player.name, your_turn=game.current_seat == 0)
    return game


@transaction.atomic
def game_host_cancel(*, game_id, player: Player) -> None:
    game = _lock_waiting(game_id)
    if game.player1_id != player.pk or game.player2_id is not None:
        raise GameError("Only the host can cancel a game nobody has joined.", code="forbidden")
    game.delete()
    publish_players_changed(player.pk)


# ---------------------------------------------------------------- games the site arranges
def game_start_arranged(*, player1: Player, player2: Player, deck1_cards: dict,
                        deck2_cards: dict, hidden: bool = False, friendly: bool = False,
                        long_mode: bool = False, turn_timeout: int) -> Game:
    """A game the site sets up between two players who asked for it by joining an event
    (games.tournaments pairs them): both decks come with it, it starts at once, with a turn
    time limit always. No slot or challenge checks: the event is the players' request. The
    caller holds the transaction."""
    if player1.pk == player2.pk:
        raise GameError(errors.SELF_CHALLENGE, code="self")
    if turn_timeout <= 0:
        raise GameError("An arranged game needs a turn time limit.", code="timeout")
    game = Game(player1=player1, player2=player2, deck1_cards=deck1_cards, is_hidden=hidden,
                is_friendly=friendly, is_long=long_mode, turn_timeout=turn_timeout,
                is_arranged=True)
    _start(game, deck2_cards)
    publish_game_changed(game)
    return game


# ---------------------------------------------------------------- games against the AI
@transaction.atomic
def ai_game_start(*, player: Player, deck, ai_deck=None, hidden: bool = False,
                  long_mode: bool = False, level: str = "standard", deck_cards=None,
                  ai_cards=None, ai_name: str = "", custom_cards=None) -> Game:
    """A friendly game against the computer at ``level`` (one of ``engine.AI_LEVELS``).

    ``ai_deck``: None for a random starter deck, else one of the player's own ready decks.
    A playtest of a proposed card (concepts.lab) passes the decks as played: ``deck_cards``
    (the player's ``deck`` with the card in it), ``ai_cards`` and ``ai_name`` (the
    computer's), and ``custom_cards``, the definitions of the proposed cards they hold.
    """
    if level not in engine.AI_LEVELS:
        raise GameError("Choose one of the computer's levels: "
                        + ", ".join(engine.AI_LEVELS) + ".", code="level")
    deck = _ready_deck(player, deck)
    Player.objects.select_for_update().filter(pk=player.pk).first()
    _check_slots(player)
    if ai_cards is not None:
        ai_name = ai_name or "MArcomage"
    elif ai_deck is None:
        index = random.randrange(len(engine.STARTER_DECKS))
        ai_cards, ai_name = engine.STARTER_DECKS[index], engine.STARTER_DECK_NAMES[index]
        ai_cards = {"common": list(ai_cards.common), "uncommon": list(ai_cards.uncommon),
                    "rare": list(ai_cards.rare), "tokens": list(ai_cards.tokens)}
    else:
        own = _ready_deck(player, ai_deck)
        ai_cards, ai_name = deck_payload(own), own.name
    game = Game(player1=player, deck1=deck, deck1_cards=deck_cards or deck_payload(deck),
                is_ai=True, is_friendly=True, is_hidden=hidden, is_long=long_mode,
                ai_deck_name=ai_name, ai_level=level)
    _start(game, ai_cards, custom_cards)
    ai_move_queue_if_due(game)  # the computer opens the game
    publish_game_changed(game)
    return game


@transaction.atomic
def ai_quick_game(*, player: Player) -> Game:
    """One click: a random own ready deck against a random starter deck, no extra modes, the
    computer at the level chosen in the player's settings."""
    decks = list(Deck.objects.filter(player=player, is_ready=True).values_list("pk", flat=True))
    if not decks:
        raise GameError("You need a complete deck to play: fill all 45 slots of one of your "
                        "decks first.", code="deck")
    return ai_game_start(player=player, deck=random.choice(decks),
                         level=player.settings.ai_level)


@transaction.atomic
def ai_challenge_start(*, player: Player, deck, challenge: str) -> Game:
    """An AI challenge (§13): long mode, the challenge's deck and start values."""
    if player.level < TUTORIAL_END_LEVEL:
        raise GameError(f"AI challenges open at level {TUTORIAL_END_LEVEL}.", code="level")
    found = engine.AI_CHALLENGES.get(challenge)
    if found is None:
        raise GameError("Choose one of the listed challenges.", code="challenge")
    deck = _ready_deck(player, deck)
    Player.objects.select_for_update().filter(pk=player.pk).first()
    _check_slots(player)
    game = Game(player1=player, deck1=deck, deck1_cards=deck_payload(deck), is_ai=True,
                is_friendly=True, is_long=True, ai_challenge=found.name,
                ai_deck_name=found.fullname)
    _start(game, None)
    ai_move_queue_if_due(game)  # the computer opens the game
    publish_game_changed(game)
    return game


def ai_game_again(*, game_id, player: Player) -> Game:
    """The next game against the computer after the player's finished one, from its end
    screen: the same level, modes and challenge, with the same deck while it is complete
    (else a random one of his complete decks); the computer's deck a random starter deck,
    as in a quick game. GameError when that game is not his, not over, not against the
    computer, or a playtest of a proposed card (tried again from the concept's page)."""
    game = access_game(game_id, player, as_=PLAYER)
    if not game.is_ai or game.status != Game.Status.FINISHED:
        raise GameError("Only a finished game against the computer can be played again.",
                        code="not_finished")
    if engine.custom_card_ids(game.state):
        raise GameError("A playtest of a proposed card is played again from the concept's "
                        "page.", code="playtest")
    ready = Deck.objects.filter(player=player, is_ready=True)
    deck = game.deck1_id if ready.filter(pk=game.deck1_id).exists() else None
    if deck is None:
        decks = list(ready.values_list("pk", flat=True))
        if not decks:
            raise GameError("You need a complete deck to play: fill all 45 slots of one of "
                            "your decks first.", code="deck")
        deck = random.choice(decks)
    if game.ai_challenge:
        return ai_challenge_start(player=player, deck=deck, challenge=game.ai_challenge)
    return ai_game_start(player=player, deck=deck, hidden=game.is_hidden,
                         long_mode=game.is_long, level=game.ai_level)


def ai_challenge_choices():
    """(name, full name) of every AI challenge, for the setup form."""
    return [(c.name, c.fullname) for c in engine.AI_CHALLENGES.values()]
