"""The computer's move: the engine decides (§14, docs/ai.md), the web side only executes it.

The move is made by the Celery task (``games.tasks.game_ai_move_task``), never in a web
request: a Hard or Expert move searches for up to a second.
"""
import logging

from django.db import transaction

from games import engine
from games.models import Game, Turn
from players.models import Player

from .access import COLUMNS_NOT_FOR_MOVES, access_game_for_move, lock_game
from .errors import GameError
from .queue import ai_move_queue
from .turns import apply_turn

logger = logging.getLogger(__name__)


def ai_seed(state, level):
    """The seed of the computer's move on the site: at the standard level the one it has
    always played with (from the game's generator, salted: ``engine.standard_ai_seed``),
    at the other levels None (the engine derives it from what the seat sees)."""
    return engine.standard_ai_seed(state) if level == "standard" else None


def ai_choose(state, seat, *, relief_level=None, level="standard", seen=()):
    """The action the computer takes for ``seat`` at ``level`` (an ``engine.Action``):
    ``engine.choose_action`` with the site's seed (``ai_seed``), the level's default budget
    (its time limit included), the tutorial relief (the engine grants it at the standard
    level only, never in an AI challenge; in a challenge the engine plays the challenge's
    weights) and ``seen``: the cards the opponent showed so far."""
    return engine.choose_action(state, seat, level=level, seed=ai_seed(state, level),
                                relief_level=relief_level, seen=seen)


def cards_shown_by(game, seat):
    """Ids of the cards ``seat`` played or discarded so far in ``game`` (both players saw
    them), oldest first."""
    return list(game.turns.filter(actor_seat=seat, action__in=(Turn.Action.PLAY,
                                                               Turn.Action.DISCARD))
                .order_by("number").values_list("card", flat=True))


def _ai_to_move(game, version) -> bool:
    return (game.is_ai and game.status == Game.Status.IN_PROGRESS and game.current_seat == 1
            and game.surrender_requested_by_id is None and str(game.version) == str(version))


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
    that has changed since is dropped. The move is chosen before the game is locked (a
    search takes up to a second); the lock then checks that the board is still the one the
    move was chosen for.
    """
    try:
        game = (Game.objects.select_related("player1").defer(*COLUMNS_NOT_FOR_MOVES)
                .filter(pk=game_id).first())
    except (ValueError, TypeError):  # not a game id (as lock_game answers)
        return False
    if game is None or not _ai_to_move(game, version):
        return False
    state = engine.state_from_json(game.state)
    seen = cards_shown_by(game, 0) if game.ai_level != "standard" else ()
    # the human's level: the engine grants the tutorial relief below level 10 (standard
    # level, no challenge)
    action = ai_choose(state, 1, relief_level=game.player1.level, level=game.ai_level,
                       seen=seen)
    with transaction.atomic():
        try:
            game = lock_game(game_id)
        except GameError:  # the game is gone (deleted after its player left)
            return False
        if not _ai_to_move(game, version):
            return False
        state = engine.state_from_json(game.state)
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
