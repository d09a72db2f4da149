"""A player's moves: play, discard, the preview of a play, and the substitute move.

As lila's MovePlayer: the access step checks who may move on which version of the game,
the engine plays the move, ``apply_turn`` stores it and tells the browsers after commit.
"""
from django.db import transaction

from games import engine
from games.models import Game
from players.models import Player

from . import errors
from .access import access_game_for_move, check_running, player_seat
from .ai import ai_choose, ai_execute
from .errors import GameError
from .permissions import substitute_move_allowed
from .turns import apply_turn, engine_message


def _human_move(*, game_id, player, version, position, mode, kind) -> Game:
    with transaction.atomic():
        game, seat = access_game_for_move(game_id=game_id, player=player, version=version)
        state = engine.state_from_json(game.state)
        if state.current != seat:
            raise GameError(errors.NOT_YOUR_TURN, code="not_your_turn")
        try:
            if kind == "play":
                result = engine.play(state, seat, position, mode)
            else:
                result = engine.discard(state, seat, position)
        except engine.EngineError as exc:
            raise GameError(engine_message(exc), code=exc.code)
        return apply_turn(game, result, seat, actor=player)


def game_play_card(*, game_id, player: Player, version, position: int, mode: int = 0) -> Game:
    return _human_move(game_id=game_id, player=player, version=version, position=position,
                       mode=mode, kind="play")


def game_discard_card(*, game_id, player: Player, version, position: int) -> Game:
    return _human_move(game_id=game_id, player=player, version=version, position=position,
                       mode=0, kind="discard")


def game_preview(*, game: Game, player: Player, position: int, mode: int = 0) -> dict:
    """What playing the card would do (up to production), without changing anything."""
    seat = player_seat(game, player)
    check_running(game)
    state = engine.state_from_json(game.state)
    try:
        preview = engine.preview(state, seat, position, mode)
    except engine.EngineError as exc:
        raise GameError(engine_message(exc), code=exc.code)
    before = engine.view_for(state, seat)["players"]
    after = engine.view_for(preview.state, seat)["players"]
    rows = []
    for key in ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits"):
        rows.append({
            "label": key.capitalize(),
            "mine": (before[seat]["attributes"][key], after[seat]["attributes"][key]),
            "theirs": (before[1 - seat]["attributes"][key],
                       after[1 - seat]["attributes"][key]),
        })
    return {"rows": rows, "uncertain": preview.uncertain, "position": position, "mode": mode,
            "card": state.p[seat].hand[position - 1]}


@transaction.atomic
def game_substitute_move(*, game_id, player: Player, version) -> Game:
    game, seat = access_game_for_move(game_id=game_id, player=player, version=version)
    if not substitute_move_allowed(game, seat):
        raise GameError("Your opponent still has time for this turn.", code="not_due")
    absent = 1 - seat
    state = engine.state_from_json(game.state)
    result = ai_execute(state, absent, ai_choose(state, absent))
    return apply_turn(game, result, absent, actor=game.player_at(absent), substitute=True)
