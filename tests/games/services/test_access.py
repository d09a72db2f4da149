"""The access step of every service that changes a board (games.services.access).

A move names the version of the game it was made on; without it, or on another version,
it is refused with a clear message and nothing changes.
"""
import pytest
from django.db import transaction

from games import services as gs
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game
from games.services import errors
from games.services.access import access_game_for_move
from tests.games.conftest import make_deck, player_on_turn

pytestmark = pytest.mark.django_db


def _access(game, player, version):
    with transaction.atomic():
        return access_game_for_move(game_id=game.pk, player=player, version=version)


def _snapshot(game):
    row = Game.objects.get(pk=game.pk)
    return row.version, dict(row.state), row.turns.count(), row.surrender_requested_by_id


def test_the_player_on_the_current_version_gets_the_game_and_their_seat(started_game):
    game = started_game()
    for seat, player in enumerate((game.player1, game.player2)):
        locked, found_seat = _access(game, player, game.version)
        assert (locked.pk, found_seat) == (game.pk, seat)
    # A version read from a form as text is the same version.
    assert _access(game, game.player1, str(game.version))[1] == 0


@pytest.mark.parametrize("version", [None, ""])
def test_a_missing_version_is_refused_with_a_clear_message(started_game, version):
    game = started_game()
    before = _snapshot(game)
    with pytest.raises(gs.GameError) as refused:
        _access(game, player_on_turn(game), version)
    assert (refused.value.code, refused.value.message) == ("version_missing",
                                                           errors.VERSION_MISSING)
    assert "did not say which state of the game" in refused.value.message
    assert _snapshot(game) == before


@pytest.mark.parametrize("offset", [-1, 1])
def test_another_version_is_stale(started_game, offset):
    game = started_game()
    with pytest.raises(gs.GameError) as refused:
        _access(game, player_on_turn(game), game.version + offset)
    assert (refused.value.code, refused.value.message) == ("stale", errors.STALE_PAGE)


def test_an_outsider_is_refused_before_anything_is_said_about_the_game(started_game, carol):
    game = started_game()
    with pytest.raises(gs.GameError, match="not playing in this game") as refused:
        _access(game, carol, None)
    assert refused.value.code == "forbidden"


def test_a_missing_game_is_refused(alice):
    with pytest.raises(gs.GameError, match="no longer exists"):
        with transaction.atomic():
            access_game_for_move(game_id=987654, player=alice, version=1)


def test_a_finished_game_is_refused(started_game):
    game = started_game()
    gs.game_surrender(game_id=game.pk, player=game.player1)
    gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
    game.refresh_from_db()
    with pytest.raises(gs.GameError, match=errors.GAME_NOT_RUNNING):
        _access(game, game.player1, game.version)


def test_a_waiting_surrender_request_pauses_moves(started_game):
    game = started_game()
    gs.game_surrender(game_id=game.pk, player=game.player1)
    game.refresh_from_db()
    with pytest.raises(gs.GameError) as refused:
        _access(game, game.player2, game.version)
    assert refused.value.message == errors.SURRENDER_PENDING


# ---------------------------------------------------------------- every move service uses it
def _ai_game_on_the_computers_turn(player):
    player.level = TUTORIAL_END_LEVEL
    player.save(update_fields=["level"])
    player.settings.auto_ai_move = False
    player.settings.save()
    game = gs.ai_game_start(player=player, deck=make_deck(player))
    game.refresh_from_db()
    for _ in range(10):  # a Quick or Swift card gives another turn
        if game.current_seat == 1:
            break
        gs.game_discard_card(game_id=game.pk, player=player, version=game.version, position=1)
        game.refresh_from_db()
    assert game.current_seat == 1
    return game


HUMAN_MOVES = {
    "play": lambda game, player, version: gs.game_play_card(
        game_id=game.pk, player=player, version=version, position=1),
    "discard": lambda game, player, version: gs.game_discard_card(
        game_id=game.pk, player=player, version=version, position=1),
}
AI_GAME_MOVES = {
    "ai move": lambda game, player, version: gs.game_ai_move_request(
        game_id=game.pk, player=player, version=version),
    "put card": lambda game, player, version: gs.sandbox_put_card(
        game_id=game.pk, player=player, version=version, seat=1, position=1, card="1"),
    "set attribute": lambda game, player, version: gs.sandbox_set_attribute(
        game_id=game.pk, player=player, version=version, seat=0, attribute="tower", value=5),
    "hidden cards": lambda game, player, version: gs.sandbox_toggle_hidden(
        game_id=game.pk, player=player, version=version),
    "dictate": lambda game, player, version: gs.sandbox_dictate(
        game_id=game.pk, player=player, version=version, position=1, kind="discard"),
}


@pytest.mark.parametrize("move", sorted(HUMAN_MOVES))
def test_every_human_move_needs_its_version(started_game, move):
    game = started_game()
    before = _snapshot(game)
    with pytest.raises(gs.GameError, match="did not say which state"):
        HUMAN_MOVES[move](game, player_on_turn(game), None)
    assert _snapshot(game) == before
    HUMAN_MOVES["discard"](game, player_on_turn(game), game.version)  # with it: moves
    assert _snapshot(game)[0] == game.version + 1


@pytest.mark.parametrize("move", sorted(AI_GAME_MOVES))
def test_every_move_in_a_game_against_the_computer_needs_its_version(alice, move):
    game = _ai_game_on_the_computers_turn(alice)
    before = _snapshot(game)
    with pytest.raises(gs.GameError, match="did not say which state"):
        AI_GAME_MOVES[move](game, alice, None)
    assert _snapshot(game) == before
    AI_GAME_MOVES[move](game, alice, game.version)  # with it: accepted


def test_the_substitute_move_needs_its_version(started_game):
    game = started_game(turn_timeout=300)
    Game.objects.filter(pk=game.pk).update(last_action_at=game.last_action_at.replace(year=2000))
    waiting = game.player2 if game.current_seat == 0 else game.player1
    before = _snapshot(game)
    with pytest.raises(gs.GameError, match="did not say which state"):
        gs.game_substitute_move(game_id=game.pk, player=waiting, version=None)
    assert _snapshot(game) == before
    gs.game_substitute_move(game_id=game.pk, player=waiting, version=game.version)
    assert game.turns.get().is_substitute
