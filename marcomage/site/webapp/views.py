"""/manifest.webmanifest, /sw.js and /offline/: what makes the site an installable app.

The manifest names the app, its icons (static/img/app/, drawn by devtools/app_icons.py) and
the colours of the default skin; the start page is the games list. The service worker's
source is sw.js beside this module, served from the root so that its scope is the whole
site, with the offline page's URL, the icons' URLs and a cache name drawn from its own text
put before it: a new text (or new icons) is a new worker, and the browser updates it.
"""
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from ..skins import AUTO_DARK, AUTO_LIGHT, skin_colours

SOURCE = Path(__file__).with_name("sw.js")
APP_NAME = "MArcomage"


@lru_cache(maxsize=1)
def _service_worker() -> bytes:
    constants = {
        "OFFLINE_URL": reverse("offline"),
        "RENEW_URL": reverse("players:push_renew"),
        "ICON": static("img/app/icon-192.png"),
        "BADGE": static("img/app/badge-96.png"),
    }
    text = SOURCE.read_text(encoding="utf-8")
    version = hashlib.sha256((json.dumps(constants, sort_keys=True) + text).encode())
    constants["CACHE_NAME"] = f"marcomage-offline-{version.hexdigest()[:12]}"
    head = "".join(f"const {name} = {json.dumps(value)};\n" for name, value in constants.items())
    return (head + text).encode("utf-8")


@require_GET
def service_worker(request):
    response = HttpResponse(_service_worker(), content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit (at most once a day it would
    # anyway): no cache may keep an old one.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@lru_cache(maxsize=1)
def _manifest() -> bytes:
    light = skin_colours(AUTO_LIGHT)
    icons = [{"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": static(f"img/app/icon-{size}.png"), "sizes": f"{size}x{size}",
               "type": "image/png", "purpose": "any"} for size in (192, 512)]
    icons.append({"src": static("img/app/icon-maskable-512.png"), "sizes": "512x512",
                  "type": "image/png", "purpose": "maskable"})
    games = reverse("games:list")
    manifest = {
        "id": "/",
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": "The multiplayer fantasy card game of towers, walls and magic.",
        "lang": "en",
        "start_url": f"{games}?source=app",
        "scope": "/",
        "display": "standalone",
        "background_color": light["bg"],
        "theme_color": light["header"],
        "categories": ["games", "entertainment"],
        "icons": icons,
        "shortcuts": [
            {"name": "Your games", "url": f"{games}?source=app-shortcut",
             "icons": [{"src": static("img/app/icon-192.png"), "sizes": "192x192"}]},
            {"name": "Messages", "url": reverse("players:inbox"),
             "icons": [{"src": static("img/app/icon-192.png"), "sizes": "192x192"}]},
        ],
    }
    return json.dumps(manifest, indent=1).encode("utf-8")


@require_GET
def manifest(request):
    response = HttpResponse(_manifest(), content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def offline(request):
    """The page shown by the service worker when a page cannot be loaded: the same for
    everybody (the worker fetches it without cookies), self-contained (its style inline,
    its picture a data: URL), so it needs nothing more from the network."""
    icon = Path(__file__).resolve().parents[3] / "static" / "img" / "favicon.svg"
    response = render(request, "webapp/offline.html", {
        "light": skin_colours(AUTO_LIGHT), "dark": skin_colours(AUTO_DARK),
        "icon_svg": _data_url(icon.read_bytes()), "app_name": APP_NAME})
    response["Cache-Control"] = "no-cache"
    return response


@lru_cache(maxsize=1)
def _data_url(svg: bytes) -> str:
    import base64

    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
