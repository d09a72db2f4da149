"""Read queries of the hot path, compiled once per process.

Django compiles a queryset's SQL again on every run. For the game row with both players
and their user rows (four joins, three columns left out), compiling cost more than the
query itself: 12 % of a server process's CPU under load went to the live boards' game
query alone, most of it in the compiler (py-spy, devtools/load.py at 200 games). A
``PreparedQuery`` compiles its queryset the first time (per database), keeps the SQL, the
columns' converters and what the queryset needs to build its results, and then only runs
the SQL with the new key:
``get`` builds the instance as ``QuerySet.get`` would (deferred columns stay deferred,
``select_related`` rows are attached, database values are converted the same way);
``rows`` gives a ``values_list`` queryset's rows; ``row`` the one row of a ``values``
queryset asked with several keys (ids and moments: the navigation's marks, for a player, its
registration and now).

Only for querysets whose shape never changes: the builder gets the keys and nothing else
(it may use each more than once). A ``select_for_update`` one must still be run inside a
transaction (Django checks that when it compiles, so here the first time only).

On PostgreSQL these statements (and ``PreparedUpdate``'s, the move's turn INSERT) are also
prepared on the server, once per connection (``execute_hot``): PostgreSQL plans a statement
sent as text every time, and the game row with both players, their users and settings
(seven tables) took 1.0-1.3 ms to plan against 0.2 ms to run; at think time 0 planning was
5.1 of PostgreSQL's 7.2 s of statement time (pg_stat_statements with track_planning). Not
behind a pooler in transaction mode (``DISABLE_SERVER_SIDE_CURSORS``), where the next
transaction may get another server connection.

Leans on Django's private internals: docs/decisions/0001-prepared.md (why, what it saves,
how to remove it); guarded by tests/plumbing/test_fork_prepared.py.
"""
import re
import threading
from datetime import UTC, datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.query import get_related_populators

# Stand for the keys while compiling; found again among the compiled parameters (a moment
# as the database adapter passes it: SQLite's is a string).
_MARKER = -7_654_321_987_654
_MOMENT_MARKER = datetime(1901, 2, 3, 4, 5, 6, tzinfo=UTC)


def _marker(index: int, moment: bool):
    return _MOMENT_MARKER + timedelta(microseconds=index) if moment else _MARKER - index


def _adapted(value, moment: bool, connection):
    return connection.ops.adapt_datetimefield_value(value) if moment else value


# Each hot statement's name on the server (by its SQL), the same in every connection of the
# process.
_STATEMENT_NAMES: dict[str, str] = {}
_NAMES_LOCK = threading.Lock()
_PLACEHOLDER = re.compile(r"%s|%%")


def _statement_name(sql: str) -> str:
    name = _STATEMENT_NAMES.get(sql)
    if name is None:
        with _NAMES_LOCK:
            name = _STATEMENT_NAMES.get(sql)
            if name is None:
                name = _STATEMENT_NAMES[sql] = f"marcomage_hot_{len(_STATEMENT_NAMES) + 1}"
    return name


def _server_text(sql: str) -> str:
    """The driver's SQL (``%s`` for each value, ``%%`` for a percent sign) as PREPARE takes
    it (``$1``, ``$2``...)."""
    count = 0

    def number(match):
        nonlocal count
        if match.group() == "%%":
            return "%"
        count += 1
        return f"${count}"
    return _PLACEHOLDER.sub(number, sql)


def execute_hot(cursor, sql: str, params) -> None:
    """``cursor.execute(sql, params)`` for a statement of the hot path, whose text never
    changes: on PostgreSQL (not behind a transaction pooler) prepared on the server the
    first time this connection runs it, then executed by name, so that it is planned once
    per connection instead of on every run (see the module's text)."""
    wrapper = cursor.db
    if wrapper.vendor != "postgresql" or wrapper.settings_dict.get(
            "DISABLE_SERVER_SIDE_CURSORS"):
        cursor.execute(sql, params)
        return
    name = _statement_name(sql)
    raw = wrapper.connection
    prepared = getattr(wrapper, "_hot_prepared", None)
    if prepared is None or prepared[0] is not raw:  # a new connection has none of them
        prepared = wrapper._hot_prepared = (raw, set())
    if name not in prepared[1]:
        # Set-up of the connection, as its time zone is: on the driver's own cursor, so the
        # statement is not counted among the request's queries.
        with wrapper.wrap_database_errors, raw.cursor() as setup:
            setup.execute(f"PREPARE {name} AS {_server_text(sql)}")
        prepared[1].add(name)
    values = ", ".join(["%s"] * len(params))
    cursor.execute(f"EXECUTE {name} ({values})" if params else f"EXECUTE {name}", params)


def logged_statement(sql: str) -> str:
    """The statement a query log's line ran: for ``EXECUTE <name> (...)`` of a hot statement,
    that statement's SQL (as the driver took it), else ``sql`` itself."""
    if sql.startswith("EXECUTE marcomage_hot_"):
        name = sql.split()[1]
        return next((text for text, named in list(_STATEMENT_NAMES.items()) if named == name), sql)
    return sql


def _no_back_link(related, instance):
    pass


def _one_way(populators):
    """``select_related`` populators that link a row to the related row it selected (the
    game's player, the player's user) but not back (the user's player): Django links a
    one-to-one both ways, a reference cycle each, which left every game row's players and
    users to the garbage collector (marcomage/weak_request.py says why that matters). Who
    holds the user of a prepared row and asks for its player gets it by a query."""
    for populator in populators:
        populator.remote_setter = _no_back_link
        _one_way(populator.related_populators)
    return populators


class PreparedQuery:
    def __init__(self, build):
        """``build(key)``: the queryset, for the key ``key`` (a primary key, an id)."""
        self._build = build
        self._compiled = {}
        self._lock = threading.Lock()

    def _compile(self, using, moments=(False,)):
        """``moments``: for each key, whether it is a moment (else an id)."""
        connection = connections[using]
        markers = [_marker(i, moment) for i, moment in enumerate(moments)]
        queryset = self._build(*markers)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        keys_at = []
        for marker, moment in zip(markers, moments, strict=True):
            found = _adapted(marker, moment, connection)
            keys_at.append([i for i, value in enumerate(params) if value == found])
        if not any(keys_at):  # a key it may leave out (a mark turned off), but not all
            raise ValueError("the prepared queryset does not use its key")
        # The columns' converters, worked out once (Django does it on every run: for the
        # game row's 47 columns a quarter of a millisecond per query); None: a composite
        # column, left to Django's own results_iter.
        fields = [column[0] for column in compiler.select[0:compiler.col_count]]
        converters = (None if compiler.has_composite_fields(fields)
                      else compiler.get_converters(fields))
        entry = {"model": queryset.model, "compiler": compiler, "sql": sql,
                 "converters": converters,
                 "params": list(params), "keys_at": keys_at,
                 "moments": tuple(moments),
                 # What each selected column is called (a values queryset's keys).
                 "names": [alias or getattr(getattr(column, "target", None), "attname", None)
                           for column, _, alias in compiler.select]}
        klass_info, select = compiler.klass_info, compiler.select
        if klass_info is not None:  # model instances (not a values_list)
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            entry.update(start=start, end=end,
                         init_list=[column[0].target.attname for column in select[start:end]],
                         populators=_one_way(get_related_populators(klass_info, select,
                                                                    using)),
                         annotations=dict(compiler.annotation_col_map or {}))
        return entry

    def _entry(self, using, moments=(False,)):
        entry = self._compiled.get(using)
        if entry is None:
            with self._lock:
                entry = self._compiled.get(using)
                if entry is None:
                    entry = self._compiled[using] = self._compile(using, moments)
        if entry["moments"] != moments:
            raise TypeError("a prepared query's keys keep their kinds (ids, moments)")
        return entry

    def _run(self, entry, key, using, many):
        """The converted rows for ``key`` (a key of the model's primary key type): all of
        them, or (``many`` False) the first two. None when ``key`` cannot match a row."""
        key_field = entry["model"]._meta.pk
        try:
            key = key_field.to_python(key)
        except ValidationError as error:
            raise ValueError(str(error)) from None
        connection = connections[using]
        low, high = connection.ops.integer_field_range(key_field.get_internal_type())
        if key is None or (low is not None and key < low) or (high is not None and key > high):
            return None
        return self._execute(entry, [key_field.get_db_prep_value(key, connection)], using,
                             fetch=None if many else 2)

    @staticmethod
    def _execute(entry, values, using, *, fetch=None):
        """Run the compiled SQL with ``values`` (one per key, as the database takes it) in
        place of the markers: the converted rows, all of them or the first ``fetch``."""
        params = list(entry["params"])
        for value, positions in zip(values, entry["keys_at"], strict=True):
            for position in positions:
                params[position] = value
        with connections[using].cursor() as cursor:
            execute_hot(cursor, entry["sql"], params)
            rows = cursor.fetchall() if fetch is None else cursor.fetchmany(fetch)
        converters = entry["converters"]
        if converters is None:
            return list(entry["compiler"].results_iter(results=[rows]))
        return list(entry["compiler"].apply_converters(rows, converters)) if converters else rows

    def rows(self, key, *, using=DEFAULT_DB_ALIAS) -> list:
        """A ``values_list`` queryset's rows for ``key`` (an id, of the primary key's type);
        none for a key that cannot match; ValueError for one that is not an id."""
        return self._run(self._entry(using), key, using, many=True) or []

    def row(self, *keys, using=DEFAULT_DB_ALIAS) -> dict | None:
        """The first row of a ``values`` queryset for these keys (ids, or aware datetimes
        for moments), as {name: value}; None when there is none."""
        moments = tuple(isinstance(key, datetime) for key in keys)
        entry = self._entry(using, moments)
        connection = connections[using]
        values = [_adapted(key, True, connection) if moment else int(key)
                  for key, moment in zip(keys, moments, strict=True)]
        rows = self._execute(entry, values, using, fetch=1)
        return dict(zip(entry["names"], rows[0], strict=True)) if rows else None

    def get(self, pk, *, using=DEFAULT_DB_ALIAS):
        """The instance with primary key ``pk``; ``Model.DoesNotExist`` when there is none,
        ValueError for a key that is not one (as ``QuerySet.get`` raises)."""
        entry = self._entry(using)
        model = entry["model"]
        rows = self._run(entry, pk, using, many=False)
        if not rows:
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
        if len(rows) > 1:
            raise model.MultipleObjectsReturned(f"more than one {model._meta.object_name}")
        row = rows[0]
        instance = model.from_db(using, entry["init_list"], row[entry["start"]:entry["end"]])
        for populator in entry["populators"]:
            populator.populate(row, instance)
        for name, position in entry["annotations"].items():
            setattr(instance, name, row[position])
        return instance


class PreparedUpdate:
    """``instance.save(update_fields=fields)`` for one model and a fixed set of fields, with
    the UPDATE written once per database: Django compiles it again on every save, which on
    the move path (the game row, once per move) cost more than running it. The values go
    through their fields as ``save`` sends them; no signals are sent (none are connected to
    the models this is used for) and the caller knows the row exists.
    """

    def __init__(self, model, fields):
        self._model = model
        self._fields = [model._meta.get_field(name) for name in fields]
        self._sql = {}

    @property
    def columns(self) -> list[str]:
        """The database columns this UPDATE writes, in order."""
        return [field.column for field in self._fields]

    def _statement(self, connection) -> str:
        sql = self._sql.get(connection.alias)
        if sql is None:
            quote = connection.ops.quote_name
            meta = self._model._meta
            columns = ", ".join(f"{quote(column)} = %s" for column in self.columns)
            sql = self._sql[connection.alias] = (
                f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s")
        return sql

    def save(self, instance, *, using=DEFAULT_DB_ALIAS) -> None:
        connection = connections[using]
        params = [field.get_db_prep_save(field.pre_save(instance, False), connection)
                  for field in self._fields]
        with connection.cursor() as cursor:
            execute_hot(cursor, self._statement(connection), [*params, instance.pk])
