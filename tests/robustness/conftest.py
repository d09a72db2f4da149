"""A small world built through the real services, and the tools of the bad-input audit.

World: alice (the owner of almost everything), bob and dave (her opponents), erin (who lost
to her), carol (an outsider who must only ever see 404s, 403s or her own pages).
"""
import re
from dataclasses import dataclass, field

import pytest
from django.db import connection
from django.test import Client

from decks import services as deck_services
from decks.models import Deck
from games import services as gs
from games.models import Game
from players.inbox import services as inbox_services
from tests.factories import PlayerFactory
from tests.security.conftest import templates_not_recorded  # noqa: F401 (a fixture)

# Markers of a full page in the site's layout (templates/base.html and templates/500.html).
# The site's layout, or the offline page, which carries its own styles on purpose (the
# service worker keeps it alone, for when the network is down: templates/webapp/).
SITE_PAGE_MARKERS = ("css/site.css", '<meta name="marcomage-page" content="offline">')
TRACEBACK_MARKERS = ("Traceback (most recent call last)", 'File "/', "Exception Value:")
# 401: the JSON API (/api/) asked without a token where it needs one (it ignores sessions).
# 204: a script's post that has nothing to answer (the push offer's "Not now").
ACCEPTED_STATUSES = {200, 204, 301, 302, 400, 401, 403, 404, 405}


@dataclass
class World:
    alice: object
    bob: object
    carol: object
    dave: object
    erin: object
    games: dict = field(default_factory=dict)   # label -> Game
    decks: dict = field(default_factory=dict)   # label -> Deck
    messages: dict = field(default_factory=dict)  # label -> Message


def _player(name, **fields):
    # Level 10: past the tutorial, so every section is open and a refusal is about the
    # input, not about the level.
    return PlayerFactory(user__username=name, level=10, **fields)


@pytest.fixture
def world(db):
    alice = _player("alice", gold=5000)
    bob, carol, dave, erin = (_player(n) for n in ("bob", "carol", "dave", "erin"))
    for player in (alice, bob, carol, dave, erin):
        deck_services.decks_give_starters(player)
    w = World(alice=alice, bob=bob, carol=carol, dave=dave, erin=erin)

    def ready(player):
        return Deck.objects.filter(player=player, is_ready=True).order_by("pk").first()

    w.decks["ready"] = ready(alice)
    w.decks["empty"] = Deck.objects.filter(player=alice, is_ready=False).order_by("pk").first()
    w.decks["bobs"] = ready(bob)

    running = gs.challenge_create(challenger=alice, opponent=bob, deck=ready(alice))
    w.games["running"] = gs.challenge_accept(game_id=running.pk, player=bob, deck=ready(bob))
    hidden = gs.challenge_create(challenger=alice, opponent=dave, deck=ready(alice), hidden=True)
    w.games["hidden"] = gs.challenge_accept(game_id=hidden.pk, player=dave, deck=ready(dave))
    finished = gs.challenge_create(challenger=erin, opponent=alice, deck=ready(erin))
    finished = gs.challenge_accept(game_id=finished.pk, player=alice, deck=ready(alice))
    gs.game_surrender(game_id=finished.pk, player=erin)
    gs.game_surrender_answer(game_id=finished.pk, player=alice, accept=True)
    w.games["finished"] = Game.objects.get(pk=finished.pk)
    w.games["ai"] = gs.ai_game_start(player=alice, deck=ready(alice))
    w.games["challenge_in"] = gs.challenge_create(challenger=bob, opponent=alice,
                                                  deck=ready(bob), message="Fancy a game?")
    w.games["challenge_out"] = gs.challenge_create(challenger=alice, opponent=erin,
                                                   deck=ready(alice))
    w.games["hosted"] = gs.game_host(host=alice, deck=ready(alice))
    w.games["bobs_hosted"] = gs.game_host(host=bob, deck=ready(bob))

    gs.chat_post(game_id=w.games["running"].pk, player=alice, body="Good luck!")
    gs.chat_post(game_id=w.games["running"].pk, player=bob, body="[b]You[/b] too.")
    w.messages["to_alice"] = inbox_services.message_send(
        author=bob, recipient=alice, subject="Hello", body="A rematch later?")
    w.messages["from_alice"] = inbox_services.message_send(
        author=alice, recipient=bob, subject="Re: Hello", body="Sure.")
    w.messages["between_others"] = inbox_services.message_send(
        author=bob, recipient=dave, subject="Private", body="Not for alice.")
    for game in w.games.values():
        game.refresh_from_db()
    return w


def client_for(player, **kwargs):
    client = Client(raise_request_exception=False, **kwargs)
    if player is not None:
        client.force_login(player.user)
    return client


# ------------------------------------------------------------------ PostgreSQL's NUL rule
def _reject_nul(execute, sql, params, many, context):
    """Refuse text with NUL characters the way psycopg2 does for PostgreSQL.

    SQLite stores NUL happily, so without this the suite would pass locally and a
    "%00" in a form would still be a 500 in production.
    """
    rows = params if many else [params]
    for row in rows or ():
        values = row.values() if isinstance(row, dict) else (row or ())
        for value in values:
            if isinstance(value, str) and "\x00" in value:
                raise ValueError("A string literal cannot contain NUL (0x00) characters.")
    return execute(sql, params, many, context)


@pytest.fixture(autouse=True)
def _postgres_nul_rule(db):
    with connection.execute_wrapper(_reject_nul):
        yield


# ------------------------------------------------------------------ checking a response
def problems_of(response, *, label, fragment_ok=False):
    """What is wrong with a response to bad input (an empty list when nothing is)."""
    found = []
    status = response.status_code
    if status not in ACCEPTED_STATUSES:
        found.append(f"{label}: status {status}")
    content_type = response.get("Content-Type", "")
    if getattr(response, "streaming", False) or not content_type.startswith("text/html"):
        return found
    body = response.content.decode("utf-8", "replace")
    for marker in TRACEBACK_MARKERS:
        if marker in body:
            found.append(f"{label}: traceback text in the page")
    if status in (301, 302) or (not body.strip() and status != 405):
        return found
    full_page = body.lstrip().lower().startswith("<!doctype")
    if full_page and not any(m in body for m in SITE_PAGE_MARKERS):
        found.append(f"{label}: a full page outside the site's layout")
    if not full_page and status >= 400 and not fragment_ok:
        found.append(f"{label}: status {status} without a page in the site's style")
    return found


def route_params(route):
    """The <converter:name> parts of a route string, in order."""
    return re.findall(r"<(?:(\w+):)?(\w+)>", route)
