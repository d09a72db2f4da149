"""The move path's writes written once (marcomage.prepared.PreparedUpdate and the Turn
log's append): they store what Django's own save and create store, and compile nothing
after the first time."""
from datetime import timedelta
from unittest import mock

import pytest
from django.db.models.sql.compiler import SQLCompiler, SQLInsertCompiler, SQLUpdateCompiler
from django.utils import timezone

from games.models import Game, Turn
from games.services.turn_log import turn_log_append
from marcomage.prepared import PreparedUpdate

pytestmark = pytest.mark.django_db


def test_the_turn_log_numbers_each_line_next_and_stores_every_field(started_game):
    game, other = started_game(), started_game()
    before = timezone.now()
    turn_log_append(other, actor_seat=0, actor=other.player1, action="discard", position=2)
    for expected in (1, 2, 3):
        turn_log_append(game, actor_seat=expected % 2, actor=game.player1, action="play",
                        position=expected, card=7, mode=1, round=expected,
                        record={"cards": [1, 2], "note": "é"})
    lines = list(Turn.objects.filter(game=game).order_by("number"))
    assert [t.number for t in lines] == [1, 2, 3]  # the other game's line counts apart
    last = lines[-1]
    assert (last.actor_seat, last.actor_id, last.action, last.position, last.card, last.mode,
            last.round, last.record) == (1, game.player1_id, "play", 3, 7, 1, 3,
                                         {"cards": [1, 2], "note": "é"})
    assert (last.is_substitute, last.is_ai_move) == (False, False)  # the fields' defaults
    assert before <= last.created_at <= timezone.now() + timedelta(seconds=1)
    assert Turn.objects.get(game=other).number == 1


def test_the_turn_log_compiles_nothing_after_the_first_line(started_game):
    game = started_game()
    turn_log_append(game, actor_seat=0, actor=None, action="discard", position=1)
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled")), \
            mock.patch.object(SQLInsertCompiler, "as_sql", side_effect=AssertionError("compiled")):
        turn_log_append(game, actor_seat=1, actor=None, action="discard", position=1)
    assert Turn.objects.filter(game=game).count() == 2


def test_a_prepared_update_writes_only_its_fields(started_game):
    game = started_game()
    update = PreparedUpdate(Game, ("round", "version", "state"))
    stale = Game.objects.get(pk=game.pk)
    game.round, game.version = 41, game.version + 5
    game.state = {**game.state, "round": 41}
    game.is_friendly = not game.is_friendly  # not one of its fields: stays as stored
    with mock.patch.object(SQLUpdateCompiler, "as_sql", side_effect=AssertionError("compiled")):
        update.save(game)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.round, stored.version, stored.state["round"]) == (
        41, stale.version + 5, 41)
    assert stored.is_friendly == stale.is_friendly
