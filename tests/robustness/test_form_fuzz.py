"""Every POST endpoint with junk bodies, as the owner and as an outsider, plain and htmx.

Never a 500; a refusal is a form error, a flash message or a 4xx page; an outsider's junk
changes nothing of anybody else's.
"""
import random
from urllib.parse import urlencode

import pytest
from django.db.models import Sum

from concepts.models import Concept
from decks.models import Deck
from forum.models import ForumPost, ForumThread
from games.models import ChatMessage, Game, Turn
from players.models import FoilCard, Message, Player, Purchase

from .conftest import client_for, problems_of
from .test_crawl import all_routes, urls_for

pytestmark = pytest.mark.usefixtures("templates_not_recorded")

FIELDS = [
    "name", "note", "card", "token1", "token2", "token3", "auto", "file", "version", "position",
    "play_position", "mode", "mode_1", "action", "answer", "deck", "opponent", "hidden",
    "friendly", "long_mode", "turn_timeout", "message", "kind", "ai_deck", "challenge", "body",
    "recipient", "subject", "item", "token", "box", "next", "form", "username", "password",
    "password1", "password2", "email", "old_password", "new_password1", "new_password2",
    "profile-real_name", "profile-country", "profile-birthdate", "profile-gender",
    "profile-hobbies", "prefs-timezone", "prefs-skin", "prefs-auto_refresh",
    "prefs-cards_per_row", "prefs-status", "avatar-avatar",
    "rarity", "effect", "bricks", "keywords", "param_charge", "picture", "state", "feedback",
    "title", "quote", "section", "priority", "locked", "thread", "q",
    "tool", "seat", "attribute", "value",
]
TEXT_FIELDS = ["name", "note", "body", "message", "subject", "opponent", "recipient",
               "profile-hobbies", "profile-real_name", "token", "next", "version"]
JUNK = ["", "ü🃏\u202e漢字", "\x00\x01\x1b[31m\x7f", "-1", "9" * 40, "abc", " 1 ",
        "<script>alert(1)</script>"]
HUGE = "y" * (1 << 20)
FORM = "application/x-www-form-urlencoded"


def _urlencoded(data):
    return urlencode(data).encode()


def junk_bodies(rng, *, htmx=False):
    """(label, data, content_type) for one endpoint (fewer for htmx: the same views)."""
    # The junk fills go urlencoded, as a browser sends a form; the others as multipart
    # (``None``: the test client's encoding), so both parsers meet every endpoint. Parsing
    # 70 fields of multipart cost 8 ms a request: a fifth of this test's time.
    bodies = [("empty", {}, None)]
    for junk in JUNK:
        bodies.append((f"all={junk[:12]!r}", _urlencoded({f: junk for f in FIELDS}), FORM))
    for form in ("profile", "preferences"):
        bodies.append((f"form={form}", _urlencoded(
            {**{f: rng.choice(JUNK) for f in FIELDS}, "form": form}), FORM))
    bodies.append(("duplicates", {f: ["1", "2", "abc"] for f in FIELDS}, None))
    field = rng.choice(TEXT_FIELDS)
    bodies.append((f"1MB {field}", {**{f: "1" for f in FIELDS}, field: HUGE}, None))
    bodies.append(("bad utf-8", b"name=%FF%FE&body=%C0%AF&card=%00&version=%", FORM))
    bodies.append(("json", b'{"card": 1, "version": []}', "application/json"))
    return rng.sample(bodies, 6) if htmx else bodies


def post_routes():
    """Every route but the admin; the test skips those that answer a POST with 405."""
    return [route for route, pattern in all_routes() if pattern is not None]


def others_state(outsider_pk):
    """Everything an outsider's request must never change."""
    games = Game.objects.exclude(player1_id=outsider_pk).exclude(player2_id=outsider_pk)
    decks = Deck.objects.exclude(player_id=outsider_pk).order_by("pk")
    return {
        "games": list(games.order_by("pk").values_list(
            "pk", "version", "status", "player2_id", "surrender_requested_by_id",
            "player1_left", "player2_left")),
        "turns": Turn.objects.count(),
        "chat": ChatMessage.objects.count(),
        "decks": list(decks.values_list("pk", "name", "note", "common", "uncommon", "rare",
                                        "tokens")),
        "messages": list(Message.objects.exclude(author_id=outsider_pk).order_by("pk")
                         .values_list("pk", "is_read", "deleted_by_author",
                                      "deleted_by_recipient")),
        "gold": Player.objects.exclude(pk=outsider_pk).aggregate(Sum("gold")),
        "purchases": Purchase.objects.exclude(player_id=outsider_pk).count(),
        "foils": FoilCard.objects.exclude(player_id=outsider_pk).count(),
        "concepts": list(Concept.objects.exclude(author_id=outsider_pk).order_by("pk")
                         .values_list("pk", "name", "effect", "state", "feedback", "picture")),
        "forum_posts": list(ForumPost.objects.exclude(author_id=outsider_pk).order_by("pk")
                            .values_list("pk", "body", "edited_at")),
        "forum_threads": list(ForumThread.objects.exclude(author_id=outsider_pk).order_by("pk")
                              .values_list("pk", "title", "section_id", "priority", "locked")),
    }


def _post(client, url, data, content_type, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    if content_type:
        return client.generic("POST", url, data, content_type=content_type, headers=headers)
    return client.post(url, data, headers=headers)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_junk_posts_to_every_endpoint(world, htmx):
    rng = random.Random(7)
    # Skip the logout view: it ends the session the remaining requests need.
    routes = [r for r in post_routes() if r != "accounts/logout/"]
    owner, outsider = client_for(world.alice), client_for(world.carol)
    problems, sent, posting_routes = [], 0, 0
    for route in routes:
        urls = [url for url, valid in urls_for(route, world) if valid]
        if owner.post(urls[0]).status_code == 405:
            continue  # a GET-only page: the crawler covers it
        posting_routes += 1
        for url in urls[:2 if htmx else 3]:
            bodies = junk_bodies(rng, htmx=htmx)
            before = others_state(world.carol.pk)
            # The outsider gets a sample: her part is about permissions, not parsing.
            for label, data, content_type in rng.sample(bodies, min(5, len(bodies))):
                response = _post(outsider, url, data, content_type, htmx)
                sent += 1
                problems += problems_of(response, label=f"POST {url} [{label}] as carol",
                                        fragment_ok=htmx)
            if others_state(world.carol.pk) != before:
                problems.append(f"POST {url} as carol changed someone else's data")
            for label, data, content_type in bodies:
                response = _post(owner, url, data, content_type, htmx)
                sent += 1
                problems += problems_of(response, label=f"POST {url} [{label}] as alice",
                                        fragment_ok=htmx)
    print(f"fuzz ({'htmx' if htmx else 'plain'}): {posting_routes} POST routes, {sent} requests")
    assert posting_routes >= 25, "the POST endpoints are found"
    assert sent > (200 if htmx else 600)
    assert not problems, "\n".join(problems)


def _oversized_bodies():
    """(label, body, content type): over DATA_UPLOAD_MAX_MEMORY_SIZE (2 MB) of form text, as
    a browser encodes it, and over DATA_UPLOAD_MAX_NUMBER_FIELDS."""
    text = "z" * (3 << 20)
    boundary = "fuzzboundary"
    multipart = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"body\"\r\n\r\n"
                 f"{text}\r\n--{boundary}--\r\n").encode()
    many = "&".join(f"f{n}=1" for n in range(1200)).encode()
    return [("3 MB urlencoded", f"name=x&body={text}".encode(),
             "application/x-www-form-urlencoded"),
            ("3 MB multipart", multipart, f"multipart/form-data; boundary={boundary}"),
            ("1200 fields", many, "application/x-www-form-urlencoded")]


@pytest.mark.django_db
def test_oversized_forms_get_a_413_page_in_the_sites_layout(world):
    from .conftest import SITE_PAGE_MARKERS

    routes = [r for r in post_routes() if r != "accounts/logout/" and not r.startswith("api/")]
    owner = client_for(world.alice)
    problems, posting_routes = [], 0
    for route in routes:
        url = next(url for url, valid in urls_for(route, world) if valid)
        if owner.post(url).status_code == 405:
            continue
        posting_routes += 1
        before = others_state(0)  # everybody's data, alice's too: nothing may change
        for label, body, content_type in _oversized_bodies():
            response = owner.generic("POST", url, body, content_type=content_type)
            page = response.content.decode("utf-8", "replace")
            if response.status_code != 413:
                problems.append(f"POST {url} [{label}]: status {response.status_code}")
            elif not (page.lstrip().lower().startswith("<!doctype")
                      and any(m in page for m in SITE_PAGE_MARKERS)
                      and "too much to send at once" in page):
                problems.append(f"POST {url} [{label}]: not the site's 413 page")
        if others_state(0) != before:
            problems.append(f"POST {url}: an oversized form changed something")
    assert posting_routes >= 25
    assert not problems, "\n".join(problems)
