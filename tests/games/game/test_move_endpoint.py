"""POST /games/<id>/move/: play, discard or preview the chosen card.

One form with three buttons (and a Play button per card). Plain posts redirect back to the
game with a message; htmx posts get the board partial with the message in it. Every
refusal says why and changes nothing.
"""
from html import unescape

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games import engine
from games.models import Game, Turn
from games.services import errors
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
BOARD_ERROR = 'class="flash flash-error board-error"'


def _move(client, game, data, *, htmx=False):
    return client.post(reverse("games:move", args=[game.pk]), data, **(HTMX if htmx else {}))


def _flashes(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def _waiting(game):
    return game.player2 if game.current_seat == 0 else game.player1


def _unchanged(game):
    """The game is where it was: same version, no turn logged."""
    version = game.version
    game.refresh_from_db()
    return game.version == version and not Turn.objects.filter(game=game).exists()


def _make_rich(game):
    """Give the player on turn plenty of every resource (any card becomes affordable)."""
    state = engine.state_from_json(game.state)
    me = state.p[state.current]
    me.a[5] = me.a[6] = me.a[7] = 100
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    return state


def _playable_card_in_slot(game, position=3):
    """Whatever the deal: slot ``position`` of the player on turn holds a card without modes
    (a card with modes needs its mode: another test) that they can pay for. Returns its id."""
    state = _make_rich(game)
    cid = next(c.id for c in engine.all_cards() if c.implemented and not c.modes)
    state.p[state.current].hand[position - 1] = cid
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    assert any(a.kind == "play" and a.position == position
               for a in engine.legal_actions(state, state.current))
    return cid


# ---------------------------------------------------------------- the moves
def test_discard_logs_the_turn_bumps_the_version_and_redirects(client_of, started_game):
    game = started_game()
    mover = player_on_turn(game)
    cid = engine.state_from_json(game.state).p[game.current_seat].hand[2]
    response = _move(client_of(mover), game, {"position": 3, "action": "discard",
                                               "version": game.version})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    turn = Turn.objects.get(game=game)
    assert (turn.action, turn.position, turn.card, turn.actor) == ("discard", 3, cid, mover)
    version = game.version
    game.refresh_from_db()
    assert game.version == version + 1


@pytest.mark.parametrize("button", ["action", "play_position"])
def test_play_with_the_play_button_or_the_cards_own_button(client_of, started_game, button):
    game = started_game()
    position = 3
    cid = _playable_card_in_slot(game, position)
    data = ({"position": position, "action": "play"} if button == "action"
            else {"play_position": position})
    response = _move(client_of(player_on_turn(game)), game, {**data, "version": game.version},
                     htmx=True)
    assert response.status_code == 200 and BOARD_ERROR not in response.content.decode()
    turn = Turn.objects.get(game=game)
    assert (turn.action, turn.position, turn.card) == ("play", position, cid)


def test_a_cards_mode_is_read_from_its_own_list(client_of, started_game):
    game = started_game()
    state = _make_rich(game)
    with_modes = next(c for c in engine.all_cards() if c.modes >= 2 and c.implemented)
    state.p[state.current].hand[0] = with_modes.id
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    _move(client_of(player_on_turn(game)), game,
          {"position": 1, "action": "play", "mode": 1, "mode_1": 2, "version": game.version})
    turn = Turn.objects.get(game=game)
    assert (turn.card, turn.mode) == (with_modes.id, 2)


def test_htmx_move_returns_the_board_partial(client_of, started_game):
    game = started_game()
    response = _move(client_of(player_on_turn(game)), game,
                     {"position": 2, "action": "discard", "version": game.version}, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="board"' in html and "<html" not in html
    assert f'data-version="{game.version + 1}"' in html


def test_preview_shows_the_result_and_changes_nothing(client_of, started_game):
    game = started_game()
    position = 3
    _playable_card_in_slot(game, position)
    for htmx in (True, False):
        response = _move(client_of(player_on_turn(game)), game,
                         {"position": position, "action": "preview", "version": game.version},
                         htmx=htmx)
        html = response.content.decode()
        assert response.status_code == 200
        assert f"Preview: playing card {position}" in html
        assert ("<html" in html) is not htmx  # a plain post gets the whole page
        assert _unchanged(game)


def test_preview_is_refused_in_hidden_mode(client_of, started_game):
    game = started_game(hidden=True)
    response = _move(client_of(player_on_turn(game)), game,
                     {"position": 1, "action": "preview", "version": game.version}, htmx=True)
    html = response.content.decode()
    assert "Preview is not available with hidden cards." in html
    assert 'id="preview-button"' not in html
    assert _unchanged(game)


# ---------------------------------------------------------------- versions
def test_a_stale_version_is_refused_with_a_clear_message(client_of, started_game):
    game = started_game()
    response = _move(client_of(player_on_turn(game)), game,
                     {"position": 1, "action": "discard", "version": game.version - 1})
    assert response.status_code == 302
    assert _flashes(response) == [errors.STALE_PAGE]
    assert _unchanged(game)


@pytest.mark.parametrize("version", [None, ""])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_without_its_version_is_refused_with_a_clear_message(
        client_of, started_game, version, htmx):
    game = started_game()
    data = {"position": 1, "action": "discard"}
    if version is not None:
        data["version"] = version
    response = _move(client_of(player_on_turn(game)), game, data, htmx=htmx)
    if htmx:
        assert errors.VERSION_MISSING in response.content.decode()
    else:
        assert _flashes(response) == [errors.VERSION_MISSING]
    assert _unchanged(game)


@pytest.mark.parametrize("version", ["abc", "-1", "1.5", "9" * 40])
def test_a_version_that_is_not_a_page_of_ours_is_stale(client_of, started_game, version):
    game = started_game()
    response = _move(client_of(player_on_turn(game)), game,
                     {"position": 1, "action": "discard", "version": version})
    assert _flashes(response) == [errors.STALE_PAGE]
    assert _unchanged(game)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_double_submit_moves_once_and_says_why(client_of, started_game, htmx):
    game = started_game()
    client = client_of(player_on_turn(game))
    data = {"position": 1, "action": "discard", "version": game.version}
    _move(client, game, data, htmx=htmx)
    second = _move(client, game, data, htmx=htmx)
    assert Turn.objects.filter(game=game).count() == 1
    if htmx:
        assert errors.STALE_PAGE in second.content.decode()
    else:
        assert _flashes(second) == [errors.STALE_PAGE]
        page = client.get(second["Location"]).content.decode()
        assert "The game changed since this page was loaded" in page


# ---------------------------------------------------------------- who and when
def test_the_waiting_player_is_told_it_is_not_their_turn(client_of, started_game):
    game = started_game()
    response = _move(client_of(_waiting(game)), game,
                     {"position": 1, "action": "discard", "version": game.version}, htmx=True)
    assert errors.NOT_YOUR_TURN in response.content.decode()
    assert _unchanged(game)


def test_an_outsider_gets_404_and_changes_nothing(client_of, started_game, carol):
    game = started_game()
    for htmx in (False, True):
        response = _move(client_of(carol), game,
                         {"position": 1, "action": "discard", "version": game.version},
                         htmx=htmx)
        assert response.status_code == 404
    assert _unchanged(game)


def test_a_finished_game_cannot_be_moved_in(client_of, started_game):
    game = started_game()
    from games import services as gs

    gs.game_surrender(game_id=game.pk, player=game.player1)
    gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
    game.refresh_from_db()
    version, turns = game.version, game.turns.count()
    response = _move(client_of(game.player1), game, {"position": 1, "version": game.version})
    assert _flashes(response) == [errors.GAME_NOT_RUNNING]
    game.refresh_from_db()
    assert game.version == version and game.turns.count() == turns


def test_moves_wait_while_a_surrender_request_waits(client_of, started_game):
    game = started_game()
    from games import services as gs

    gs.game_surrender(game_id=game.pk, player=_waiting(game))
    game.refresh_from_db()
    version = game.version
    response = _move(client_of(player_on_turn(game)), game,
                     {"position": 1, "action": "discard", "version": version})
    assert _flashes(response) == [errors.SURRENDER_PENDING]
    game.refresh_from_db()
    assert game.version == version and not game.turns.exists()


def test_get_is_refused_and_csrf_is_required(started_game, client_of, alice):
    game = started_game()
    assert client_of(alice).get(reverse("games:move", args=[game.pk])).status_code == 405
    client = Client(enforce_csrf_checks=True)
    client.force_login(player_on_turn(game).user)
    response = _move(client, game, {"position": 1, "action": "discard",
                                    "version": game.version})
    assert response.status_code == 403
    assert _unchanged(game)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("bad, message", [
    ({}, "Choose a card from your hand first."),
    ({"position": "x"}, "Choose a card from your hand first."),
    ({"position": "0"}, "Choose a card from your hand first."),
    ({"position": "9"}, "Choose a card from your hand first."),
    ({"position": "-1"}, "Choose a card from your hand first."),
    ({"position": "9" * 40}, "Choose a card from your hand first."),
    ({"position": "\x00"}, "Choose a card from your hand first."),
    ({"play_position": "x"}, "Choose a card from your hand first."),
    ({"position": 1, "mode_1": "99"}, "Choose one of the card's modes."),
    ({"position": 1, "mode": "x"}, "Choose one of the card's modes."),
    ({"position": 1, "mode_1": "-2"}, "Choose one of the card's modes."),
    ({"position": 1, "action": "explode"}, "Choose Play, Discard or Preview."),
])
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_input_gets_a_clear_message_never_a_500(client_of, started_game, bad, message,
                                                    htmx):
    game = started_game()
    state = _make_rich(game)  # so the card itself is never the reason
    without_modes = next(c for c in engine.all_cards() if not c.modes and c.implemented)
    state.p[state.current].hand[0] = without_modes.id
    Game.objects.filter(pk=game.pk).update(state=engine.state_to_json(state))
    game.refresh_from_db()
    response = _move(client_of(player_on_turn(game)), game,
                     {"version": game.version, "action": "play", **bad}, htmx=htmx)
    if htmx:
        assert response.status_code == 200
        html = response.content.decode()
        assert BOARD_ERROR in html and message in unescape(html)
    else:
        assert response.status_code == 302 and _flashes(response) == [message]
    assert _unchanged(game)


def test_the_hand_forms_share_their_fields_and_keep_their_own_data():
    """games.game.forms.shared_fields: no deep copy of the fields per form, and still each
    form reads its own post (a card's mode from its own list, a bad one refused)."""
    from games.game.forms import MoveForm

    first = MoveForm({"position": "2", "mode_2": "1", "version": "4"})
    second = MoveForm({"position": "5", "mode_5": "x", "version": "4"})
    assert first.fields["position"] is second.fields["position"] is MoveForm.base_fields[
        "position"]
    assert first.is_valid() and first.cleaned_data["mode"] == 1
    assert first.cleaned_data["position"] == 2
    assert not second.is_valid()
    assert second.first_error() == "Choose one of the card's modes."
    assert first.cleaned_data["position"] == 2  # unchanged by the other form
