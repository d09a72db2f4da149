"""The installable app from the outside: the manifest, the service worker at the root, the
offline page (the same for everybody) and the icons (tests/browser/test_push_browser.py
runs them in Chromium)."""
import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from PIL import Image

pytestmark = pytest.mark.django_db


def test_the_manifest_describes_the_app():
    answer = Client().get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == manifest["short_name"] == "MArcomage"
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["start_url"].startswith(reverse("games:list"))
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        if icon["type"] == "image/png":
            width, height = Image.open(path).size
            assert icon["sizes"] == f"{width}x{height}"
            sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    for shortcut in manifest["shortcuts"]:
        assert shortcut["url"].startswith("/")


def test_every_page_links_the_manifest_and_the_worker(alice, client_of):
    for client in (Client(), client_of(alice)):
        page = client.get(reverse("help")).content.decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page
        assert 'name="theme-color"' in page and "apple-touch-icon" in page
        assert "js/app.js" in page


def test_the_theme_colour_follows_the_skin(alice, client_of):
    alice.settings.skin = "meadow"
    alice.settings.save()
    page = client_of(alice).get(reverse("help")).content.decode()
    assert page.count('name="theme-color"') == 1 and 'content="#24421f"' in page
    page = Client().get(reverse("help")).content.decode()  # automatic: light and dark
    assert 'media="(prefers-color-scheme: dark)"' in page


def test_the_service_worker_is_served_from_the_root():
    answer = Client().get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Cache-Control"] == "no-cache"
    text = answer.content.decode()
    assert f'const OFFLINE_URL = "{reverse("offline")}";' in text
    assert re.search(r'const CACHE_NAME = "marcomage-offline-[0-9a-f]{12}";', text)
    for event in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'addEventListener("{event}"' in text
    assert Client().post("/sw.js").status_code == 405


def test_the_offline_page_is_the_same_for_everybody_and_self_contained(alice, client_of):
    anonymous = Client().get(reverse("offline"))
    signed_in = client_of(alice).get(reverse("offline"))
    assert anonymous.status_code == signed_in.status_code == 200
    page = signed_in.content.decode()
    assert "You are offline" in page and "alice" not in page
    assert "csrfmiddlewaretoken" not in page
    # nothing to fetch: no stylesheet, script or picture but data: URLs
    assert not re.search(r'<(link|script)\b', page)
    assert all(src.startswith("data:") for src in re.findall(r'src="([^"]*)"', page))
    assert anonymous.content == signed_in.content


def test_the_icons_are_the_drawing():
    from devtools import app_icons

    assert app_icons.main(["--check"]) == 0
    badge = Image.open(finders.find("img/app/badge-96.png")).convert("RGBA")
    assert {pixel[:3] for pixel in badge.get_flattened_data() if pixel[3] > 200} == {(255, 255, 255)}
    apple = Image.open(finders.find("img/app/apple-touch-icon.png"))
    assert apple.mode == "RGB" and apple.size == (180, 180)


def test_the_csp_lets_the_worker_and_the_manifest_load():
    policy = Client().get(reverse("help"))["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
