"""`make test` hands the tests out with xdist's ``--dist loadgroup``: the tests of a module
that share a server (a module-scoped fixture, tests/conftest.py insists on the mark) carry
``xdist_group`` and must all run on one worker, which starts that server once.

pytest 9.2 with pytest-xdist 3.8 ignored the groups without a word (xdist names a grouped
test by setting ``Item._nodeid``, which pytest 9.2 no longer reads): every shared server was
started on both workers. pyproject.toml pins pytest 9.1 until xdist follows; this test runs
a grouped module the way the Makefile runs the suite and fails if the groups are lost again.
"""
import os
import subprocess
import sys

GROUPED = '''
import os
import pytest

pytestmark = pytest.mark.xdist_group("one_server")


@pytest.mark.parametrize("n", range(6))
def test_grouped(n, tmp_path_factory):
    folder = tmp_path_factory.getbasetemp().parent
    (folder / f"ran-{n}").write_text(os.environ["PYTEST_XDIST_WORKER"])


@pytest.mark.parametrize("n", range(6))
def test_alone(n):
    pass
'''


def test_a_groups_tests_run_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup",
         "--no-loadscope-reorder", "-q", "-p", "no:cacheprovider", "-p", "no:django",
         "--basetemp", str(tmp_path / "base"), "test_grouped.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    workers = {path.read_text() for path in (tmp_path / "base").glob("ran-*")}
    assert len(list((tmp_path / "base").glob("ran-*"))) == 6
    assert len(workers) == 1, f"the group's tests ran on {sorted(workers)}"
