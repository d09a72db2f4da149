"""A move rewrites its game row in place: nothing the move's UPDATE sets is indexed, so
PostgreSQL can keep the new row version on the same page without touching the table's
twelve indexes (a "HOT" update). Measured under load before: 827 of 75,442 game updates were
HOT; each other one added an entry to every index of the table."""
import pytest
from django.db import connection, transaction

from games.models import Game
from games.services.turns import TURN_CHANGES

from .conftest import discard_on_turn

pytestmark = pytest.mark.django_db


def _indexed_columns(table):
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return {column for c in constraints.values() if c["index"] or c["unique"]
            for column in c["columns"]}


def test_no_column_a_move_sets_is_indexed():
    moved = set(TURN_CHANGES.columns)
    assert {"state", "current_seat", "last_action_at", "version"} <= moved
    indexed = _indexed_columns(Game._meta.db_table)
    assert "player1_id" in indexed  # (the introspection sees the table's indexes)
    assert moved & indexed == set()


@pytest.mark.django_db(transaction=True)  # VACUUM runs outside a transaction
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own counters")
def test_moves_update_the_game_row_in_place(started_game):
    game = started_game()
    table = Game._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [table])
        assert "fillfactor=80" in (cursor.fetchone()[0] or [])
        # An update stays in place only if its page has room. A page keeps its old row
        # versions until it is vacuumed (or pruned), and the versions earlier tests left
        # there (autovacuum may be off) once filled the game's page: start from a vacuumed
        # table, so that only the moves decide.
        cursor.execute(f'VACUUM "{table}"')

        def updates():
            # This transaction's own counts: (updates, in place)
            cursor.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables "
                           "WHERE relname = %s", [table])
            return cursor.fetchone()

        with transaction.atomic():
            before = updates()
            for _ in range(2):
                discard_on_turn(game)
            after = updates()
    assert after[0] - before[0] == 2
    assert after[1] - before[1] == 2
