"""What the tests that start real server processes share over one test run: a migrated
database to copy and one folder of collected static files.

A fresh database made by `manage.py migrate` costs 6 to 15 s on PostgreSQL and about 10 s
on SQLite (on a shared 2-core machine); a copy of one migrated once is the same database in a fraction of a second:
``CREATE DATABASE ... TEMPLATE`` on PostgreSQL, a copy of the file on SQLite. Each test
still gets a database of its own.

The run's xdist workers share them (under a file lock in the run's temporary folder): the
first one that needs a thing makes it, and the last one to finish removes them all. The
template's name holds a hash of every migration file (a template never outlives a change of
them) and a token of the run (two runs on one PostgreSQL server never share one).
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_URL = (os.environ.get("DATABASE_URL", "")
                if os.environ.get("DATABASE_URL", "").startswith("postgres") else "")


def migrations_hash() -> str:
    """A hash of the migration files of every installed app (the project's and Django's,
    Celery beat's, ...): a template migrated with other files is never taken."""
    from django.apps import apps

    digest = hashlib.sha256()
    for config in sorted(apps.get_app_configs(), key=lambda config: config.label):
        for path in sorted((Path(config.path) / "migrations").glob("*.py")):
            digest.update(f"{config.label}/{path.name}\n".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _manage(*args, env: dict) -> None:
    env = {**os.environ, **env}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("REDIS_URL", None)  # migrate and collectstatic need no Redis
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   timeout=600)


def _postgres_admin():
    import psycopg2

    admin = psycopg2.connect(POSTGRES_URL.rpartition("/")[0] + "/postgres")
    admin.autocommit = True
    return admin


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class ServedSites:
    """The run's migrated templates and collected static files, made on first use.

    ``folder`` is shared by the run's workers; ``state.json`` in it names what has been
    made and which worker processes use it, read and written under ``lock``."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._lock_path = folder / "served-sites.lock"
        self._state_path = folder / "served-sites.json"
        self._joined = False

    @contextmanager
    def _state(self):
        """The shared state, under the lock; written back on leaving."""
        with open(self._lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                state = (json.loads(self._state_path.read_text())
                         if self._state_path.exists() else {"users": []})
                if not self._joined:
                    state["users"].append(os.getpid())
                    self._joined = True
                yield state
                self._state_path.write_text(json.dumps(state))
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    # ------------------------------------------------------------ SQLite
    def sqlite_url(self, folder: Path) -> str:
        """The URL of ``sqlite_database(folder)``."""
        return f"sqlite:///{self.sqlite_database(folder)}"

    def sqlite_database(self, folder: Path) -> Path:
        """``folder``/site.sqlite3, a migrated database of its own (copied from the
        template; left as it is when already there: servers may share a folder)."""
        database = folder / "site.sqlite3"
        if not database.exists():
            with self._state() as state:
                template = state.get("sqlite")
                if template is None:
                    template = str(self.folder / f"template-{migrations_hash()}.sqlite3")
                    building = Path(template + ".building")
                    building.unlink(missing_ok=True)
                    _manage("migrate", "--noinput", "-v0",
                            env={"DATABASE_URL": f"sqlite:///{building}"})
                    building.rename(template)
                    state["sqlite"] = template
                shutil.copyfile(template, database)
        return database

    # ------------------------------------------------------------ PostgreSQL
    @contextmanager
    def postgres_url(self, prefix: str):
        """A migrated PostgreSQL database of its own on DATABASE_URL's server (copied
        from the template), dropped on leaving; yields (its URL, its name)."""
        name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        admin = _postgres_admin()
        try:
            with self._state() as state:
                template = state.get("postgres")
                if template is None:
                    template = self._postgres_template(admin)
                    state["postgres"] = template
                with admin.cursor() as cursor:
                    # No session may be connected to a template while it is copied: none is
                    # (connections to it are refused since it was migrated).
                    cursor.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
            yield f"{POSTGRES_URL.rpartition('/')[0]}/{name}", name
        finally:
            with admin.cursor() as cursor:
                cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()

    @staticmethod
    def _postgres_template(admin) -> str:
        template = f"marcomage_template_{migrations_hash()}_{uuid.uuid4().hex[:6]}"
        with admin.cursor() as cursor:
            cursor.execute(f'CREATE DATABASE "{template}"')
            try:
                _manage("migrate", "--noinput", "-v0",
                        env={"DATABASE_URL": f"{POSTGRES_URL.rpartition('/')[0]}/{template}"})
            except BaseException:
                cursor.execute(f'DROP DATABASE "{template}" WITH (FORCE)')
                raise
            # Nothing connects to it by mistake (a copy would wait for it, then fail).
            cursor.execute(f'ALTER DATABASE "{template}" WITH ALLOW_CONNECTIONS false')
        return template

    # ------------------------------------------------------------ static files
    def static_root(self) -> Path:
        """The static files as collectstatic gathers them for DEBUG off (hashed names, a
        manifest, compressed copies): collected once, then only read (servers of
        several tests read them at once; nothing collects into this folder again)."""
        with self._state() as state:
            root = state.get("static")
            if root is None:
                root = str(self.folder / "static")
                building = Path(root + ".building")
                shutil.rmtree(building, ignore_errors=True)
                _manage("collectstatic", "--noinput", "-v0",
                        env={"DEBUG": "false", "SECRET_KEY": "collectstatic-" + "k" * 40,
                             "STATIC_ROOT": str(building)})
                building.rename(root)
                state["static"] = root
        return Path(root)

    # ------------------------------------------------------------ the end
    def leave(self) -> None:
        """This worker is done with them: the last one to leave removes them."""
        if not self._joined:
            return
        with self._state() as state:
            # A worker that died (xdist replaces a crashed one) never leaves: only the living
            # ones count.
            state["users"] = [pid for pid in state["users"]
                              if pid != os.getpid() and _alive(pid)]
            self._joined = False
            if state["users"]:
                return
            if state.get("postgres"):
                admin = _postgres_admin()
                try:
                    with admin.cursor() as cursor:
                        cursor.execute(f'DROP DATABASE IF EXISTS "{state["postgres"]}"')
                finally:
                    admin.close()
            if state.get("sqlite"):
                Path(state["sqlite"]).unlink(missing_ok=True)
            if state.get("static"):
                shutil.rmtree(state["static"], ignore_errors=True)
            state.clear()
            state["users"] = []


@pytest.fixture(scope="session")
def served_sites(tmp_path_factory):
    """This run's ServedSites (test modules load this file with ``pytest_plugins``: one
    fixture for them all)."""
    base = tmp_path_factory.getbasetemp()
    # xdist: each worker has a base folder of its own in the run's folder, which they share.
    sites = ServedSites(base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)
    yield sites
    sites.leave()


@contextmanager
def fresh_database(sites: ServedSites, tmp_path):
    """A migrated database of the configured kind, for one test or one module's tests:
    PostgreSQL (a copy of the template, dropped afterwards) when DATABASE_URL names one, a
    SQLite file in ``tmp_path`` otherwise. Yields its URL."""
    if not POSTGRES_URL:
        yield sites.sqlite_url(tmp_path)
        return
    with sites.postgres_url("marcomage_served") as (url, _name):
        yield url


@pytest.fixture
def fresh_database_url(served_sites, tmp_path):
    """fresh_database, of this test alone."""
    with fresh_database(served_sites, tmp_path) as url:
        yield url
