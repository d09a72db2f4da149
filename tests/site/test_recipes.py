"""The recipes of docs/ stay true: every file and name they point at exists, and each
recipe's steps, followed here with a page, an endpoint and an event of the tests' own,
give what the recipe promises. (docs/adding-a-card.md has tests/engine/test_adding_a_card.py.)
"""
import asyncio
import importlib
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.http import Http404, HttpResponse
from django.template import engines
from django.test import Client
from django.urls import path
from django.views.decorators.http import require_GET
from ninja import NinjaAPI, Router, Schema

import marcomage.urls
from games import services as gs
from games.consumers import GameLiveConsumer
from games.services.events import _send, game_group
from marcomage.api.api import api as site_api
from marcomage.plumbing.api_base.errors import not_found
from players.directory import player_by_name
from players.models import FoilCard
from players.tokens.auth import token_auth
from players.tutorial.sections import section_required
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

ROOT = Path(__file__).resolve().parents[2]
RECIPES = ("adding-a-page.md", "adding-an-api-endpoint.md", "adding-a-websocket-event.md")
# What each recipe's example adds: files that do not exist, on purpose.
EXAMPLE_FILES = {"players/templates/players/foils.html"}
# The names each recipe tells the reader to use, as module.attribute.
NAMES = {
    "adding-a-page.md": [
        "players.directory.player_by_name", "players.tutorial.sections.section_required",
        "tests.security.test_url_inventory.ROUTES",
        "tests.security.test_url_inventory._requests",
        "tests.security.test_url_inventory.test_every_url_is_in_the_inventory",
    ],
    "adding-an-api-endpoint.md": [
        "marcomage.plumbing.api_base.errors.ApiError", "marcomage.plumbing.api_base.errors.not_found",
        "players.tokens.auth.token_auth", "players.tokens.auth.bot_auth",
        "players.tokens.auth.token_required", "marcomage.api.api.ROUTERS",
        "marcomage.plumbing.api_base.pagination.ApiPagination", "players.profiles.api.router",
        "tests.api.conftest.api_client", "tests.api.conftest.token_for",
    ],
    "adding-a-websocket-event.md": [
        "games.services.events._send", "games.services.events.game_group",
        "games.services.events.player_group", "games.consumers.GameLiveConsumer",
    ],
}


def _paths_named(text):
    for quoted in re.findall(r"`([^`\s]+)`", text):
        quoted = quoted.split("#")[0]
        if "/" in quoted and not quoted.startswith(("/", "http")) and "<" not in quoted:
            yield quoted


@pytest.mark.parametrize("recipe", [*RECIPES, "layout.md"])
def test_every_file_a_doc_names_exists(recipe):
    text = (ROOT / "docs" / recipe).read_text()
    named = set(_paths_named(text))
    assert named, "no paths found: the scan is broken"
    missing = {p for p in named if not (ROOT / p).exists()} - EXAMPLE_FILES
    assert missing == set()


@pytest.mark.parametrize("recipe", RECIPES)
def test_every_name_a_recipe_uses_exists(recipe):
    text = (ROOT / "docs" / recipe).read_text()
    for dotted in NAMES[recipe]:
        module, name = dotted.rsplit(".", 1)
        assert name in text, f"{name} is no longer in {recipe}: update NAMES"
        assert hasattr(importlib.import_module(module), name), dotted


def test_the_layout_names_every_package_of_the_apps():
    text = (ROOT / "docs" / "layout.md").read_text()
    for app in ("players", "games", "marcomage"):
        for package in sorted((ROOT / app).iterdir()):
            if ((package / "__init__.py").exists() and package.name not in (
                    "migrations", "templatetags", "management", "engine")):
                assert f"{app}/{package.name}/" in text, package
    for module in (ROOT / "marcomage").glob("*.py"):
        if module.stem not in ("__init__", "admin", "models", "wsgi"):
            assert module.name in text, module


# ---- adding a page: the recipe's view, template and URL, in this module ------------------

def _foils_view(request, name):
    player = player_by_name(name)
    if player is None:
        raise Http404("No such player")
    card_ids = list(player.foil_cards.values_list("card_id", flat=True))
    template = engines["django"].from_string(  # players/templates/players/foils.html
        '{% extends "base.html" %}{% block content %}<h1>Foil cards of {{ player.name }}'
        '</h1><p id="foils">{{ card_ids|join:"," }}</p>{% endblock %}')
    return HttpResponse(template.render({"player": player, "card_ids": card_ids}, request))


player_foils = require_GET(section_required("players")(_foils_view))
locked_foils = require_GET(section_required("statistics")(_foils_view))  # opens at level 6

urlpatterns = [
    path("recipe/players/<str:name>/foils/", player_foils, name="recipe_foils"),
    path("recipe/locked/<str:name>/foils/", locked_foils, name="recipe_locked"),
    *marcomage.urls.urlpatterns,
]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_page_made_by_the_recipe():
    from tests.security.test_url_inventory import ROUTES, _route_names

    alice = PlayerFactory(user__username="alice", level=0)
    FoilCard.objects.create(player=alice, card_id=7)
    client = Client()
    assert client.get("/recipe/players/alice/foils/").status_code == 302  # log in first
    client.force_login(alice.user)
    page = client.get("/recipe/players/alice/foils/")
    assert page.status_code == 200 and '<p id="foils">7</p>' in page.content.decode()
    assert "css/site.css" in page.content.decode()  # the site's layout
    assert client.get("/recipe/players/nobody/foils/").status_code == 404
    assert client.post("/recipe/players/alice/foils/").status_code == 405
    locked = client.get("/recipe/locked/alice/foils/")
    assert locked.status_code == 403 and "opens at level 6" in locked.content.decode()
    # The inventory's test notices a route it does not list.
    assert {"recipe_foils", "recipe_locked"} <= _route_names() - set(ROUTES)


# ---- adding an API endpoint: the recipe's schema and router on an API of the test's own ----

class FoilsOut(Schema):
    player: str
    cards: list[int]


router = Router(tags=["recipe"])


@router.get("/players/{name}/foils", response=FoilsOut, url_name="player_foils")
def api_player_foils(request, name: str):
    player = player_by_name(name)
    if player is None:
        raise not_found()
    return {"player": player.name, "secret": "never sent",
            "cards": list(player.foil_cards.values_list("card_id", flat=True))}


recipe_api = NinjaAPI(urls_namespace="recipe_api", auth=token_auth)
for _exception, _handler in site_api._exception_handlers.items():  # the one error shape
    recipe_api.add_exception_handler(_exception, _handler)
recipe_api.add_router("", router)


class ApiUrls:
    urlpatterns = [path("recipe-api/", recipe_api.urls), *marcomage.urls.urlpatterns]


@pytest.mark.django_db
def test_an_endpoint_made_by_the_recipe(settings):
    settings.ROOT_URLCONF = ApiUrls  # Django takes any object with urlpatterns
    settings.API_RATE_LIMITS = {"token": "100000/m", "anonymous": "100000/m"}
    alice = PlayerFactory(user__username="alice")
    FoilCard.objects.create(player=alice, card_id=7)
    answer = Client().get("/recipe-api/players/alice/foils")
    assert answer.status_code == 200
    assert answer.json() == {"player": "alice", "cards": [7]}  # the schema's fields only
    missing = Client().get("/recipe-api/players/nobody/foils")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


# ---- adding a websocket event: the recipe's publisher and handler -------------------------

class NoteConsumer(GameLiveConsumer):
    async def game_note(self, event):
        if self.seat is not None and event["seat"] != self.seat:
            await self.send_json({"event": "note"})


def publish_note_left(game, seat):
    _send((game_group(game.pk), {"type": "game.note", "game": game.pk, "seat": seat}))


_sockets = URLRouter([path("ws/games/<int:game_id>/", NoteConsumer.as_asgi())])


@database_sync_to_async
def _game_of_two():
    alice = PlayerFactory(user__username="alice")
    bob = PlayerFactory(user__username="bob")
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob))
    return game, alice, bob


async def _notes_seen(socket):
    """The frames other than presence that reach ``socket`` until it is quiet."""
    seen = []
    while not await socket.receive_nothing(timeout=0.5):
        frame = await socket.receive_json_from()
        if frame["event"] != "presence":
            seen.append(frame)
    return seen


async def _an_event_made_by_the_recipe():
    game, alice, bob = await _game_of_two()
    sockets = []
    for player in (alice, bob):
        socket = WebsocketCommunicator(_sockets, f"/ws/games/{game.pk}/")
        socket.scope["user"] = player.user
        assert (await socket.connect())[0]
        sockets.append(socket)
    await _notes_seen(sockets[0])
    await _notes_seen(sockets[1])
    seat_of_alice = 0 if game.player1_id == alice.pk else 1
    publish_note_left(game, seat_of_alice)
    assert await sockets[1].receive_json_from(timeout=5) == {"event": "note"}  # bob hears
    assert await _notes_seen(sockets[0]) == []  # alice left it: nothing for her
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
def test_an_event_made_by_the_recipe():
    with ThreadPoolExecutor(max_workers=1) as pool:  # its own event loop (see test_consumers)
        pool.submit(asyncio.run, _an_event_made_by_the_recipe()).result(timeout=60)


def test_the_page_script_dispatches_on_the_event_name():
    script = (ROOT / "static" / "js" / "games.js").read_text()
    assert "socket.onmessage" in script and 'data.event === "presence"' in script
