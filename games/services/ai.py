"""The computer's move: the engine decides (§14), the web side only executes it."""
import logging

from django.db import transaction

from games import engine
from games.models import Game
from players.models import Player
from players.tutorial.sections import TUTORIAL_END_LEVEL

from .access import access_game_for_move, lock_game
from .errors import GameError
from .queue import ai_move_queue
from .turns import apply_turn

logger = logging.getLogger(__name__)


def relief_level_for(game, human_level: int):
    """Tutorial relief (§14.2) applies to players below level 10 against the standard AI."""
    if game.is_ai and not game.ai_challenge and human_level < TUTORIAL_END_LEVEL:
        return human_level
    return None


def ai_choose(state, seat, *, weights=None, relief_level=None):
    """The action the computer takes for ``seat`` (an ``engine.Action``)."""
    return engine.ai_choose_action(state, seat, weights=weights, relief_level=relief_level)


def ai_execute(state, seat, action):
    """Run ``action``; a play the engine refuses becomes a discard, so a game never sticks."""
    if action.kind == "play":
        try:
            return engine.play(state, seat, action.position, action.mode)
        except engine.EngineError as error:
            logger.error("AI chose a play the engine refuses (%s); discarding instead", error)
    return engine.discard(state, seat, action.position)


def game_ai_move(*, game_id, version) -> bool:
    """Play the AI's turn if the game is still where the task expected it; else do nothing.

    Returns True when a move was made (a stale or repeated task returns False). Like
    lila's AI moves, the task carries the version it was queued for: a move for a board
    that has changed since is dropped.
    """
    with transaction.atomic():
        try:
            game = lock_game(game_id)
        except GameError:  # the game is gone (deleted after its player left)
            return False
        if (not game.is_ai or game.status != Game.Status.IN_PROGRESS or game.current_seat != 1
                or game.surrender_requested_by_id is not None
                or str(game.version) != str(version)):
            return False
        state = engine.state_from_json(game.state)
        # weights=None: the engine uses the challenge's weights in an AI challenge.
        action = ai_choose(state, 1, relief_level=relief_level_for(game, game.player1.level))
        result = ai_execute(state, 1, action)
        apply_turn(game, result, 1, actor=None, ai=True)
        return True


@transaction.atomic
def game_ai_move_request(*, game_id, player: Player, version) -> Game:
    """The "Execute AI move" button: queue the AI's turn (after commit)."""
    game, _seat = access_game_for_move(game_id=game_id, player=player, version=version)
    if not game.is_ai or game.current_seat != 1:
        raise GameError("It is not the AI's turn.", code="not_ai_turn")
    ai_move_queue(game)
    return game
