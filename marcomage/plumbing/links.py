"""``{% link 'name' %}``: the URL of a page that takes no arguments, reversed once per process.

Why: the layout links the same two dozen pages on every page (the navigation and the
footer), and Django's ``url`` tag reverses each of them again at every render, about 60 µs
apiece: a tenth of a page's time. The result depends on the name, the script prefix (a
site served under a path) and the URL configuration in force, so those are the key; the
names are the templates' literals, so the dictionary stays small. Pages with arguments
(a game, a player) keep ``url``.
"""
from django import template
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()

_LINKS: dict = {}


@register.simple_tag
def link(name: str) -> str:
    """The URL of the page called ``name``, as ``{% url name %}`` gives it (escaped the same
    way by the template)."""
    key = (name, get_script_prefix(), get_urlconf())
    url = _LINKS.get(key)
    if url is None:
        url = _LINKS[key] = reverse(name)
    return url
