"""A muted player publishes no text, through any door of the site.

Every route of the URL inventory (tests/security/test_url_inventory.py) is classified here:
either it lets a player write text that other players read (``PUBLIC_WRITES``), or it does
not (``NO_PUBLIC_TEXT``); a new route fails ``test_every_route_is_classified`` until it is
placed. Each public write is then sent as carol, muted, through the site's own form, on her
own things, with a marker text; she must read the mute's refusal and bob, looking where the
text would be shown, must not find the marker. The one rule behind all of them is
``players.moderation.selectors.mute_refusal``.
"""
import io
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from concepts.models import Concept
from concepts.services import concept_create
from decks.models import Deck
from forum import services as forum_services
from forum.models import ForumThread
from games.tournaments.models import Tournament
from players.models import Message, Mute
from tests.games.conftest import make_deck
from tests.security.conftest import start_game
from tests.security.test_url_inventory import ROUTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("templates_not_recorded")]

MARK = "MUTED-SHOUT-3f9a"
REASON = "Shouting in the forum"

# Routes where a player writes text that others read (or makes written text public).
PUBLIC_WRITES = {
    "forum:thread_new", "forum:reply", "forum:post_edit", "forum:deck_discuss",
    "concepts:new", "concepts:edit", "concepts:discuss",
    "tournaments:new",
    "decks:share", "decks:rename", "decks:note",
    "players:settings", "players:avatar_upload",
    "games:chat", "games:challenge_new", "players:message_new",
}
# Everything else: pages, moves, private texts (game notes, private decks), staff actions
# (moderation, a concept's review), the API (it writes no text a player reads).
NO_PUBLIC_TEXT = {
    "home", "help", "notices_reset", "register", "login", "news", "modified_cards", "faq",
    "credits", "game_history", "logout", "favicon", "password_change",
    "players:list", "players:detail", "players:avatar", "players:hint_dismiss",
    "players:mute", "players:unmute", "players:ban", "players:unban",
    "players:inbox", "players:sent", "players:message_delete", "players:message_detail",
    "players:avatar_remove", "players:shop", "players:shop_confirm", "players:shop_buy",
    "players:token_create", "players:token_revoke", "players:bot_account",
    "players:push_subscribe", "players:push_unsubscribe", "players:push_renew",
    "players:push_device_remove", "players:push_test", "players:push_offer_dismiss",
    "service_worker", "webmanifest", "offline",
    "password_reset", "password_reset_done", "password_reset_confirm",
    "password_reset_complete", "email_verify", "players:email_change",
    "players:email_verify_resend", "players:notifications", "players:notifications_bell",
    "players:notifications_read", "players:notification_open", "players:unsubscribe",
    "games:ai_again",
    "decks:list", "decks:create", "decks:import", "decks:help", "decks:builder", "decks:take",
    "decks:return", "decks:reset", "decks:tokens", "decks:delete", "decks:export",
    "decks:export_csv", "decks:statistics_reset", "decks:import_into", "decks:import_confirm",
    "decks:shared", "decks:shared_detail", "decks:shared_import", "decks:cards",
    "decks:keywords", "decks:card_detail", "decks:art", "decks:card_picture",
    "games:list", "games:challenge_answer", "games:challenge_cancel", "games:host",
    "games:join", "games:host_cancel", "games:ai_quick", "games:ai_new", "games:next",
    "games:turn_indicator", "games:detail", "games:board", "games:move", "games:command",
    "games:leave", "games:history", "games:sandbox", "games:note", "games:replays",
    "games:replay", "games:statistics", "games:watch", "games:watch_game",
    "games:watch_board", "games:replay_analysis",
    "balance:dashboard", "balance:selfplay_start",
    "puzzles:home", "puzzles:daily", "puzzles:next", "puzzles:history", "puzzles:browse",
    "puzzles:detail", "puzzles:answer",
    "forum:index", "forum:search", "forum:mark_all_read", "forum:section", "forum:thread",
    "forum:post", "forum:post_delete", "forum:thread_lock", "forum:thread_priority",
    "forum:thread_move",
    "novels:library", "novels:contents", "novels:chapter",
    "concepts:list", "concepts:preview", "concepts:picture", "concepts:detail",
    "concepts:delete", "concepts:state", "concepts:lab_builder", "concepts:lab_try",
    "concepts:lab_report", "concepts:lab_report_new", "concepts:lab_export",
    "tournaments:list", "tournaments:detail", "tournaments:live", "tournaments:standings",
    "tournaments:join", "tournaments:leave", "tournaments:pause", "tournaments:cancel",
    "privacy:data", "privacy:export", "privacy:download", "privacy:delete",
    "ops:live", "ops:ready", "ops:metrics",
    *(route for route, role in ROUTES.items() if role.startswith("api")),
}


def test_every_route_is_classified():
    assert not PUBLIC_WRITES & NO_PUBLIC_TEXT
    assert PUBLIC_WRITES | NO_PUBLIC_TEXT == set(ROUTES)


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (60, 60), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def carols_world(carol, bob):
    """carol's own things, made before her mute: a shared deck, a private deck named with
    the marker, a concept, a forum thread, a running game against bob."""
    shared = make_deck(carol, name="Carol's shared deck")
    Deck.objects.filter(pk=shared.pk).update(is_shared=True)
    private = make_deck(carol, name=f"{MARK} private")
    concept, _ = concept_create(author=carol, data={
        "name": "Carol's idea", "rarity": "Rare", "bricks": 5, "effect": "+5 tower"})
    thread = forum_services.thread_create(section="general", author=carol,
                                          title="Carol's thread", body="Carol's post")
    game = start_game(carol, bob)
    Mute.objects.create(player=carol, reason=REASON,
                        ends_at=timezone.now() + timedelta(days=1))
    return {"shared": shared, "private": private, "concept": concept, "thread": thread,
            "game": game, "post": thread.posts.order_by("pk").first()}


def _writes(w):
    """(route, url, data, where bob would read it) for each public write, on carol's things."""
    concept_edit = {"name": f"{MARK} idea", "rarity": "Common", "bricks": "1", "gems": "0",
                    "recruits": "0", "effect": MARK}
    return [
        ("forum:thread_new", reverse("forum:thread_new", args=["general"]),
         {"title": MARK, "body": MARK}, reverse("forum:section", args=["general"])),
        ("forum:reply", reverse("forum:reply", args=[w["thread"].pk]), {"body": MARK},
         w["thread"].get_absolute_url()),
        ("forum:post_edit", reverse("forum:post_edit", args=[w["post"].pk]),
         {"title": MARK, "body": MARK}, w["thread"].get_absolute_url()),
        ("concepts:new", reverse("concepts:new"), concept_edit, reverse("concepts:list")),
        ("concepts:edit", reverse("concepts:edit", args=[w["concept"].pk]), concept_edit,
         w["concept"].get_absolute_url()),
        ("tournaments:new", reverse("tournaments:new"),
         {"name": f"{MARK} arena", "kind": "arena", "starts_in": "15",
          "duration_minutes": "30", "turn_timeout": "300", "deck_rule": "any",
          "min_level": "0", "max_players": "9"}, reverse("tournaments:list")),
        ("decks:share", reverse("decks:share", args=[w["private"].pk]), {"shared": "1"},
         reverse("decks:shared")),
        ("decks:rename", reverse("decks:rename", args=[w["shared"].pk]), {"name": MARK},
         reverse("decks:shared")),
        ("decks:note", reverse("decks:note", args=[w["shared"].pk]), {"note": MARK},
         reverse("decks:shared_detail", args=[w["shared"].pk])),
        ("players:settings", reverse("players:settings"),
         {"form": "profile", "profile-real_name": MARK, "profile-hobbies": MARK},
         reverse("players:detail", args=["carol"])),
        ("games:chat", reverse("games:chat", args=[w["game"].pk]), {"body": MARK},
         reverse("games:detail", args=[w["game"].pk])),
        ("games:challenge_new", reverse("games:challenge_new"),
         {"opponent": "bob", "deck": w["shared"].pk, "turn_timeout": "0", "message": MARK},
         reverse("games:list")),
        ("players:message_new", reverse("players:message_new"),
         {"recipient": "bob", "subject": MARK, "body": MARK}, reverse("players:inbox")),
    ]


def test_a_muted_player_publishes_no_text_through_any_door(carols_world, carol, bob, client_of):
    carol_client, bob_client = client_of(carol), client_of(bob)
    tried = set()
    for route, url, data, public_url in _writes(carols_world):
        response = carol_client.post(url, data, follow=True)
        assert response.status_code in (200, 400, 429), (route, response.status_code)
        page = response.content.decode()
        # told why where the form is, besides the notice on top of every page
        assert page.count("You are muted until") >= 2 and REASON in page, route
        seen = bob_client.get(public_url, follow=True)
        assert seen.status_code == 200, (route, public_url)
        assert MARK not in seen.content.decode(), route
        tried.add(route)
    # The refusals kept what carol wrote: nothing of it was saved anywhere.
    assert not Concept.objects.filter(name__contains=MARK).exists()
    assert not Tournament.objects.filter(name__contains=MARK).exists()
    assert not Deck.objects.filter(is_shared=True, name__contains=MARK).exists()
    assert not Deck.objects.filter(note__contains=MARK).exists()
    assert not Message.objects.filter(body__contains=MARK).exists()
    carol.settings.refresh_from_db()
    assert MARK not in carol.settings.real_name + carol.settings.hobbies
    # The two that publish text written earlier (a thread opened by the site for a concept
    # or a shared deck), and the avatar, a picture every player sees.
    response = carol_client.post(reverse("concepts:discuss", args=[carols_world["concept"].pk]),
                                 follow=True)
    assert response.content.decode().count("You are muted until") >= 2
    assert Concept.objects.get(pk=carols_world["concept"].pk).thread_id is None
    threads = ForumThread.objects.count()
    response = carol_client.post(reverse("forum:deck_discuss", args=[carols_world["shared"].pk]),
                                 follow=True)
    assert response.content.decode().count("You are muted until") >= 2
    assert ForumThread.objects.count() == threads
    response = carol_client.post(reverse("players:avatar_upload"), {
        "avatar-avatar": SimpleUploadedFile("a.png", _png(), content_type="image/png")})
    assert response.content.decode().count("You are muted until") >= 2
    carol.settings.refresh_from_db()
    assert not carol.settings.avatar
    tried |= {"concepts:discuss", "forum:deck_discuss", "players:avatar_upload"}
    assert tried == PUBLIC_WRITES


def test_a_mute_leaves_private_things_and_moves_alone(carols_world, carol, client_of):
    """Private decks are renamed and noted as before; the settings' other forms save."""
    client = client_of(carol)
    private = carols_world["private"]
    client.post(reverse("decks:rename", args=[private.pk]), {"name": "Still mine"})
    client.post(reverse("decks:note", args=[private.pk]), {"note": "private thoughts"})
    private.refresh_from_db()
    assert (private.name, private.note) == ("Still mine", "private thoughts")
    response = client.post(reverse("players:settings"), {
        "form": "profile", "profile-real_name": carol.settings.real_name,
        "profile-hobbies": carol.settings.hobbies, "profile-country": "DE"}, follow=True)
    assert "Your profile has been saved" in response.content.decode()
