"""Hidden cards: alice's unrevealed cards reach nothing bob (or carol) can load.

For a running hidden-cards game, every page, partial and redirect target reachable by the
opponent is fetched and searched for the ids and names of alice's face-down cards (those
bob sees nowhere else: not in his own hand, not among played or discarded cards).
"""
import html

import pytest
from django.urls import reverse

from decks.models import Deck
from games import engine
from games import services as gs
from games.models import CardStatistic, Game
from tests.security.conftest import hidden_cards_of, play_some_turns, start_game

pytestmark = pytest.mark.django_db


def _leaks(body: str, secret_ids) -> list:
    """Every way a card could be shown: its data-card-id, its id in a card URL or JSON, its
    name as a card's title. (A bare name is no evidence: some card names are also award
    names or words on the page.)"""
    found = []
    for cid in secret_ids:
        name = html.escape(engine.card(cid).name)
        patterns = [f'data-card-id="{cid}"', f"/cards/{cid}/", f'"card": {cid}',
                    f'"card":{cid}', f'class="card-name">{name}<', f'title="{name}"']
        found += [(cid, p) for p in patterns if p in body]
    return found


def _bob_pages(game, alice):
    """(label, url, extra request headers) of everything bob can load about the game."""
    pk = game.pk
    pages = [
        ("game page", reverse("games:detail", args=[pk]), {}),
        ("board partial", reverse("games:board", args=[pk]), {"HTTP_HX_REQUEST": "true"}),
        ("chat page", reverse("games:chat", args=[pk]), {}),
        ("chat partial", reverse("games:chat", args=[pk]), {"HTTP_HX_REQUEST": "true"}),
        ("games list", reverse("games:list"), {}),
        ("turn indicator", reverse("games:turn_indicator"), {}),
        ("replays list", reverse("games:replays"), {}),
        ("alice's profile", reverse("players:detail", args=[alice.name]), {}),
        ("own profile", reverse("players:detail", args=["bob"]), {}),
        ("players list", reverse("players:list"), {}),
        ("home", reverse("home"), {}),
        ("inbox", reverse("players:inbox"), {}),
        ("decks list", reverse("decks:list"), {}),
    ]
    # The latest step only: an earlier step may rightly show a card id that alice holds
    # face down now (bob held a copy then, or she played one); see the per-step test below.
    pages.append(("history", reverse("games:history", args=[pk]), {}))
    pages.append(("history latest", reverse("games:history", args=[pk])
                  + f"?step={game.turns.count()}", {}))
    return pages


def test_opponent_pages_never_show_face_down_cards(hidden_game, alice, bob, client_of):
    secret = hidden_cards_of(hidden_game, seat=0)
    assert secret, "the game must have face-down cards to be a meaningful test"
    client = client_of(bob)
    for label, url, headers in _bob_pages(hidden_game, alice):
        response = client.get(url, follow=True, **headers)
        assert response.status_code == 200, (label, response.status_code)
        assert _leaks(response.content.decode(), secret) == [], label


def test_history_steps_mask_what_was_face_down_then(hidden_game, bob, client_of):
    """Each history step is checked against the hand alice held at that step."""
    from games.services.turn_log import state_after_turns

    client = client_of(bob)
    for step in range(hidden_game.turns.count() + 1):
        _, _, state = state_after_turns(hidden_game, step)
        then = Game(state=engine.state_to_json(state))
        secret = hidden_cards_of(then, seat=0)
        body = client.get(reverse("games:history", args=[hidden_game.pk]),
                          {"step": step}).content.decode()
        assert _leaks(body, secret) == [], step


def test_replay_url_of_a_running_game_shows_nothing_extra(hidden_game, bob, carol, client_of):
    url = reverse("games:replay", args=[hidden_game.pk])
    # bob is sent to his own (masked) history; carol cannot tell the game exists
    response = client_of(bob).get(url)
    assert response.status_code == 302
    assert response.url == reverse("games:history", args=[hidden_game.pk])
    assert client_of(carol).get(url).status_code == 404
    assert client_of(carol).get(url + "?turn=1").status_code == 404


def test_opponent_deck_is_out_of_reach_during_the_game(hidden_game, bob, client_of):
    client = client_of(bob)
    deck_id = hidden_game.deck1_id
    for name in ("builder", "export", "delete"):
        assert client.get(reverse(f"decks:{name}", args=[deck_id])).status_code == 404, name
    Deck.objects.filter(pk=deck_id).update(name="alice-game-deck-e41c")
    for url in (reverse("decks:list"), reverse("games:detail", args=[hidden_game.pk])):
        assert "alice-game-deck-e41c" not in client.get(url).content.decode(), url


def test_moves_and_errors_answered_to_bob_stay_masked(hidden_game, bob, client_of):
    """The answers to bob's own actions (a refused preview, a bad move, a stale version)."""
    client = client_of(bob)
    url = reverse("games:move", args=[hidden_game.pk])
    answers = [
        client.post(url, {"position": 1, "action": "preview", "version": hidden_game.version},
                    HTTP_HX_REQUEST="true"),
        client.post(url, {"position": 1, "action": "preview", "version": hidden_game.version},
                    follow=True),
        client.post(url, {"position": 99, "version": hidden_game.version},
                    HTTP_HX_REQUEST="true"),
        client.post(url, {"position": 1, "version": 0}, HTTP_HX_REQUEST="true"),
    ]
    secret = hidden_cards_of(hidden_game, seat=0)
    for response in answers:
        assert response.status_code == 200
        body = response.content.decode()
        assert _leaks(body, secret) == []
    assert "Preview is not available with hidden cards." in answers[0].content.decode()
    hidden_game.refresh_from_db()
    assert hidden_game.turns.count() == 5  # nothing was played by the refused requests


def test_preview_is_refused_in_hidden_mode_even_when_forged(alice, bob, client_of):
    """The preview button is not shown in hidden mode; a hand-made request is refused too."""
    game = start_game(alice, bob, hidden=True)
    mover = game.player1 if game.current_seat == 0 else game.player2
    response = client_of(mover).post(reverse("games:move", args=[game.pk]), {
        "position": 1, "action": "preview", "mode": 0, "version": game.version}, follow=True)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Preview is not available with hidden cards." in body
    assert "preview-table" not in body and "class=\"preview" not in body


def test_hidden_ai_game_masks_the_computers_hand(alice, client_of, django_capture_on_commit_callbacks):
    from tests.games.conftest import make_deck

    game = gs.ai_game_start(player=alice, deck=make_deck(alice, name="vs AI"), hidden=True)
    game.refresh_from_db()
    secret = hidden_cards_of(game, seat=1)
    assert secret
    client = client_of(alice)
    for url in (reverse("games:detail", args=[game.pk]), reverse("games:board", args=[game.pk]),
                reverse("games:history", args=[game.pk])):
        assert _leaks(client.get(url).content.decode(), secret) == [], url


def _statistics_seen_by(client):
    reports = {}
    for period in ("latest", "overall"):
        page = client.get(reverse("games:statistics"), {"period": period, "length": 50})
        assert page.status_code == 200
        reports[period] = [(r["key"], [(e["card"].id, e["count"]) for e in r["entries"]])
                           for r in page.context["reports"]]
    return reports


def test_card_statistics_wait_for_the_end_of_the_game(alice, bob, client_of):
    """The statistics count drawn cards; counting them during a game would tell bob which
    cards alice drew. The page stays exactly as it was until the game is over."""
    client = client_of(bob)
    before = _statistics_seen_by(client)
    game = play_some_turns(start_game(alice, bob, hidden=True), 6)
    assert _statistics_seen_by(client) == before
    assert CardStatistic.objects.count() == 0
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert _statistics_seen_by(client) != before


def test_finished_hidden_game_shows_both_hands_in_the_replay(alice, bob, carol, client_of):
    """The counterpart: once the game is over, the replay shows everything (so the masking
    tests above really test masking, not an empty page)."""
    game = play_some_turns(start_game(alice, bob, hidden=True), 3)
    secret = hidden_cards_of(game, seat=0)
    gs.game_surrender(game_id=game.pk, player=alice)
    gs.game_surrender_answer(game_id=game.pk, player=bob, accept=True)
    body = client_of(carol).get(reverse("games:replay", args=[game.pk]),
                                {"turn": 3}).content.decode()
    assert secret and {cid for cid, _ in _leaks(body, secret)} == secret
