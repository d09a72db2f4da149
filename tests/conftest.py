"""Shared fixtures: fast settings and the personas alice, bob and carol.

alice owns things, bob plays against her, carol is an outsider who must not
see what is theirs.
"""
import gc
import itertools

import pytest

from tests.factories import PlayerFactory

PASSWORD = "correct-horse-battery"


# The folders whose tests take longest (servers in processes, browsers, thousands of
# requests), run first: `make test` hands the tests to its two workers one module at a time
# (xdist's loadgroup, see the Makefile), so a long module left for the end kept one worker
# busy while the other had nothing left to do. With the light tests last, they end together.
HEAVY_FOLDERS = ("robustness", "devtools", "browser", "security")
WIDE_SCOPES = ("class", "module", "package")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Heavy folders first (after pytest-django's own order, which a stable sort keeps
    within each folder). A test module with a fixture shared by its tests must be one
    xdist group, or the two workers would each set it up (a server: 10-30 s)."""
    def weight(item):
        parts = item.nodeid.split("/")
        folder = parts[1] if len(parts) > 2 and parts[0] == "tests" else ""
        return HEAVY_FOLDERS.index(folder) if folder in HEAVY_FOLDERS else len(HEAVY_FOLDERS)

    items.sort(key=weight)
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        shared = [(name, defs[-1].scope)
                  for name, defs in (info.name2fixturedefs.items() if info else ())
                  # (baseid: a fixture of the suite's own, not of a plugin such as
                  # pytest-django's per-class set-up, which costs nothing per test)
                  if defs and defs[-1].scope in WIDE_SCOPES and defs[-1].baseid]
        if shared and item.get_closest_marker("xdist_group") is None:
            name, scope = shared[0]
            raise pytest.UsageError(
                f"{item.nodeid} uses the {scope}-scoped fixture {name}: give its module "
                f"pytestmark = pytest.mark.xdist_group(\"<module name>\")")


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_in_process():
    # Celery caches its configuration on first use, so the settings fixture cannot
    # switch eager mode; set it on the app. Tests call services and tasks directly.
    from marcomage.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


@pytest.fixture(autouse=True, scope="session")
def _redis_cache_of_this_worker():
    """With REDIS_URL, each test process caches in a Redis database of its own (1, 2, ...):
    the workers' test databases reuse the same ids, and a test's ``cache.clear()`` flushes
    a whole Redis database, so a shared one would mix cached users and sessions between
    the workers and empty them in the middle of another worker's test."""
    import os

    from django.conf import settings
    from django.core.cache import caches

    location = settings.CACHES["default"].get("LOCATION")
    if not settings.REDIS_URL or not location:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    number = 1 + int("".join(c for c in worker if c.isdigit()) or 0) % 15
    base = location.rsplit("/", 1)[0] if location.count("/") > 2 else location
    settings.CACHES["default"]["LOCATION"] = f"{base}/{number}"
    caches["default"].close()
    del caches["default"]  # reopened with the new location on first use


# What the migrations made and no test changes: the flush after a transactional test keeps it.
KEPT_BY_THE_FLUSH = ("django_content_type", "auth_permission")


@pytest.fixture(autouse=True, scope="session")
def _transactional_tests_end_with_deletes():
    """A transactional test (websockets, browsers, threads) ends with Django's flush, which
    on PostgreSQL is one TRUNCATE of all 72 tables: about 2 s each time here (every table
    and index gets new files), over a minute of a run's time per 40 such tests. A DELETE of
    every table does the same to these few rows in 0.04 s. The foreign keys are checked at
    the commit (Django makes them DEFERRABLE INITIALLY DEFERRED, which
    tests/site/test_test_database_flush.py keeps true), so the order does not matter. With
    ``reset_sequences`` the flush stays Django's own.

    The content types and permissions stay, as the migrations made them: deleted, they were
    made again by the flush's post_migrate signal (0.4 s of a 0.5 s flush), under new ids;
    kept, that signal only finds them there."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences,
                            allow_cascade=allow_cascade)
        return ["SET CONSTRAINTS ALL DEFERRED"] + [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))}"
            for table in tables if table not in KEPT_BY_THE_FLUSH]

    DatabaseOperations.sql_flush = sql_flush
    yield
    DatabaseOperations.sql_flush = truncate


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, with what still holds a connection to it closed before
    it is dropped: the sockets' sync threads and the servers that tests run in threads keep
    theirs, and PostgreSQL refused to drop a database in use (a warning at the end of a run,
    the database left behind)."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                               " WHERE datname = current_database()"
                               " AND pid <> pg_backend_pid()")


@pytest.fixture(autouse=True)
def _the_test_transaction_is_kept(request):
    """A test in a transaction (``django_db`` without ``transaction=True``) must end inside
    it: code that closes the test's connection (or commits) would write the rest of the
    test, and every test after it on the worker, to the database for good."""
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or (
        marker is not None and (marker.kwargs.get("transaction") or
                                (marker.args and marker.args[0])))
    if (marker is None and "db" not in request.fixturenames) or transactional:
        yield
        return
    request.getfixturevalue("_django_db_helper")  # torn down after this fixture
    yield
    from django.db import connection

    if not connection.in_atomic_block:
        pytest.fail("the test's transaction was lost (its connection was closed or "
                    "committed): what it wrote afterwards stays in the database")


@pytest.fixture(autouse=True)
def _channel_prefix_of_this_test(monkeypatch):
    """Servers a test starts (subprocesses inherit the environment) use a channel-layer
    prefix of their own: tests running side by side on one Redis have games with the same
    ids, and one's socket heard the other's presence in group game-1 (a flaky cross-process
    test)."""
    import uuid

    monkeypatch.setenv("CHANNEL_PREFIX", f"t{uuid.uuid4().hex[:12]}")


@pytest.fixture(scope="session")
def _folders_of_the_tests(tmp_path_factory):
    """One folder for the run, where each test gets a numbered folder of its own."""
    return tmp_path_factory.mktemp("each-test")


_test_numbers = itertools.count()


@pytest.fixture(autouse=True)
def _settings_of_this_test(_folders_of_the_tests):
    """Every test's settings, in one override (a test's own ``settings`` fixture goes on top):

    - fast password hashing, no login lockout or flood control (tests/site/test_flood_control.py
      turns it on), Celery tasks run in the test, the in-memory channel layer;
    - files (media, private exports, the web push key file) in a folder of this test's own;
      web push keys made for this test only (players/push/keys.py), never the project's file;
    - each cache under a key prefix of this test's own: test databases reuse ids, so entries
      keyed by ids (suggestions, spectator counts, cached users) written by one test must never
      be read by the next one on the same worker (with Redis or in memory alike);
    - notices queued by a test wait for the test to drain them (NOTIFICATION_THREADS 0,
      ``_notifications_wait_for_the_test``).

    One override and a plain numbered folder, not pytest-django's ``settings`` (a nested
    override per setting, each read walking through all of them) and ``tmp_path`` (which
    lists the run's folder to number each one): about 4 ms less a test (2,000 empty tests
    18.6 -> 10.9 s)."""
    import uuid

    from django.conf import settings
    from django.test.utils import override_settings

    folder = _folders_of_the_tests / str(next(_test_numbers))
    folder.mkdir()
    prefix = f"t{uuid.uuid4().hex[:12]}"
    caches = {name: {**config, "KEY_PREFIX": prefix} for name, config in settings.CACHES.items()}
    with override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            AXES_ENABLED=False, FLOOD_CONTROL=False,
            MEDIA_ROOT=folder / "media", PRIVATE_ROOT=folder / "private",
            VAPID_PRIVATE_KEY="", VAPID_PUBLIC_KEY="", VAPID_KEY_FILE=str(folder / "vapid-keys"),
            CELERY_TASK_ALWAYS_EAGER=True,
            CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}},
            EXPORT_THREADS=0,  # data exports wait for drain() (marcomage/privacy/exports.py)
            CACHES=caches, NOTIFICATION_THREADS=0):
        yield


@pytest.fixture(autouse=True)
def _notifications_wait_for_the_test(_settings_of_this_test):
    """Notices queued by a test wait in the background queue until the test drains it
    (tests/players/notifications/helpers.py; NOTIFICATION_THREADS is 0): threads of their own
    would not see the test's transaction. Nothing queued, nor any game socket counted open,
    outlives a test."""
    from players.notifications import presence
    from players.notifications.tasks import local_work

    local_work.discard_waiting()
    presence.forget_local()
    yield
    local_work.discard_waiting()
    presence.forget_local()


@pytest.fixture(autouse=True)
def _data_migrations_restored(request):
    """The forum's sections and the Moderators group come from data migrations, and the
    flush that ends every transactional test (websockets, browsers) wipes them out for the
    tests after it on the same worker: put them back before each test that uses the
    database."""
    if ("django_db_setup" not in request.fixturenames
            and request.node.get_closest_marker("django_db") is None):
        return
    import importlib

    from django.apps import apps

    request.getfixturevalue("django_db_setup")
    with request.getfixturevalue("django_db_blocker").unblock():
        if not apps.get_model("forum", "ForumSection").objects.exists():
            importlib.import_module("forum.migrations.0002_default_sections").create_sections(
                apps, None)
        if not apps.get_model("auth", "Group").objects.filter(name="Moderators").exists():
            importlib.import_module("marcomage.migrations.0002_moderators_group").create_group(
                apps, None)


@pytest.fixture
def alice(db):
    return PlayerFactory(user__username="alice")


@pytest.fixture
def bob(db):
    return PlayerFactory(user__username="bob")


@pytest.fixture
def carol(db):
    return PlayerFactory(user__username="carol")


@pytest.fixture
def superuser_client(carol, client_of):
    """carol, made an administrator: a client logged in as a superuser."""
    carol.user.is_staff = carol.user.is_superuser = True
    carol.user.save()
    return client_of(carol)


@pytest.fixture
def client_of(client):
    """client_of(player) -> a test client logged in as that player."""
    from django.test import Client

    def _client(player):
        c = Client()
        c.force_login(player.user)
        return c

    return _client


@pytest.fixture(autouse=True)
def _no_data_export_carried_over():
    """Data exports a test queued (and never drained) are not the next test's."""
    yield
    from marcomage.privacy.exports import local_exports

    local_exports.discard_waiting()


@pytest.fixture
def collector_off():
    """The garbage collector off for the test: what is freed is freed by reference counts
    alone (a request, a page's context: tests of reference cycles)."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()
