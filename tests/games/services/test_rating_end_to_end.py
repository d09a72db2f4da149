"""A game finished through the games services is rated once the transaction commits."""
import pytest

from games import services as gs
from games.models import Game
from players.models import Message, Player
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


def test_surrendered_game_is_rated_for_both(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice, "A"))
        gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, "B", starter=1))
    with django_capture_on_commit_callbacks(execute=True):
        gs.game_surrender(game_id=game.pk, player=alice)
        gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game = Game.objects.get(pk=game.pk)
    assert game.rated_at is not None
    a, b = Player.objects.get(pk=alice.pk), Player.objects.get(pk=bob.pk)
    assert (a.losses, a.exp) == (1, 0)  # a surrendering loser earns nothing
    assert b.wins == 1
    # 95 EXP for a surrender win; at the opening position alice's stock (30) and tower (30)
    # are both low (major, major) but bob's own tower is too (tactical): floor(7/3) = minor,
    # 95 × 1.25 = 118.75 → 119.
    assert b.exp == 119
    assert Message.objects.filter(recipient=bob, kind="battle_report").count() == 1
    assert Message.objects.filter(recipient=alice, kind="challenge").count() == 1
