"""The rule of games/services/__init__.py: the services (the modules of the upper layers of
the services contract, lobby down to endings) are reached through the package only, which
re-exports what code outside uses of them; the modules below (permissions down to
background) are imported by name. Tests may import any module (they test and patch them).
"""
import ast
import pkgutil
import tomllib
from pathlib import Path

import games.services

ROOT = Path(__file__).resolve().parents[2]
SERVICES_CONTRACT = "games.services: each concern imports only the ones below it (no cycles)"
# The first layer of the modules the services and the pages share.
FIRST_SHARED_LAYER = "permissions"
# The code outside the package: the apps, the tools, the example bot.
SOURCES = ("games", "marcomage", "players", "decks", "forum", "concepts", "devtools",
           "examples")
# Imports of a service module still to be moved to the package (file -> modules): files
# being changed by other hands when the rule was written. Remove an entry once its file
# takes those names from games.services.
PENDING = {
    "games/balance/services.py": {"rating"},
    "games/tournaments/services.py": {"endings", "lobby"},
    "devtools/bench_tournaments.py": {"endings"},
}
MODULES = {info.name for info in pkgutil.iter_modules(games.services.__path__)}


def _service_modules() -> set[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    (contract,) = [c for c in contracts["tool"]["importlinter"]["contracts"]
                   if c["name"] == SERVICES_CONTRACT]
    upper = set()
    for layer in contract["layers"]:
        names = {name.strip() for name in layer.replace("|", ":").split(":")}
        if FIRST_SHARED_LAYER in names:
            return upper
        upper |= names
    raise AssertionError(f"no layer {FIRST_SHARED_LAYER!r} in the services contract")


def modules_of_services_imported(source: str, path: str) -> set[str]:
    """The modules of games.services that ``source`` (the file at ``path``, relative to
    the root) imports by name, whatever the form of the import."""
    parts = path.removesuffix(".py").split("/")
    package = parts[:-1]  # a module's package, or an __init__'s own
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".") for alias in node.names]
            found |= {name[2] for name in names if name[:2] == ["games", "services"]
                      and len(name) > 2}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = base + (node.module.split(".") if node.module else [])
            if target[:2] != ["games", "services"]:
                continue
            if len(target) > 2:
                found.add(target[2])
            else:
                found |= {alias.name for alias in node.names if alias.name in MODULES}
    return found


def _outside_files():
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not relative.startswith("games/services/"):
                yield relative, path.read_text("utf-8")


def test_every_name_the_package_lists_exists_once():
    names = games.services.__all__
    assert len(names) == len(set(names))
    assert [name for name in names if not hasattr(games.services, name)] == []


def test_the_services_are_the_upper_layers_of_the_contract():
    services = _service_modules()
    assert {"lobby", "moves", "endings", "ai"} <= services
    assert not services & {"access", "permissions", "board", "errors", "events"}
    assert services <= MODULES


def test_no_code_outside_imports_a_service_module():
    services = _service_modules()
    found = []
    for path, source in _outside_files():
        for module in sorted(modules_of_services_imported(source, path) & services):
            if module not in PENDING.get(path, set()):
                found.append(f"{path}: games.services.{module}")
    assert found == [], ("take these names from games.services (re-export them there and "
                         "list them in __all__):\n" + "\n".join(found))


def test_a_pending_file_still_imports_what_it_is_listed_for():
    """So that the list shrinks as the files move to the package."""
    for path, modules in PENDING.items():
        if not (ROOT / path).exists():
            continue  # work not there yet
        imported = modules_of_services_imported((ROOT / path).read_text("utf-8"), path)
        assert modules <= imported, (path, modules - imported)


def test_the_check_finds_every_form_of_import():
    cases = {
        ("from games.services.lobby import challenge_create", "games/x/views.py"): {"lobby"},
        ("from games.services import sweeps, GameError", "games/tasks.py"): {"sweeps"},
        ("import games.services.ai", "devtools/tool.py"): {"ai"},
        ("from .services import spectators", "games/consumers.py"): {"spectators"},
        ("from .services.moves import x", "games/consumers.py"): {"moves"},
        ("from ..services.endings import x", "games/game/views.py"): {"endings"},
        ("from ...services import chat", "games/game/sub/views.py"): {"chat"},
        ("from games import services as gs", "games/game/views.py"): set(),
        ("from games.services import game_play_card", "games/game/views.py"): set(),
        ("from decks.services import x", "decks/views.py"): set(),
        ("from .services import x", "players/shop/views.py"): set(),
    }
    for (source, path), expected in cases.items():
        assert modules_of_services_imported(source, path) == expected, source
