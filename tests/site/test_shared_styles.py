"""Classes every page may use are defined once, in static/css/site.css, which the layout
links on every page (a section's stylesheet is only on that section's pages)."""
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory

CSS_DIR = Path(__file__).resolve().parents[2] / "static" / "css"
SHARED_CLASSES = ("visually-hidden",)


def rules_for(name, path):
    """The rules whose selector list names ``.name`` (as a whole class name)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text("utf-8"), flags=re.S)
    return [selector for selector in re.findall(r"([^{}]+)\{", text)
            if re.search(rf"\.{re.escape(name)}(?![\w-])", selector)]


@pytest.mark.parametrize("name", SHARED_CLASSES)
def test_a_shared_class_is_defined_once_in_site_css(name):
    defined_in = {path.relative_to(CSS_DIR).as_posix(): rules_for(name, path)
                  for path in CSS_DIR.rglob("*.css")}
    assert [sel.strip() for sel in defined_in.pop("site.css")] == [f".{name}"]
    assert {path: rules for path, rules in defined_in.items() if rules} == {}


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["home", "decks:cards", "games:list", "players:list",
                                      "forum:index"])
def test_every_section_links_site_css(client_of, url_name):
    viewer = PlayerFactory(user__username="viewer", level=10)  # every section open
    response = client_of(viewer).get(reverse(url_name))
    assert response.status_code == 200
    assert 'href="/static/css/site.css"' in response.content.decode()
