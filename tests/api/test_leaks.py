"""Every endpoint of the OpenAPI schema, walked as an anonymous caller, as an outsider's
read token and as another bot's token, against alice's and bob's things: never a 500,
never a private field, a secret marker or a hidden card, and nothing changes."""
import re

import pytest

from decks.models import Deck
from games import services as gs
from games.models import ChatMessage, Game
from players.models import Message, Player
from tests.api.conftest import api_client, token_for
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck
from tests.puzzles.factories import make_puzzle
from tests.security.conftest import (
    ALICE_DECK_NAME,
    ALICE_DECK_NOTE,
    ALICE_SECRET_BODY,
    ALICE_SECRET_SUBJECT,
    ALICE_SYSTEM_BODY,
    CHALLENGE_NOTE,
    hidden_cards_of,
    play_some_turns,
    start_game,
)

pytestmark = pytest.mark.django_db

CHAT_SECRET = "alice-chat-line-77aa"
EMAIL = "alice-private@example.org"
MARKERS = (ALICE_SECRET_BODY, ALICE_SECRET_SUBJECT, ALICE_SYSTEM_BODY, ALICE_DECK_NOTE,
           ALICE_DECK_NAME, CHALLENGE_NOTE, CHAT_SECRET, EMAIL)
# Keys that would mean private data or engine internals got out.
FORBIDDEN_KEYS = {"email", "password", "secret_hash", "prefix", "note", "rng", "seed", "deck",
                  "body", "subject", "hobbies", "real_name", "birthdate", "gold", "knowledge",
                  "challenge_message", "message", "scopes"}


@pytest.fixture
def world(alice, bob, carol):
    from players.inbox.services import message_send, message_send_system

    Player.objects.filter(pk__in=[alice.pk, bob.pk, carol.pk]).update(level=10)
    alice.user.email = EMAIL
    alice.user.save()
    private_deck = make_deck(alice, name=ALICE_DECK_NAME)
    Deck.objects.filter(pk=private_deck.pk).update(note=ALICE_DECK_NOTE)
    shared_deck = make_deck(bob, name="Bob's shared deck")
    Deck.objects.filter(pk=shared_deck.pk).update(is_shared=True, note=ALICE_DECK_NOTE)
    message_send(author=bob, recipient=alice, subject=ALICE_SECRET_SUBJECT,
                 body=ALICE_SECRET_BODY)
    message_send_system(recipient=alice, subject="note", body=ALICE_SYSTEM_BODY)
    hidden = play_some_turns(start_game(alice, bob, hidden=True), 5)
    gs.chat_post(game_id=hidden.pk, player=alice, body=CHAT_SECRET)
    finished = play_some_turns(start_game(alice, bob), 4)
    gs.game_surrender(game_id=finished.pk, player=alice)
    gs.game_surrender_answer(game_id=finished.pk, player=bob, accept=True)
    challenge = gs.challenge_create(challenger=alice, opponent=bob, message=CHALLENGE_NOTE,
                                    deck=make_deck(alice, name="Challenger"))
    ai_game = gs.ai_game_start(player=alice, deck=make_deck(alice, name="Versus AI"))
    alice_token = token_for(alice, "read")
    tournament = _event_with(alice, private_deck)
    outsider_bot = PlayerFactory(user__username="otherbot")
    Player.objects.filter(pk=outsider_bot.pk).update(is_bot=True)
    outsider_bot.refresh_from_db()
    puzzle = make_puzzle(hidden=True)  # its opponent's hand is hidden from the solver
    return {"hidden": hidden.refresh_from_db() or hidden, "finished": finished, "puzzle": puzzle,
            "challenge": challenge, "ai_game": ai_game, "private_deck": private_deck,
            "shared_deck": shared_deck, "alice_token": alice_token, "tournament": tournament,
            "callers": {"anonymous": None, "outsider read token": token_for(carol, "read"),
                        "another bot": token_for(outsider_bot, "bot", "read")}}


def _event_with(player, deck):
    """An arena open to bots that ``player`` joined with ``deck`` (its name is a secret)."""
    from datetime import timedelta

    from django.utils import timezone

    from games.tournaments.models import Tournament
    from games.tournaments.services import tournament_join

    tournament = Tournament.objects.create(name="Leaky arena", bots_allowed=True,
                                           starts_at=timezone.now() + timedelta(hours=1))
    tournament_join(tournament_id=tournament.pk, player=player, deck=deck.pk)
    return tournament


def _schema_operations():
    schema = api_client().get("/api/v1/openapi.json").json()
    for path, methods in schema["paths"].items():
        for method in methods:
            yield method, path


def _urls(path, world):
    """The path with each parameter set to alice's and bob's things (several choices)."""
    choices = {
        "card_id": [1, 0],
        "name": ["alice", "bob"],
        "deck_id": [world["private_deck"].pk, world["shared_deck"].pk],
        "game_id": [world["hidden"].pk, world["finished"].pk, world["challenge"].pk,
                    world["ai_game"].pk],
        "step": [2],
        "tournament_id": [world["tournament"].pk],
        "puzzle_id": [world["puzzle"].pk],
    }
    urls = [path]
    for name, values in choices.items():
        if "{" + name + "}" in path:
            urls = [url.replace("{" + name + "}", str(value)) for url in urls for value in values]
    assert "{" not in "".join(urls), urls
    return urls


def _walk_keys(value, found):
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            _walk_keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _walk_keys(inner, found)
    return found


def _hands(value, out):
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "hand":
                out.extend(inner)
            else:
                _hands(inner, out)
    elif isinstance(value, list):
        for inner in value:
            _hands(inner, out)
    return out


def _snapshot():
    return {
        "games": list(Game.objects.order_by("pk").values(
            "pk", "status", "version", "player2_id", "outcome", "player1_left", "player2_left",
            "surrender_requested_by_id")),
        "decks": list(Deck.objects.order_by("pk").values()),
        "messages": list(Message.objects.order_by("pk").values("pk", "is_read")),
        "chat": list(ChatMessage.objects.order_by("pk").values("pk", "body")),
    }


def test_no_endpoint_leaks_or_fails_for_any_caller(world, settings):
    settings.API_STREAM_SECONDS = 0.2
    hidden = world["hidden"]
    secret_cards = hidden_cards_of(hidden, 0) | hidden_cards_of(hidden, 1)
    assert secret_cards, "the hidden game must have unrevealed cards to check"
    before = _snapshot()
    operations = list(_schema_operations())
    assert len(operations) >= 20
    tried = 0
    for caller, token in world["callers"].items():
        client = api_client(token)
        for method, path in operations:
            for url in _urls(path, world):
                if method == "get":
                    response = client.get(url)
                else:
                    response = client.post(url, content_type="application/json",
                                           data={"version": hidden.version, "position": 1,
                                                 "accept": True})
                tried += 1
                where = (caller, method, url, response.status_code)
                assert response.status_code < 500, where
                text = (b"".join(response.streaming_content) if response.streaming
                        else response.content).decode()
                for marker in MARKERS:
                    assert marker not in text, (*where, marker)
                for token_text in (world["alice_token"], *filter(None,
                                                                world["callers"].values())):
                    assert token_text not in text, where
                if path.startswith("/api/v1/bot/"):
                    if caller == "anonymous":
                        assert response.status_code == 401, where
                    elif caller == "outsider read token":
                        assert response.status_code == 403, where
                    elif "{game_id}" in path:
                        assert response.status_code == 404, where
                if response.streaming or not text.startswith(("{", "[")):
                    continue
                data = response.json()
                if response.status_code >= 400:
                    assert set(data) == {"error"}, where
                    assert set(data["error"]) <= {"status", "code", "message", "fields"}, where
                    continue
                leaked = _walk_keys(data, set()) & FORBIDDEN_KEYS
                assert not leaked, (*where, leaked)
                if re.search(rf"/games/{hidden.pk}(/|$)", url):
                    shown = {card for card in _hands(data, []) if card}
                    assert not shown & secret_cards, where
    assert tried > 3 * len(operations)
    assert _snapshot() == before


def test_the_owner_token_of_alice_sees_no_more_than_anybody(world):
    """A token is no key to private data: alice's own token reads the same public views."""
    anonymous, own = api_client(), api_client(world["alice_token"])
    for url in ("/api/v1/players/alice", f"/api/v1/games/{world['hidden'].pk}/view",
                f"/api/v1/decks/{world['private_deck'].pk}"):
        assert own.get(url).content == anonymous.get(url).content, url
