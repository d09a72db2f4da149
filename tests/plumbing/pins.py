"""The library versions a fork of their internals was checked with (docs/decisions/)."""
import importlib.metadata
import re


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3])


def assert_checked_with(distribution: str, low: str, below: str, record: str) -> None:
    """The installed ``distribution`` is at least ``low`` and below ``below``: the range the
    decision record ``record`` (docs/decisions/) says the fork was checked against."""
    found = importlib.metadata.version(distribution)
    assert _release(low) <= _release(found) < _release(below), (
        f"{distribution} {found} is outside {low} <= v < {below}, the versions "
        f"docs/decisions/{record} was checked with: run its guard tests, read what it says "
        f"to check, then widen the range there and here (or remove the fork)")
