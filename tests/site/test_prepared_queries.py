"""marcomage/prepared.py leans on Django's internals: this pins every prepared query.

A ``PreparedQuery`` keeps the SQL Django compiled once and builds the results itself
through the compiler's private parts (``klass_info``, ``select``, ``annotation_col_map``,
``results_iter``, ``get_related_populators``). A Django upgrade may change those without
notice, so here each query of the site is run both ways on the test database, prepared and
through the ordinary ORM, and must give the same SQL and the same results; and the Django
version it was checked with is pinned: a new version fails here first, loudly.
"""
import re
from datetime import timedelta
from pathlib import Path

import django
import pytest
from django.db import connection, transaction
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from decks import services as deck_services
from decks.models import Deck
from games import services as gs
from games.game import selectors as game_selectors
from games.models import Game
from games.services import access
from marcomage import prepared as prepared_module
from marcomage.prepared import PreparedQuery
from marcomage.site import selectors as site_selectors
from players.accounts import user_cache
from players.models import AwardCounters
from players.progression import services as progression_services
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

# The Django that marcomage/prepared.py was checked against. On an upgrade: run this file;
# if the comparisons below pass, raise the pin; if not, mend prepared.py (or drop it).
CHECKED_WITH_DJANGO = (5, 2)

# Every prepared query of the site, by the module that holds it (a new one must be added
# here, and to PREPARED below, so that it is compared too).
HOLDERS = {
    "players/accounts/user_cache.py": 1,
    "games/services/access.py": 1,
    "games/game/selectors.py": 3,
    "marcomage/site/selectors.py": 1,
    "players/progression/services.py": 1,
}


def test_the_django_version_is_the_one_prepared_py_was_checked_with():
    assert django.VERSION[:2] == CHECKED_WITH_DJANGO, (
        "marcomage/prepared.py uses Django internals (SQLCompiler.klass_info, select, "
        "annotation_col_map, col_count, results_iter, get_converters, apply_converters, "
        "has_composite_fields; get_related_populators): check it on this "
        "Django with tests/site/test_prepared_queries.py, then update CHECKED_WITH_DJANGO")


def test_the_internals_it_uses_are_there():
    compiler = Game.objects.select_related("player1__user").filter(pk=1).query.get_compiler(
        using="default")
    sql, params = compiler.as_sql()
    assert isinstance(sql, str) and list(params) == [1]
    assert compiler.klass_info is not None and "select_fields" in compiler.klass_info
    column, _, alias = compiler.select[0]
    assert column.target.attname == "id" and alias is None
    assert isinstance(compiler.annotation_col_map, dict)
    assert callable(get_related_populators) and callable(SQLCompiler.results_iter)
    fields = [column[0] for column in compiler.select[0:compiler.col_count]]
    assert compiler.has_composite_fields(fields) is False
    assert isinstance(compiler.get_converters(fields), dict)
    assert callable(SQLCompiler.apply_converters)
    assert callable(connection.ops.adapt_datetimefield_value)
    assert callable(connection.ops.integer_field_range)


def test_every_prepared_query_of_the_site_is_pinned_here():
    found = {}
    for path in [*ROOT.glob("[a-z]*/**/*.py")]:
        if ".venv" in path.parts or "tests" in path.parts or path.name == "prepared.py":
            continue
        count = len(re.findall(r"\bPreparedQuery\(", path.read_text()))
        if count:
            found[str(path.relative_to(ROOT))] = count
    assert found == HOLDERS


@pytest.fixture
def players_and_game(django_capture_on_commit_callbacks):
    alice = PlayerFactory(user__username="alice", level=10)
    bob = PlayerFactory(user__username="bob", level=10)
    for player in (alice, bob):
        deck_services.decks_give_starters(player)

    def ready(player):
        return Deck.objects.filter(player=player, is_ready=True).order_by("pk").first()
    with django_capture_on_commit_callbacks(execute=True):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=ready(alice))
        game = gs.challenge_accept(game_id=game.pk, player=bob, deck=ready(bob))
    return alice, bob, Game.objects.get(pk=game.pk)


def _same_sql(prepared: PreparedQuery, *keys):
    """The prepared query's SQL and parameters, its keys put in, are the ORM's."""
    moments = tuple(hasattr(key, "tzinfo") for key in keys)
    entry = prepared._entry("default", moments)
    orm_sql, orm_params = prepared._build(*keys).query.get_compiler(using="default").as_sql()
    assert entry["sql"] == orm_sql
    params = list(entry["params"])
    for key, positions in zip(keys, entry["keys_at"], strict=True):
        value = connection.ops.adapt_datetimefield_value(key) if hasattr(key, "tzinfo") else key
        for position in positions:
            params[position] = value
    assert params == list(orm_params)


def _same_instance(found, expected):
    assert type(found) is type(expected)
    assert found.get_deferred_fields() == expected.get_deferred_fields()
    for field in type(expected)._meta.concrete_fields:
        if field.attname not in expected.get_deferred_fields():
            assert getattr(found, field.attname) == getattr(expected, field.attname), field
    assert found._state.adding is False and found._state.db == expected._state.db


def _same_game(prepared, game):
    _same_sql(prepared, game.pk)
    found, expected = prepared.get(game.pk), prepared._build(game.pk).get()
    _same_instance(found, expected)
    for name in access.PLAYER_AVATARS:  # the players' avatars, annotated alike
        assert getattr(found, name) == getattr(expected, name)
    for seat in ("player1", "player2"):  # select_related rows attached alike
        assert Game._meta.get_field(seat).is_cached(found)
        _same_instance(getattr(found, seat), getattr(expected, seat))
        _same_instance(getattr(found, seat).user, getattr(expected, seat).user)


def test_the_game_for_the_board_and_with_its_start(players_and_game):
    _, _, game = players_and_game
    _same_game(game_selectors._GAME_FOR_BOARD, game)
    _same_game(game_selectors._GAME_WITH_START, game)


def test_the_locked_game_of_a_move(players_and_game):
    _, _, game = players_and_game
    with transaction.atomic():  # select_for_update: inside a transaction only
        _same_game(access._LOCKED_GAME, game)


def test_the_games_on_turn(players_and_game):
    alice, bob, game = players_and_game
    for player in (alice, bob):
        prepared = game_selectors._GAMES_ON_TURN
        _same_sql(prepared, player.pk)
        assert prepared.rows(player.pk) == list(prepared._build(player.pk))
    on_turn = alice if game.current_seat == 0 else bob
    assert game_selectors._GAMES_ON_TURN.rows(on_turn.pk) == [(game.pk,)]


def test_the_locked_award_counters(players_and_game):
    alice, _, _ = players_and_game
    AwardCounters.objects.get_or_create(player=alice, defaults={"wall": 7})
    prepared = progression_services._COUNTERS_LOCKED
    with transaction.atomic():  # select_for_update: inside a transaction only
        _same_sql(prepared, alice.pk)
        found, expected = prepared.get(alice.pk), prepared._build(alice.pk).get()
    _same_instance(found, expected)
    assert found.wall == 7


def test_the_signed_in_user(players_and_game):
    alice, _, _ = players_and_game
    prepared = user_cache._USER_WITH_PLAYER
    _same_sql(prepared, alice.user_id)
    found, expected = prepared.get(alice.user_id), prepared._build(alice.user_id).get()
    _same_instance(found, expected)
    _same_instance(found.player, expected.player)
    _same_instance(found.player.settings, expected.player.settings)
    for annotation in ("role_grants_direct", "role_grants_group"):
        assert getattr(found, annotation) == getattr(expected, annotation)


@pytest.mark.parametrize("shape", sorted(site_selectors._NAV_MARKS))
def test_the_navigation_marks(players_and_game, shape):
    alice, _, _ = players_and_game
    prepared = site_selectors._NAV_MARKS[shape]
    now = timezone.now() + timedelta(seconds=1)
    _same_sql(prepared, alice.pk, alice.created_at, now)
    assert prepared.row(alice.pk, alice.created_at, now) == (
        prepared._build(alice.pk, alice.created_at, now).first())


def _server_statements():
    with connection.cursor() as cursor:
        cursor.execute("SELECT name, statement, generic_plans FROM pg_prepared_statements"
                       " WHERE name LIKE 'marcomage_hot_%%'")
        return {name: (text, generic) for name, text, generic in cursor.fetchall()}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_on_postgresql_a_hot_statement_is_prepared_once_and_its_plan_kept(players_and_game):
    _, _, game = players_and_game
    prepared = game_selectors._GAME_FOR_BOARD
    name = prepared_module._statement_name(prepared._entry("default")["sql"])
    with CaptureQueriesContext(connection) as ctx:
        for _ in range(8):
            _same_game(prepared, game)
    # each run executes the statement by name (the PREPARE is the connection's set-up)
    runs = [logged for logged in (q["sql"] for q in ctx.captured_queries)
            if logged.startswith("EXECUTE ")]
    assert {run.split(" (")[0] for run in runs} == {f"EXECUTE {name}"} and len(runs) == 8
    assert prepared_module.logged_statement(runs[0]) == prepared._entry("default")["sql"]
    text, generic_plans = _server_statements()[name]
    assert text.startswith(f"PREPARE {name} AS SELECT") and "$1" in text
    assert generic_plans > 0  # planned once, then the same plan reused

    # A connection that lost its statements (as a new one has none) prepares them again.
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    connection._hot_prepared = None
    _same_game(prepared, game)
    assert name in _server_statements()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_behind_a_transaction_pooler_nothing_is_prepared(players_and_game, monkeypatch):
    _, _, game = players_and_game
    monkeypatch.setitem(connection.settings_dict, "DISABLE_SERVER_SIDE_CURSORS", True)
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    connection._hot_prepared = None
    with CaptureQueriesContext(connection) as ctx:
        _same_game(game_selectors._GAME_FOR_BOARD, game)
    assert not _server_statements()
    assert all(q["sql"].startswith("SELECT") for q in ctx.captured_queries)


def test_the_drivers_placeholders_become_numbered_ones():
    assert (prepared_module._server_text("SELECT %s, '%%' WHERE a = %s LIMIT %s")
            == "SELECT $1, '%' WHERE a = $2 LIMIT $3")
