"""What even an administrator cannot learn through the admin: private texts (messages, game
chat, game and deck notes, a challenge's message), secrets (password and token hashes) and a
running game's hidden state (hands, decks, the generator).

The admin answers a filter in the address (``?body__contains=...``) with a count, so a
field that may be filtered on can be read letter by letter: every lookup that reaches a
private field, directly or across relations, is refused (400 or Django's ``?e=1``), and the
refusal does not depend on whether the guess was right.
"""
import json
from types import SimpleNamespace

import pytest
from django.core import checks
from django.urls import reverse

from games import services as gs
from games.models import ChatMessage, Game, Turn
from players.tokens.services import token_create
from tests.security.conftest import (
    ALICE_DECK_NOTE,
    ALICE_SECRET_BODY,
    ALICE_SECRET_SUBJECT,
    CHALLENGE_NOTE,
    play_some_turns,
    start_game,
)

pytestmark = pytest.mark.django_db

GAME_NOTE = "alice-game-note-0f3c"
CHAT_LINE = "alice-chat-line-8d21"


@pytest.fixture
def secrets(alice, bob, alice_messages, alice_deck, hidden_game, challenge):
    """Every kind of private data, written through the services."""
    gs.game_note_save(game_id=hidden_game.pk, player=alice, text=GAME_NOTE)
    gs.chat_post(game_id=hidden_game.pk, player=alice, body=CHAT_LINE)
    token, _ = token_create(player=alice, name="mine", scopes=["read"])
    alice.user.refresh_from_db()
    return {"game": hidden_game, "token": token, "password": alice.user.password,
            "turn": hidden_game.turns.order_by("-number").first()}


def _probes(secrets):
    """(admin changelist, lookup, a value that matches the private data)."""
    game, turn = secrets["game"], secrets["turn"]
    state = game.state
    hand = state["players"][1]["hand"]
    return [
        ("players_message", "body__contains", ALICE_SECRET_BODY[:6]),
        ("players_message", "body__startswith", ALICE_SECRET_BODY[:3]),
        ("players_message", "body", ALICE_SECRET_BODY),
        ("players_message", "body__regex", "^a"),
        ("players_message", "subject__icontains", ALICE_SECRET_SUBJECT[:6]),
        ("players_message", "subject__iexact", ALICE_SECRET_SUBJECT),
        ("players_message", "body_html__contains", ALICE_SECRET_BODY[:6]),
        ("players_message", "author__messages_sent__body__contains", ALICE_SECRET_BODY[:6]),
        ("players_player", "messages_received__body__contains", ALICE_SECRET_BODY[:6]),
        ("players_player", "user__password__startswith", secrets["password"][:4]),
        ("players_player", "access_tokens__secret_hash__startswith",
         secrets["token"].secret_hash[:2]),
        ("players_player", "game_notes__text__contains", GAME_NOTE[:6]),
        ("players_player", "decks__note__contains", ALICE_DECK_NOTE[:6]),
        ("players_user", "password__startswith", secrets["password"][:4]),
        ("players_user", "password", secrets["password"]),
        ("players_user", "player__messages_received__subject__contains", "alice"),
        ("games_game", "state__rng", state["rng"]),
        ("games_game", "state__players__1__hand__0", str(hand[0])),
        ("games_game", "initial_state__seed", game.initial_state["seed"]),
        ("games_game", "challenge_message__contains", CHALLENGE_NOTE[:6]),
        ("games_game", "deck1_cards__isnull", "False"),
        ("games_game", "notes__text__contains", GAME_NOTE[:6]),
        ("games_game", "chat_messages__body__contains", CHAT_LINE[:6]),
        ("games_game", "turns__record__next_card", str(turn.record["next_card"])),
        ("games_turn", "record__next_card", str(turn.record["next_card"])),
        ("games_turn", "record__card_stats__isnull", "False"),
        ("games_turn", "game__state__rng", state["rng"]),
        ("games_chatmessage", "body__contains", CHAT_LINE[:6]),
        ("games_chatmessage", "body_html__contains", CHAT_LINE[:6]),
        ("decks_deck", "note__contains", ALICE_DECK_NOTE[:6]),
        ("decks_deck", "note", ALICE_DECK_NOTE),
    ]


def _refused(response) -> bool:
    """A 400 page, or Django's redirect to the unfiltered list with ?e=1."""
    if response.status_code == 400:
        return True
    return response.status_code == 302 and response["Location"].endswith("?e=1")


def test_no_lookup_reaches_a_private_field(superuser_client, secrets):
    for model, lookup, value in _probes(secrets):
        url = reverse(f"admin:{model}_changelist")
        for guess in (value, "no-such-value-x"):  # right or wrong, the same refusal
            response = superuser_client.get(url, {lookup: guess})
            assert _refused(response), (model, lookup, response.status_code)
            assert b"result" not in response.content, (model, lookup)


def test_search_does_not_reach_private_texts(superuser_client, secrets):
    for model, secret in (("players_message", ALICE_SECRET_BODY),
                          ("players_message", ALICE_SECRET_SUBJECT),
                          ("games_chatmessage", CHAT_LINE),
                          ("decks_deck", ALICE_DECK_NOTE),
                          ("games_game", CHALLENGE_NOTE),
                          ("players_user", secrets["password"][:8])):
        response = superuser_client.get(reverse(f"admin:{model}_changelist"), {"q": secret})
        assert response.status_code == 200
        assert "0 results" in response.content.decode(), (model, secret)


def test_ordinary_filters_and_sorting_still_work(superuser_client, secrets):
    listing = reverse("admin:players_message_changelist")
    assert "2 results" in superuser_client.get(listing, {"kind__exact": "personal"}).content.decode()
    assert "2 results" in superuser_client.get(listing, {"q": "bob"}).content.decode()
    for order in ("1", "-4", "2.1", "99", "x"):  # unknown columns are ignored, never a 500
        assert superuser_client.get(listing, {"o": order}).status_code == 200
    games = reverse("admin:games_game_changelist")
    page = superuser_client.get(games, {"is_hidden__exact": "1", "status__exact": "in_progress"})
    assert "1 result" in page.content.decode()


ODD_FILTERS = [{"nonexistent__x": "1"}, {"id__in": "a,b"}, {"id": "abc"}, {"id__gt": "x"},
               {"id__regex": "["}, {"id__iregex": "(a"}, {"id__isnull": "maybe"},
               {"created_at__year": "x"}, {"o": "x.y"}, {"q": "\x00"}, {"q": "a" * 5000},
               {"p": "-1"}, {"p": "99999"}, {"_to_field": "password"},
               {"_popup": "1", "_to_field": "body"}]


def test_odd_filters_never_break_the_admin(superuser_client, secrets):
    """Every changelist, Django's and other apps' included, answers a malformed filter with
    a page, a 400 or the ?e=1 redirect (a bad pattern was a database error: 503)."""
    from django.contrib import admin

    superuser_client.raise_request_exception = False
    for model in admin.site._registry:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for params in ODD_FILTERS:
            status = superuser_client.get(url, params).status_code
            assert status < 500, (url, params, status)
    response = superuser_client.get(reverse("admin:auth_group_changelist"), {"name__regex": "^a"})
    assert response.status_code == 400


def test_private_texts_show_on_no_admin_page(superuser_client, secrets, alice, alice_deck, challenge):
    game = secrets["game"]
    chat = ChatMessage.objects.get(body=CHAT_LINE)
    pages = [reverse("admin:games_chatmessage_changelist"),
             reverse("admin:games_chatmessage_change", args=[chat.pk]),
             reverse("admin:games_chatmessage_delete", args=[chat.pk]),
             reverse("admin:decks_deck_changelist"),
             reverse("admin:decks_deck_change", args=[alice_deck.pk]),
             reverse("admin:games_game_change", args=[challenge.pk]),
             reverse("admin:games_game_change", args=[game.pk]),
             reverse("admin:games_game_delete", args=[game.pk]),
             reverse("admin:players_player_delete", args=[alice.pk])]
    for url in pages:
        response = superuser_client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        for secret in (CHAT_LINE, ALICE_DECK_NOTE, CHALLENGE_NOTE, GAME_NOTE,
                       ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT,
                       secrets["token"].secret_hash):
            assert secret not in html, (url, secret)


def _hidden_parts(state):
    """Strings whose presence on a page would give away a running game's hidden state."""
    parts = {state["rng"], state["seed"]}
    for side in state["players"]:
        parts.add(json.dumps(side["hand"]))
        parts.update(json.dumps(cards) for cards in side["deck"].values())
    return parts


def test_a_running_hidden_game_shows_a_summary_and_cannot_be_edited(superuser_client, secrets):
    game = secrets["game"]
    url = reverse("admin:games_game_change", args=[game.pk])
    html = superuser_client.get(url).content.decode()
    for part in _hidden_parts(game.state) | _hidden_parts(game.initial_state):
        assert part not in html
    assert "next_card" not in html and "card_stats" not in html
    tower = game.state["players"][0]["attributes"]["tower"]
    assert 'id="game-state-summary"' in html and f"<td>{tower}</td>" in html
    assert f"Round {game.round}" in html and "on turn" in html
    assert 'name="state"' not in html and "<textarea" not in html  # nothing to edit
    before = (game.state, game.version)
    response = superuser_client.post(url, {"state": "{}", "status": "finished", "round": "99"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert (game.state, game.version) == before
    assert superuser_client.get(reverse("admin:games_game_add")).status_code == 403


def test_a_running_games_turns_keep_their_draws(superuser_client, secrets):
    turn = secrets["turn"]
    html = superuser_client.get(reverse("admin:games_turn_change", args=[turn.pk])).content.decode()
    assert "next_card" not in html and "card_stats" not in html
    assert "<textarea" not in html
    response = superuser_client.post(reverse("admin:games_turn_change", args=[turn.pk]), {"card": "1"})
    assert response.status_code == 403


def test_a_finished_game_shows_its_whole_state_read_only(superuser_client, alice, bob):
    game = play_some_turns(start_game(alice, bob, hidden=True), 4)
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = superuser_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.state["rng"] in html and game.initial_state["seed"] in html
    assert "<textarea" not in html
    turn = Turn.objects.filter(game=game, action="discard").first()
    html = superuser_client.get(reverse("admin:games_turn_change", args=[turn.pk])).content.decode()
    assert "next_card" in html


def test_the_admin_checks_pass_and_catch_a_private_field():
    """Every registered admin refuses private lookups and lists, searches, sorts and shows
    no private field (a system check, run by manage.py check and at start-up)."""
    from django.contrib import admin

    from players.models import Message
    from players.moderation.admin_privacy import PrivateFieldsAdmin, privacy_check_site

    assert not [e for e in checks.run_checks(tags=[checks.Tags.admin])
                if e.id.startswith("privacy.")]

    class Careless(admin.ModelAdmin):
        search_fields = ("author__user__username", "body")

    class Leaky(PrivateFieldsAdmin):
        list_display = ("pk", "subject")
        list_filter = ("recipient__messages_received__body",)

    class Showing(PrivateFieldsAdmin):
        readonly_fields = ("created_at",)  # no fields: the form would show every field

    for admin_class, expected in ((Careless, {"privacy.E001", "privacy.E002"}),
                                  (Leaky, {"privacy.E002"}), (Showing, {"privacy.E002"})):
        # Not a registered AdminSite: the real check would find it until collected.
        site = SimpleNamespace(_registry={Message: admin_class(Message, admin.site)})
        errors = privacy_check_site(site)
        assert {e.id for e in errors} == expected, (admin_class.__name__, errors)
    assert len(privacy_check_site(site)) == 3  # subject, body and body_html
