"""Sandbox tools in games against the standard AI after the tutorial (rules-engine.md §13)."""
import html

import pytest
from django.urls import reverse

from decks.models import Deck
from games import engine
from games import services as gs
from games.engine import TUTORIAL_END_LEVEL
from games.game.board import board_for, history_for
from games.models import CardStatistic, Game, Turn
from games.services.errors import STALE_PAGE
from players.models import GameRating
from tests.engine.helpers import json_diff
from tests.games.conftest import make_deck

pytestmark = pytest.mark.django_db


def _level(player, level):
    player.level = level
    player.save(update_fields=["level"])


def _ai_game(player, *, hidden=False, turn=0):
    """A game of ``player`` against the standard AI, with ``turn`` (0: the player's) on turn
    and the computer waiting to be told to move."""
    player.settings.auto_ai_move = False
    player.settings.save()
    game = gs.ai_game_start(player=player, deck=make_deck(player, name=f"D{Deck.objects.count()}"),
                            hidden=hidden)
    game.refresh_from_db()
    for _ in range(10):  # a Quick or Swift card may give an extra turn
        if game.current_seat == turn:
            break
        if turn == 0:
            assert gs.game_ai_move(game_id=game.pk, version=game.version)
        else:
            gs.game_discard_card(game_id=game.pk, player=player, version=game.version,
                                 position=1)
        game.refresh_from_db()
    assert game.current_seat == turn
    return game


@pytest.fixture
def sandbox_game(alice):
    _level(alice, TUTORIAL_END_LEVEL)

    def _make(**kwargs):
        return _ai_game(alice, **kwargs)

    return _make


def _post(client, game, data, *, htmx=False, version=None):
    body = {"version": game.version if version is None else version, **data}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("games:sandbox", args=[game.pk]), body, headers=headers)


def _state(game):
    game.refresh_from_db()
    return engine.state_from_json(game.state)




# ---------------------------------------------------------------- each tool
def test_put_card_by_number_changes_that_slot_only(alice, client_of, sandbox_game):
    game = sandbox_game()
    before, version = dict(game.state), game.version
    response = _post(client_of(alice), game, {"tool": "card", "seat": 1, "position": 3,
                                              "card": "1"}, htmx=True)
    assert response.status_code == 200
    assert "Put Basic wall into slot 3 of the computer's hand." in html.unescape(
        response.content.decode())
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.state["players"][1]["hand"][2] == 1
    assert set(json_diff(before, game.state)) <= {".players[1].hand[2]", ".players[1].new[2]"}
    turn = game.turns.order_by("-number").first()
    assert turn.action == Turn.Action.SANDBOX and turn.actor == alice and turn.card == 1


def test_put_card_by_name_and_the_name_search_messages(alice, client_of, sandbox_game):
    game = sandbox_game()
    client = client_of(alice)
    _post(client, game, {"tool": "card", "seat": 0, "position": 8, "card": "  basic   WALL "})
    assert _state(game).p[0].hand[7] == 1
    version = game.version
    for text, message in [("wall", "Several cards match"), ("zzzqqq", "No card's name"),
                          ("0", "no card with that number"), ("99999", "no card with that"),
                          ("", "Type a card")]:
        body = html.unescape(_post(client, game, {"tool": "card", "seat": 0, "position": 1,
                                                  "card": text}, htmx=True).content.decode())
        assert message.lower() in body.lower(), text
    game.refresh_from_db()
    assert game.version == version


def test_put_card_in_hidden_mode_reveals_it_only_in_the_computers_hand(alice, client_of,
                                                                        sandbox_game):
    game = sandbox_game(hidden=True)
    client = client_of(alice)
    _post(client, game, {"tool": "card", "seat": 1, "position": 2, "card": "5"})
    game.refresh_from_db()
    _post(client, game, {"tool": "card", "seat": 0, "position": 2, "card": "5"})
    state = _state(game)
    assert state.p[1].hand[1] == 5 and state.p[1].rev[1] is True and state.p[1].new[1] is True
    assert state.p[0].hand[1] == 5 and state.p[0].rev[1] is False
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert 'data-card-id="5"' in page.split('id="hand-form"')[0]


def test_set_attribute_changes_exactly_that_number(alice, client_of, sandbox_game):
    game = sandbox_game()
    before = dict(game.state)
    response = _post(client_of(alice), game, {"tool": "attribute", "seat": 1,
                                              "attribute": "gems", "value": "77"}, htmx=True)
    assert "Set the computer's gems to 77." in html.unescape(response.content.decode())
    game.refresh_from_db()
    assert json_diff(before, game.state) == [".players[1].attributes.gems"]
    assert game.state["players"][1]["attributes"]["gems"] == 77


@pytest.mark.parametrize("attribute, value, message", [
    ("tower", "-1", "Tower must be a whole number from 0 to"),
    ("wall", "100000", "Wall must be a whole number from 0 to"),
    ("quarry", "0", "Quarry must be a whole number from 1 to 999"),
    ("bricks", "1000", "Bricks must be a whole number from 0 to 999"),
    ("gems", "1.5", "Gems must be a whole number"),
    ("recruits", "abc", "Recruits must be a whole number"),
    ("tower", "9" * 40, "Tower must be a whole number"),
    ("towers", "5", "Choose one of the eight attributes."),
])
def test_set_attribute_refuses_values_outside_the_limits(alice, client_of, sandbox_game,
                                                         attribute, value, message):
    game = sandbox_game()
    before, version = dict(game.state), game.version
    body = _post(client_of(alice), game, {"tool": "attribute", "seat": 0,
                                          "attribute": attribute, "value": value},
                 htmx=True).content.decode()
    assert message in body
    game.refresh_from_db()
    assert game.state == before and game.version == version


def test_tower_limit_follows_long_mode(alice, client_of):
    _level(alice, TUTORIAL_END_LEVEL)
    alice.settings.auto_ai_move = False
    alice.settings.save()
    game = gs.ai_game_start(player=alice, deck=make_deck(alice), long_mode=True)
    game.refresh_from_db()
    top = engine.limits_for(True).max_tower
    _post(client_of(alice), game, {"tool": "attribute", "seat": 0, "attribute": "tower",
                                   "value": top})
    assert _state(game).p[0].tower == top


def test_toggle_hidden_switches_the_game_and_the_state(alice, client_of, sandbox_game):
    game = sandbox_game()
    client = client_of(alice)
    _post(client, game, {"tool": "hidden"})
    game.refresh_from_db()
    assert game.is_hidden is True and _state(game).hidden is True
    assert 'title="Hidden cards"' in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    _post(client, game, {"tool": "hidden"})
    game.refresh_from_db()
    assert game.is_hidden is False and _state(game).hidden is False
    assert all(not any(p.rev) for p in _state(game).p)


def test_dictate_plays_the_chosen_card_for_the_computer(alice, client_of, sandbox_game):
    game = sandbox_game(turn=1)
    state = _state(game)
    computer = state.p[1]
    slot = next((i + 1 for i, cid in enumerate(computer.hand)
                 if engine.card(cid).modes == 0 and engine.card(cid).bricks <= computer.bricks
                 and engine.card(cid).gems <= computer.gems
                 and engine.card(cid).recruits <= computer.recruits), None)
    if slot is None:  # nothing affordable: make it so
        gs.sandbox_put_card(game_id=game.pk, player=alice, version=game.version, seat=1,
                            position=1, card=1)
        game.refresh_from_db()
        slot = 1
    card = _state(game).p[1].hand[slot - 1]
    turns = game.turns.count()
    response = _post(client_of(alice), game, {"tool": "dictate", "position": slot,
                                              "action": "play", "mode": "3"}, htmx=True)
    assert "as you dictated" in response.content.decode()
    game.refresh_from_db()
    turn = game.turns.order_by("-number").first()
    assert game.turns.count() == turns + 1
    assert (turn.action, turn.actor_seat, turn.card, turn.is_ai_move) == ("play", 1, card, True)
    assert turn.record["dictated"] is True and turn.actor is None


def test_dictate_discard_and_refusals(alice, client_of, sandbox_game):
    game = sandbox_game(turn=1)
    client = client_of(alice)
    gs.sandbox_set_attribute(game_id=game.pk, player=alice, version=game.version, seat=1,
                             attribute="bricks", value=0)
    game.refresh_from_db()
    gs.sandbox_put_card(game_id=game.pk, player=alice, version=game.version, seat=1,
                        position=2, card=1)  # Basic wall costs bricks
    game.refresh_from_db()
    version = game.version
    body = _post(client, game, {"tool": "dictate", "position": 2, "action": "play"},
                 htmx=True).content.decode()
    assert "The computer cannot afford that card" in body
    for data in ({"tool": "dictate", "position": 9, "action": "play"},
                 {"tool": "dictate", "position": 2, "action": "explode"}):
        _post(client, game, data)
    game.refresh_from_db()
    assert game.version == version
    _post(client, game, {"tool": "dictate", "position": 2, "action": "discard"})
    game.refresh_from_db()
    assert game.turns.order_by("-number").first().action == "discard"
    assert game.current_seat == 0
    body = _post(client, game, {"tool": "dictate", "position": 1, "action": "play"},
                 htmx=True).content.decode()
    assert "only on its turn" in body


# ---------------------------------------------------------------- who and when
def test_refused_for_tutorial_players(alice, client_of):
    _level(alice, TUTORIAL_END_LEVEL - 1)
    game = _ai_game(alice)
    before, version = dict(game.state), game.version
    body = _post(client_of(alice), game, {"tool": "hidden"}, htmx=True).content.decode()
    assert "The sandbox opens when you finish the tutorial" in body
    assert 'id="sandbox"' not in body
    game.refresh_from_db()
    assert game.state == before and game.version == version


def test_refused_in_human_games(alice, bob, client_of, started_game):
    for player in (alice, bob):
        _level(player, TUTORIAL_END_LEVEL)
    game = started_game()
    body = _post(client_of(alice), game, {"tool": "attribute", "seat": 1,
                                          "attribute": "tower", "value": 0},
                 htmx=True).content.decode()
    assert "only for games against the computer" in body and 'id="sandbox"' not in body
    game.refresh_from_db()
    assert not game.turns.filter(action="sandbox").exists()


def test_refused_in_ai_challenges(alice, client_of):
    _level(alice, TUTORIAL_END_LEVEL)
    name = next(iter(engine.AI_CHALLENGES))
    game = gs.ai_challenge_start(player=alice, deck=make_deck(alice), challenge=name)
    game.refresh_from_db()
    body = _post(client_of(alice), game, {"tool": "hidden"}, htmx=True).content.decode()
    assert "AI challenges have no sandbox" in body and 'id="sandbox"' not in body
    game.refresh_from_db()
    assert game.is_hidden is False


def test_refused_for_finished_games(alice, client_of, sandbox_game):
    game = sandbox_game()
    gs.game_surrender(game_id=game.pk, player=alice)
    game.refresh_from_db()
    body = _post(client_of(alice), game, {"tool": "hidden"}, htmx=True).content.decode()
    assert "This game is not in progress." in body and 'id="sandbox"' not in body


def test_outsiders_get_404_and_change_nothing(alice, carol, client_of, sandbox_game):
    _level(carol, TUTORIAL_END_LEVEL)
    game = sandbox_game()
    before, version = dict(game.state), game.version
    for data in ({"tool": "hidden"}, {"tool": "card", "seat": 1, "position": 1, "card": "1"}):
        assert _post(client_of(carol), game, data).status_code == 404
    assert _post(client_of(carol), game, {"tool": "hidden"}, htmx=True).status_code == 404
    game.refresh_from_db()
    assert game.state == before and game.version == version


def test_stale_version_is_refused_with_a_clear_message(alice, client_of, sandbox_game):
    game = sandbox_game()
    client = client_of(alice)
    before, version = dict(game.state), game.version
    body = _post(client, game, {"tool": "attribute", "seat": 0, "attribute": "tower",
                                "value": 5}, htmx=True, version=version - 1).content.decode()
    assert "The game changed since this page was loaded" in body
    response = _post(client, game, {"tool": "hidden"}, version=version + 5)
    assert response.status_code == 302 and response.url.endswith("?sandbox=open#sandbox")
    page = client.get(response.url).content.decode()
    assert STALE_PAGE.split(" (")[0] in page and "<details class=\"sandbox panel\" id=\"sandbox\" open>" in page
    game.refresh_from_db()
    assert game.state == before and game.version == version


def test_junk_never_500(alice, client_of, sandbox_game):
    game = sandbox_game()
    client = client_of(alice)
    junk = ["", "\x00", "-1", "9" * 50, "abc", "ü🃏", "<b>x</b>", "1.5", " 2 ", "x" * 5000]
    for tool in ("card", "attribute", "hidden", "dictate", "nope", "\x00"):
        for value in junk:
            data = {"tool": tool, "seat": value, "position": value, "card": value,
                    "attribute": value, "value": value, "action": value, "mode": value}
            for htmx in (False, True):
                response = _post(client, game, data, htmx=htmx, version=value or None)
                assert response.status_code in (200, 302), (tool, value)
    assert client.get(reverse("games:sandbox", args=[game.pk])).status_code == 405


# ---------------------------------------------------------------- the page
def test_panel_shown_only_in_eligible_games(alice, bob, client_of, sandbox_game,
                                            started_game):
    game = sandbox_game()
    page = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert '<details class="sandbox panel" id="sandbox">' in page
    assert "Victory is checked at the end of the next turn" in page
    assert "Available on the computer's turn." in page
    other = started_game()
    for player in (alice, bob):
        body = client_of(player).get(reverse("games:detail", args=[other.pk])).content.decode()
        assert 'id="sandbox"' not in body
    _level(alice, TUTORIAL_END_LEVEL - 1)
    assert 'id="sandbox"' not in client_of(alice).get(
        reverse("games:detail", args=[game.pk])).content.decode()


def test_dictate_form_shows_the_computers_visible_cards_only(alice, client_of, sandbox_game):
    game = sandbox_game(hidden=True, turn=1)
    state = _state(game)
    page = client_of(alice).get(reverse("games:board", args=[game.pk])).content.decode()
    form = page.split('id="sandbox-dictate-slot"')[1].split("</select>")[0]
    assert form.count("face-down card") == state.p[1].rev.count(False)
    from tests.security.conftest import hidden_cards_of
    from tests.security.test_hidden_cards import _leaks

    secret = hidden_cards_of(game, seat=1)
    assert secret
    for cid in secret:
        name = html.escape(engine.card(cid).name)
        assert f": {name}<" not in form and f": {name} (" not in form
    assert _leaks(page, secret) == []


def test_game_page_queries_stay_pinned_with_the_panel(alice, client_of, sandbox_game,
                                                      django_assert_max_num_queries):
    game = sandbox_game()
    client = client_of(alice)
    client.get(reverse("games:detail", args=[game.pk]))
    with django_assert_max_num_queries(10):
        response = client.get(reverse("games:detail", args=[game.pk]))
    assert 'id="sandbox"' in response.content.decode()
    with django_assert_max_num_queries(10):
        client.get(reverse("games:board", args=[game.pk]))


# ---------------------------------------------------------------- history and credit
def test_history_replays_the_sandbox_changes(alice, client_of, sandbox_game):
    game = sandbox_game()
    client = client_of(alice)
    _post(client, game, {"tool": "card", "seat": 1, "position": 4, "card": "1"})
    game.refresh_from_db()
    _post(client, game, {"tool": "attribute", "seat": 0, "attribute": "wall", "value": 3})
    game.refresh_from_db()
    _post(client, game, {"tool": "hidden"})
    game.refresh_from_db()
    gs.game_discard_card(game_id=game.pk, player=alice, version=game.version, position=1)
    game.refresh_from_db()
    latest = history_for(game, 0, 10**9)["board"]
    assert latest == board_for(game, 0)
    # The computer may have moved first (who starts is random): find the step of the change.
    actions = list(game.turns.order_by("number").values_list("action", flat=True))
    step = actions.index(Turn.Action.SANDBOX) + 1
    page = client.get(reverse("games:history", args=[game.pk]) + f"?step={step}").content.decode()
    assert "used the sandbox: put Basic wall into slot 4 of the computer&#x27;s hand" in page


def test_a_sandbox_game_credits_nothing(alice, client_of, sandbox_game,
                                        django_capture_on_commit_callbacks):
    game = sandbox_game()
    deck = Deck.objects.get(pk=game.deck1_id)
    gs.sandbox_set_attribute(game_id=game.pk, player=alice, version=game.version, seat=1,
                             attribute="tower", value=0)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS  # victory waits for the turn's end
    with django_capture_on_commit_callbacks(execute=True):
        gs.game_discard_card(game_id=game.pk, player=alice, version=game.version, position=1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_id == alice.pk
    deck.refresh_from_db()
    assert (deck.wins, deck.losses, deck.draws) == (0, 0, 0)
    assert not GameRating.objects.filter(game_id=game.pk).exists()
    assert not CardStatistic.objects.exists()
    alice.refresh_from_db()
    assert alice.level == TUTORIAL_END_LEVEL and alice.exp == 0
