"""Winning an AI challenge counts toward the "AI challenges won" achievement (rules-engine
§13: the game is friendly and unrated, the counter still grows); losing one does not."""
import itertools

import pytest
from django.db import transaction

from games import services as gs
from games.models import Game
from games.services.endings import game_end
from players.models import AwardCounters
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


_made = itertools.count(1)


def _challenge(player):
    if player.level < 10:
        player.level = 10
        player.save(update_fields=["level"])
    name, _fullname = gs.ai_challenge_choices()[0]
    return gs.ai_challenge_start(player=player, deck=make_deck(player, name=f"challenge {next(_made)}"),
                                 challenge=name)


def _won(player):
    row = AwardCounters.objects.filter(player=player).first()
    return row.ai_challenges if row else 0


def _end(game, winner_seat):
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        game_end(locked, winner_seat=winner_seat, outcome=Game.Outcome.CONSTRUCTION)


def test_a_won_ai_challenge_counts_once(carol):
    game = _challenge(carol)
    _end(game, winner_seat=0)
    assert _won(carol) == 1
    second = _challenge(carol)
    _end(second, winner_seat=0)
    assert _won(carol) == 2


def test_a_lost_or_surrendered_ai_challenge_does_not_count(carol):
    _end(_challenge(carol), winner_seat=1)
    game = _challenge(carol)
    gs.game_surrender(game_id=game.pk, player=carol)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert _won(carol) == 0


def test_a_won_game_against_the_computer_outside_a_challenge_does_not_count(carol):
    game = gs.ai_game_start(player=carol, deck=make_deck(carol, name="plain"))
    _end(game, winner_seat=0)
    assert _won(carol) == 0
