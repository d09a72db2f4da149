"""Fixtures for the games tests: ready decks and games started through the real services."""
import pytest

from decks.models import Deck
from games import engine
from games import services as gs


def make_deck(player, name="Main", starter=0, ready=True):
    cards = engine.STARTER_DECKS[starter]
    return Deck.objects.create(player=player, name=name, common=list(cards.common),
                               uncommon=list(cards.uncommon), rare=list(cards.rare),
                               tokens=list(cards.tokens), is_ready=ready)


@pytest.fixture
def deck_of():
    return make_deck


@pytest.fixture
def everyone_past_the_tutorial(alice, bob, carol):
    """alice, bob and carol at level 10: every section open, no tutorial hints."""
    for player in (alice, bob, carol):
        player.level = 10
        player.save(update_fields=["level"])


@pytest.fixture
def started_game(alice, bob, django_capture_on_commit_callbacks):
    """A running human game alice (seat 0) vs bob (seat 1)."""

    def _start(**modes):
        deck_a = make_deck(alice, name=f"A{Deck.objects.count()}")
        deck_b = make_deck(bob, name=f"B{Deck.objects.count()}", starter=1)
        with django_capture_on_commit_callbacks(execute=True):
            game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck_a, **modes)
            game = gs.challenge_accept(game_id=game.pk, player=bob, deck=deck_b)
        game.refresh_from_db()
        return game

    return _start


def player_on_turn(game):
    return game.player1 if game.current_seat == 0 else game.player2


def discard_on_turn(game, player=None, position=1):
    """The player on turn (or ``player``) discards the card in ``position``."""
    game.refresh_from_db()
    player = player or player_on_turn(game)
    return gs.game_discard_card(game_id=game.pk, player=player, version=game.version,
                                position=position)


def play_turns(game, turns, *, until=lambda game: False):
    """Up to ``turns`` turns (fewer when the game ends or ``until(game)`` holds): whoever is
    on turn plays the card in slot 1, 2, 3… or, when the engine refuses, discards it."""
    for i in range(turns):
        game.refresh_from_db()
        if game.status != "in_progress" or until(game):
            break
        position = 1 + i % 8
        try:
            gs.game_play_card(game_id=game.pk, player=player_on_turn(game),
                              version=game.version, position=position)
        except gs.GameError:
            discard_on_turn(game, position=position)
    game.refresh_from_db()
    return game
