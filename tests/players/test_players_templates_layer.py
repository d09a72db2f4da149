"""players sits below decks, games, forum and concepts (pyproject.toml's layers): its
templates may not load their template tags either. What a players page shows from a higher
app (the inbox's challenges, a profile's games against you) comes through a template of the
site (templates/partials/players/), which wires the apps together."""
import re
from pathlib import Path

from django.template import engines

PLAYERS_TEMPLATES = Path(__file__).resolve().parents[2] / "players" / "templates"
HIGHER_APPS = ("decks.", "games.", "forum.", "concepts.", "marcomage.site.")


def _libraries_loaded(text):
    for names in re.findall(r"{%\s*load\s+([^%]+?)\s*%}", text):
        words = names.split()
        if "from" in words:  # {% load tag from library %}
            words = words[words.index("from") + 1:]
        yield from words


def test_players_templates_load_no_tags_of_a_higher_app():
    libraries = engines["django"].engine.libraries  # name -> its module
    loaded = {}
    for path in PLAYERS_TEMPLATES.rglob("*.html"):
        for name in _libraries_loaded(path.read_text()):
            loaded.setdefault(name, []).append(path.name)
    assert loaded, "no {% load %} found: the scan is broken"
    offending = {name: files for name, files in loaded.items()
                 if libraries[name].startswith(HIGHER_APPS)}
    assert offending == {}


def test_the_games_panels_still_show_on_the_players_pages(client_of, alice, bob):
    client = client_of(alice)
    inbox = client.get("/messages/")
    assert "games/lobby/_challenges_panel.html" in [t.name for t in inbox.templates]
    profile = client.get(f"/players/{bob.name}/")
    assert profile.status_code == 200
    assert "games/_versus_panel.html" in [t.name for t in profile.templates]
