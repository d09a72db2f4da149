"""The import-linter layers cover the whole of marcomage: a new module must pick a side;
and no module of the project imports itself back through others (no import cycles).

lint-imports only checks modules a contract names; a marcomage module listed in neither
the base layer nor the site layer would escape both contracts unnoticed. The layers
contracts forbid cycles between their layers only: modules of one layer, or of a package
no contract splits, could still import each other in a circle, which the last test finds.
"""
import pkgutil
import tomllib
from pathlib import Path

import grimp

import marcomage
import marcomage.plumbing

APP_LAYERS = ("Apps form layers: marcomage base -> players -> decks -> games -> forum -> concepts"
              " -> marcomage site")
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _contracts():
    return tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]["contracts"]


def _layer_modules(layer: str) -> set[str]:
    return {name.strip() for name in layer.replace("|", ":").split(":")}


def _base_modules(layers) -> set[str]:
    """The marcomage modules below every app: the layers after "players" (the base row and
    what sits on it, such as marcomage.plumbing.live_send over marcomage.httppool)."""
    rows = layers["layers"]
    below = rows[rows.index("players") + 1:]
    return set().union(*(_layer_modules(row) for row in below))


def _marcomage_modules() -> set[str]:
    """marcomage's top-level modules, and instead of its plumbing package the modules in it."""
    top = {f"marcomage.{info.name}" for info in pkgutil.iter_modules(marcomage.__path__)}
    plumbing = {f"marcomage.plumbing.{info.name}"
                for info in pkgutil.iter_modules(marcomage.plumbing.__path__)}
    return (top - {"marcomage.plumbing"}) | plumbing


def test_every_marcomage_module_is_in_the_base_or_the_site_layer():
    (layers,) = [c for c in _contracts() if c["name"] == APP_LAYERS]
    site, base = _layer_modules(layers["layers"][0]), _base_modules(layers)
    modules = _marcomage_modules()
    assert site | base == modules
    assert not site & base
    assert {m for m in modules if m.startswith("marcomage.plumbing.")} <= base


def test_the_no_app_contract_covers_the_whole_base_layer():
    (layers,) = [c for c in _contracts() if c["name"] == APP_LAYERS]
    (no_app,) = [c for c in _contracts() if c["name"] == "marcomage's base modules import no app"]
    assert set(no_app["source_modules"]) == _base_modules(layers)
    assert {"players", "decks", "games", "forum", "concepts"} <= set(no_app["forbidden_modules"])


# ---------------------------------------------------------------- no import cycles
def import_cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others: the
    strongly connected components of more than one module of the graph ``imports``
    (module -> the modules it imports), each sorted, found by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports.get(child, ())))))
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    cycles.append(sorted(group))
    return sorted(cycles)


def test_the_cycle_finder_finds_a_circle_through_others():
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a", "e"},
               "f": {"g"}, "g": {"f"}}
    assert import_cycles(imports) == [["a", "b", "c"], ["f", "g"]]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_imports_itself_back_through_others():
    """Every import counts, a function's late import too: a circle broken by importing
    inside a function is still a circle (the modules cannot be understood apart)."""
    config = tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]
    graph = grimp.build_graph(*config["root_packages"], cache_dir=None)
    imports = {module: graph.find_modules_directly_imported_by(module)
               for module in graph.modules}
    assert import_cycles(imports) == []
