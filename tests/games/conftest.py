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
