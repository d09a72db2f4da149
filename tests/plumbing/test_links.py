"""The layout's ``{% link %}`` gives what ``{% url %}`` gives, under any script prefix."""
import re
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.urls import get_script_prefix, set_script_prefix

ROOT = Path(settings.BASE_DIR)
LINK = re.compile(r"\{% link '([\w:]+)' %\}")


def _linked_names():
    """Every page name a template of the site passes to ``link``."""
    names = set()
    for path in ROOT.glob("**/templates/**/*.html"):
        if ".venv" not in path.parts:
            names.update(LINK.findall(path.read_text("utf-8")))
    return sorted(names)


def _render(source):
    return engines["django"].from_string(source).render({})


def test_every_linked_page_gets_the_url_tags_address():
    names = _linked_names()
    assert {"games:list", "help", "players:notifications_bell"} <= set(names)
    for name in names:
        assert (_render(f"{{% load links %}}{{% link '{name}' %}}")
                == _render(f"{{% url '{name}' %}}")), name


def test_a_site_served_under_a_path_links_under_it():
    before = get_script_prefix()
    source = "{% load links %}{% link 'games:list' %}|{% link 'help' %}"
    plain = _render(source)
    try:
        set_script_prefix("/arcomage/")
        prefixed = _render(source)
    finally:
        set_script_prefix(before)
    assert prefixed == "/arcomage" + plain.replace("|", "|/arcomage", 1)
    assert _render(source) == plain  # the prefix's links did not replace the others
