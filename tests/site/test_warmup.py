"""A server process builds what every request shares before it serves, and takes it out of
the garbage collector's full passes (marcomage/site/warmup.py): a full pass that walked
the whole heap stopped every request of the process for up to 170 ms under load."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WARM_AND_FROZEN = """
import gc, json
import marcomage.asgi
from decks.catalogue import _catalogue_face
from games import engine
print(json.dumps({"frozen": gc.get_freeze_count(), "walked": len(gc.get_objects()),
                  "faces": _catalogue_face.cache_info().currsize,
                  "cards": len(engine.all_cards()), "thresholds": gc.get_threshold()}))
"""


def probe(code: str, **env_vars):
    """What ``code`` prints last (JSON), run in a fresh process that imports the server.

    Django's default settings, not DEBUG=false: production would need collected static
    files for the card faces, which a clean clone does not have (CI failed on it)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "marcomage.settings", **env_vars}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_the_server_process_starts_warm_and_frozen():
    found = probe(WARM_AND_FROZEN)
    assert found["faces"] == found["cards"]  # every card face built before the first page
    # What a full collection still walks is a small part of what the process holds.
    assert found["frozen"] > 100_000
    assert found["walked"] < found["frozen"] / 10
    # The youngest generation is collected every 10,000 new objects, not Python's 700.
    assert found["thresholds"] == [10000, 10, 10]


def test_the_collector_thresholds_are_a_setting():
    found = probe(WARM_AND_FROZEN, GC_THRESHOLDS="700,10,10")
    assert found["thresholds"] == [700, 10, 10]


def test_every_template_is_compiled_before_the_first_page():
    compiled = probe("""
import json, pathlib
import marcomage.asgi
from django.template import engines
loader = engines["django"].engine.template_loaders[0]
while not hasattr(loader, "get_template_cache"):  # the cached loader, inside wrappers
    loader = loader.loaders[0]
print(json.dumps(len(loader.get_template_cache)))
""")
    templates = [p for p in ROOT.rglob("*.html")
                 if "templates" in p.parts and ".venv" not in p.parts
                 and not any(part.startswith(".") for part in p.relative_to(ROOT).parts)]
    assert compiled >= len(templates)
