"""The import-linter layers cover the whole of marcomage: a new module must pick a side.

lint-imports only checks modules a contract names; a marcomage module listed in neither
the base layer nor the site layer would escape both contracts unnoticed.
"""
import pkgutil
import tomllib
from pathlib import Path

import marcomage

APP_LAYERS = ("Apps form layers: marcomage base -> players -> decks -> games -> forum -> concepts"
              " -> marcomage site")
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _contracts():
    return tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]["contracts"]


def _layer_modules(layer: str) -> set[str]:
    return {name.strip() for name in layer.replace("|", ":").split(":")}


def _base_modules(layers) -> set[str]:
    """The marcomage modules below every app: the layers after "players" (the base row and
    what sits on it, such as marcomage.live_send over marcomage.httppool)."""
    rows = layers["layers"]
    below = rows[rows.index("players") + 1:]
    return set().union(*(_layer_modules(row) for row in below))


def test_every_marcomage_module_is_in_the_base_or_the_site_layer():
    (layers,) = [c for c in _contracts() if c["name"] == APP_LAYERS]
    site, base = _layer_modules(layers["layers"][0]), _base_modules(layers)
    modules = {f"marcomage.{info.name}" for info in pkgutil.iter_modules(marcomage.__path__)}
    assert site | base == modules
    assert not site & base


def test_the_no_app_contract_covers_the_whole_base_layer():
    (layers,) = [c for c in _contracts() if c["name"] == APP_LAYERS]
    (no_app,) = [c for c in _contracts() if c["name"] == "marcomage's base modules import no app"]
    assert set(no_app["source_modules"]) == _base_modules(layers)
    assert {"players", "decks", "games", "forum", "concepts"} <= set(no_app["forbidden_modules"])
