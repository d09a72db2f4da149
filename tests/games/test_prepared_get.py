"""PreparedQuery (marcomage/prepared.py): compiled once, and the same instance as the
queryset's own get()."""
from unittest import mock

import pytest
from django.db.models.sql.compiler import SQLCompiler

from games.models import Game
from games.services.access import COLUMNS_NOT_FOR_MOVES
from marcomage.prepared import PreparedQuery

pytestmark = pytest.mark.django_db


def _prepared():
    return PreparedQuery(lambda pk: Game.objects.select_related("player1__user", "player2__user")
                       .defer(*COLUMNS_NOT_FOR_MOVES).filter(pk=pk))


def test_it_builds_what_the_queryset_builds(started_game, django_assert_num_queries):
    game = started_game()
    expected = (Game.objects.select_related("player1__user", "player2__user")
                .defer(*COLUMNS_NOT_FOR_MOVES).get(pk=game.pk))
    prepared = _prepared()
    with django_assert_num_queries(1):
        found = prepared.get(game.pk)
        # The joined rows are attached: names and players cost no query.
        assert (found.player1.user.username, found.player2.user.username) == (
            expected.player1.user.username, expected.player2.user.username)
    assert found.get_deferred_fields() == expected.get_deferred_fields() == set(
        COLUMNS_NOT_FOR_MOVES)
    for field in Game._meta.concrete_fields:
        if field.attname not in COLUMNS_NOT_FOR_MOVES:
            assert getattr(found, field.attname) == getattr(expected, field.attname), field
    assert isinstance(found.state, dict) and found.state == expected.state  # JSON converted
    assert found._state.adding is False and found._state.db == "default"


def test_it_compiles_once():
    prepared = _prepared()
    with mock.patch.object(SQLCompiler, "as_sql", autospec=True,
                           side_effect=SQLCompiler.as_sql) as compiled:
        for _ in range(3):
            with pytest.raises(Game.DoesNotExist):
                prepared.get(10**9)
    assert compiled.call_count == 1


def test_keys_that_are_not_there_or_not_keys(db):
    prepared = _prepared()
    with pytest.raises(Game.DoesNotExist):
        prepared.get(123456789)
    with pytest.raises(Game.DoesNotExist):  # out of the column's range: not a database error
        prepared.get(10**30)
    with pytest.raises(ValueError):
        prepared.get("not a number")


def test_a_queryset_without_its_key_is_refused(db):
    keyless = PreparedQuery(lambda pk: Game.objects.filter(pk=1))
    with pytest.raises(ValueError):
        keyless.get(1)


def test_rows_of_a_values_list_with_its_key_used_twice(started_game):
    started_game(), started_game()  # alice and bob play two games
    prepared = PreparedQuery(lambda player_id: Game.objects.filter(
        Game.my_turn_q(player_id), status="in_progress")
        .order_by("last_action_at", "pk").values_list("pk"))
    seen = 0
    for game in Game.objects.all():
        for player in (game.player1, game.player2):
            expected = list(Game.objects.filter(Game.my_turn_q(player), status="in_progress")
                            .order_by("last_action_at", "pk").values_list("pk"))
            assert prepared.rows(player.pk) == expected
            seen += len(expected)
    assert seen  # someone is on turn somewhere
    assert prepared.rows(10**30) == []


def test_annotations_arrive_on_the_instance(started_game):
    from django.db.models import Value
    game = started_game()
    prepared = PreparedQuery(lambda pk: Game.objects.annotate(tag=Value("seven")).filter(pk=pk))
    assert prepared.get(game.pk).tag == "seven"
