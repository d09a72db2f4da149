"""Read queries of the hot path, compiled once per process.

Django compiles a queryset's SQL again on every run. For the game row with both players
and their user rows (four joins, three columns left out), compiling cost more than the
query itself: 12 % of a server process's CPU under load went to the live boards' game
query alone, most of it in the compiler (py-spy, devtools/load.py at 200 games). A
``PreparedQuery`` compiles its queryset the first time (per database), keeps the SQL and
what the queryset needs to build its results, and then only runs the SQL with the new key:
``get`` builds the instance as ``QuerySet.get`` would (deferred columns stay deferred,
``select_related`` rows are attached, database values are converted the same way);
``rows`` gives a ``values_list`` queryset's rows.

Only for querysets whose shape never changes: the builder gets the key and nothing else
(it may use it more than once). A ``select_for_update`` one must still be run inside a
transaction (Django checks that when it compiles, so here the first time only).
"""
import threading

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.query import get_related_populators

# Stands for the key while compiling; found again among the compiled parameters.
_MARKER = -7_654_321_987_654


class PreparedQuery:
    def __init__(self, build):
        """``build(key)``: the queryset, for the key ``key`` (a primary key, an id)."""
        self._build = build
        self._compiled = {}
        self._lock = threading.Lock()

    def _compile(self, using):
        queryset = self._build(_MARKER)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        positions = [i for i, value in enumerate(params) if value == _MARKER]
        if not positions:
            raise ValueError("the prepared queryset does not use its key")
        entry = {"model": queryset.model, "compiler": compiler, "sql": sql,
                 "params": list(params), "key_at": positions}
        klass_info, select = compiler.klass_info, compiler.select
        if klass_info is not None:  # model instances (not a values_list)
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            entry.update(start=start, end=end,
                         init_list=[column[0].target.attname for column in select[start:end]],
                         populators=get_related_populators(klass_info, select, using))
        return entry

    def _entry(self, using):
        entry = self._compiled.get(using)
        if entry is None:
            with self._lock:
                entry = self._compiled.get(using)
                if entry is None:
                    entry = self._compiled[using] = self._compile(using)
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
        params = list(entry["params"])
        for position in entry["key_at"]:
            params[position] = key_field.get_db_prep_value(key, connection)
        with connection.cursor() as cursor:
            cursor.execute(entry["sql"], params)
            rows = cursor.fetchall() if many else cursor.fetchmany(2)
        return list(entry["compiler"].results_iter(results=[rows]))

    def rows(self, key, *, using=DEFAULT_DB_ALIAS) -> list:
        """A ``values_list`` queryset's rows for ``key`` (an id, of the primary key's type);
        none for a key that cannot match; ValueError for one that is not an id."""
        return self._run(self._entry(using), key, using, many=True) or []

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
        return instance
