"""docs/decisions/ stays true: every record of the index exists, the guard tests and the
measure each names exist, and every guard file of tests/plumbing/ has its record."""
import re
from pathlib import Path

from devtools.fork_costs import MEASURES

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "decisions"


def _records():
    index = (DECISIONS / "README.md").read_text()
    return re.findall(r"^\| \[(\d{4})\]\((\d{4}-[a-z-]+\.md)\) \|", index, re.M)


def test_the_index_lists_every_record_and_only_them():
    listed = {name for _, name in _records()}
    assert listed and listed == {p.name for p in DECISIONS.glob("[0-9]*.md")}
    for number, name in _records():
        assert name.startswith(number)


def test_each_record_names_its_measure_and_guard_tests_that_exist():
    guard_files = set()
    for _, name in _records():
        text = (DECISIONS / name).read_text()
        measures = re.findall(r"python -m devtools\.fork_costs (\w+)", text)
        assert measures and set(measures) <= set(MEASURES), name
        guard = text.split("## Guard", 1)[1]
        files = re.findall(r"`(tests/[\w/]+\.py)`", guard)
        assert files, name
        sources = ""
        for file in files:
            assert (ROOT / file).exists(), (name, file)
            sources += (ROOT / file).read_text()
            guard_files.add(file)
        for test in re.findall(r"`(test_\w+)`", guard):
            assert f"def {test}(" in sources, (name, test)
    here = {f"tests/plumbing/{p.name}" for p in Path(__file__).parent.glob("test_fork_*.py")}
    assert here <= guard_files
