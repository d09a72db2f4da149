"""Every URL of the site, with good ids, bad ids and junk query strings: never a 500.

The URL list comes from the resolver itself, so a page added later is crawled too.
"""
import random
from urllib.parse import quote

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from decks.catalogue import picture_file
from marcomage.novels.loader import library as novel_library

from .conftest import client_for, problems_of, route_params

pytestmark = pytest.mark.usefixtures("templates_not_recorded")

BAD_PATH_VALUES = ["0", "-1", "99999999", "abc", "9" * 30, "ü", "%00", "x" * 300,
                   "1.5", "٣"]
GAME_COMMANDS = ["ai-move", "substitute", "surrender", "surrender-cancel",
                 "surrender-accept", "surrender-reject", "abort", "finish", "no-such-command"]
# Pages that answer with a fragment by design (fetched by htmx from the game screen, the nav).
FRAGMENT_ROUTES = {"games/<int:game_id>/board/", "games/indicator/"}


def junk_queries(rng):
    """Query strings a hand-edited URL, a bot or a broken link might carry."""
    return [
        "page=abc&sort=%27%3B--&dir=sideways&filter=%00",
        "page=-1&page=2&page=99999999999999999999&q=" + "x" * 5000,
        "q=%F0%9F%83%8F%E2%80%AE%00&name=%C3%BC&rarity=Legendary&keyword=%00",
        "step=-5&turn=1e9&period=forever&length=7&cost=-1&level=abc&after=%00&item=gold",
        "&".join(f"p{rng.randrange(10**6)}={quote(chr(rng.randrange(1, 0x2FFF)))}"
                 for _ in range(40)),
        "to=%00&reply=999999999999999999999&card=abc&next=http://evil.example/",
        "%FF%FE=%FF&=&&&==&a[]=1&a[]=2",
    ]


def all_routes(resolver=None, prefix=""):
    """(route, pattern) for every URL pattern; of the admin only its index."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if route == "admin/":
                yield route, None
                continue
            yield from all_routes(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


def alice_forum_posts(world):
    """The first post of a thread of alice's and bob's reply in it (made on first use, and
    again when a fuzzed delete removed them)."""
    from forum import services as forum_services
    from forum.models import ForumPost

    posts = list(ForumPost.objects.filter(thread__author=world.alice, author=world.bob)[:1])
    if posts:
        return [posts[0].thread.posts.order_by("pk").first(), posts[0]]
    thread = forum_services.thread_create(section="general", author=world.alice,
                                          title="Crawled thread", body="First post")
    return [thread.posts.get(),
            forum_services.post_create(thread=thread, author=world.bob, body="A reply")]


def alice_concept(world):
    """A concept of alice's (made on first use: the world predates the concepts section)."""
    from concepts.models import Concept
    from concepts.services import concept_create

    concept = Concept.objects.filter(author=world.alice).first()
    return concept or concept_create(author=world.alice, data={
        "name": "Crawler's delight", "rarity": "Common", "bricks": 3, "effect": "+3 wall"})[0]


def alice_token_id(world):
    """An API token of alice's (made on first use: the world predates the tokens)."""
    from players.models import AccessToken
    from players.tokens.services import token_create

    token = AccessToken.objects.filter(player=world.alice, revoked_at=None).first()
    return (token or token_create(player=world.alice, name="crawled", scopes=["read"])[0]).pk


def a_puzzle():
    """A puzzle (made on first use: the world predates the puzzles)."""
    from games.puzzles.models import Puzzle
    from tests.puzzles.factories import make_puzzle

    return Puzzle.objects.first() or make_puzzle(hidden=True)


def a_tournament():
    """An upcoming arena (made on first use: the world predates the tournaments)."""
    from games.tournaments.models import Tournament
    from tests.tournaments.conftest import event

    return Tournament.objects.first() or event()


def a_selfplay_report(world):
    """A self-play report of a lab concept of alice's (made on first use)."""
    from concepts.lab.cards import lab_card_for
    from concepts.lab.models import SelfPlayReport
    from tests.concepts.lab_helpers import lab_concept

    found = SelfPlayReport.objects.first()
    if found is not None:
        return found
    concept = lab_concept(world.alice, name="Crawled golem")
    return SelfPlayReport.objects.create(concept=concept, lab_card=lab_card_for(concept),
                                         replaced=1, deck={}, deck_name="Main", games=10,
                                         seed=1)


def alice_notice(world):
    """A notice in alice's bell (made on first use: the world predates the notifications)."""
    from django.utils import timezone

    from players.models import Notification

    notice, _ = Notification.objects.get_or_create(
        player=world.alice, key="crawled", defaults={
            "kind": Notification.Kind.YOUR_TURN, "title": "Your turn against bob",
            "url": "/games/", "on_site": True, "dispatched_at": timezone.now()})
    return notice


def alice_export(world):
    """A data export of alice's (being built: only she may fetch it, and only once ready)."""
    from marcomage.privacy.models import DataExport

    export, _ = DataExport.objects.get_or_create(player=world.alice)
    return export


def alice_push_subscription(world):
    """A browser alice subscribed to web push (only she may remove it)."""
    from players.models import PushSubscription

    row, _ = PushSubscription.objects.get_or_create(
        endpoint="https://push.example.org/wpush/v2/alice-crawled", defaults={
            "player": world.alice, "p256dh": "B" + "A" * 86, "auth": "A" * 22,
            "label": "Firefox on Android"})
    return row


def alice_uid(world):
    """alice's id as the password reset's links carry it."""
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    return urlsafe_base64_encode(force_bytes(world.alice.user.pk))


def alice_unsubscribe_token(world):
    """A real token of a mail's links (the unsubscribe one; the reset and the address's
    confirmation read it as a spoilt one of theirs)."""
    from players.notifications.email import unsubscribe_token

    return unsubscribe_token(world.alice.pk, "message")


def valid_values(world, name):
    w = world
    return {
        "game_id": [g.pk for g in w.games.values()],
        "deck_id": [d.pk for d in w.decks.values()],
        "pk": [m.pk for m in w.messages.values()],
        "card_id": [1, 57],
        "name": ["bob", "alice", "BOB"],
        "filename": ["1-0123456789ab.png"],
        # A card picture's current version, and one from before a redrawing (sent on).
        "version": [picture_file(1)[1], "0123456789ab"],
        "key": ["game-list"],
        "command": GAME_COMMANDS,
        "concept_id": [alice_concept(w).pk],
        "thread_id": [alice_forum_posts(w)[0].thread_id],
        "post_id": [post.pk for post in alice_forum_posts(w)],
        "section_slug": ["general", "concepts"],
        "novel": [novel.slug for novel in novel_library()],
        "chapter": [1, 3],
        "token_id": [alice_token_id(w)],
        "step": [0, 3],
        "puzzle_id": [a_puzzle().pk],
        "tournament_id": [a_tournament().pk],
        "report_id": [a_selfplay_report(w).pk],
        "notification_id": [alice_notice(w).pk],
        "export_id": [alice_export(w).pk],
        "subscription_id": [alice_push_subscription(w).pk],
        "uidb64": [alice_uid(w)],
        "token": [alice_unsubscribe_token(w)],
        "rest": ["v1/no-such-endpoint", "v2/cards"],
    }[name]


def fill(route, values):
    path = route
    for (converter, name), value in zip(route_params(route), values):
        token = f"<{converter}:{name}>" if converter else f"<{name}>"
        path = path.replace(token, quote(str(value), safe="%"), 1)
    return "/" + path


def urls_for(route, world):
    """(url, is_valid) for a route: each valid combination, then each bad value per slot."""
    params = route_params(route)
    if not params:
        return [(fill(route, []), True)]
    choices = [valid_values(world, name) for _, name in params]
    urls = []
    # Every valid value of each slot (with the first valid value of the others).
    for slot, options in enumerate(choices):
        for option in options:
            values = [c[0] for c in choices]
            values[slot] = option
            urls.append((fill(route, values), True))
    for slot in range(len(params)):
        for bad in BAD_PATH_VALUES:
            values = [c[0] for c in choices]
            values[slot] = bad
            urls.append((fill(route, values), False))
    return list(dict.fromkeys(urls))


@pytest.mark.django_db
def test_every_url_with_good_and_bad_ids_and_junk_queries(world):
    rng = random.Random(20240611)
    routes = list(all_routes())
    assert len(routes) >= 40, "the resolver walk finds the whole site"
    owner, outsider, anonymous = (client_for(world.alice), client_for(world.carol),
                                  client_for(None))
    problems, sent, crawled = [], 0, set()
    for route, _pattern in routes:
        fragment_ok = route in FRAGMENT_ROUTES
        urls = urls_for(route, world)
        for url, is_valid in urls:
            crawled.add(url)
            clients = [("alice", owner)]
            if is_valid:
                clients += [("carol", outsider), ("anonymous", anonymous)]
            for who, client in clients:
                response = client.get(url)
                sent += 1
                problems += problems_of(response, label=f"GET {url} as {who}",
                                        fragment_ok=fragment_ok)
        # Junk query strings on the first valid URL, as the owner (the widest view).
        url = urls[0][0]
        for query in junk_queries(rng):
            response = owner.get(f"{url}?{query}")
            sent += 1
            problems += problems_of(response, label=f"GET {url}?{query[:60]}",
                                    fragment_ok=fragment_ok)
    print(f"crawl: {len(routes)} routes, {len(crawled)} URLs, {sent} requests")
    assert not problems, "\n".join(problems)
