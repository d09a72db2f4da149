"""The computer's move: the engine decides (§14), the web side only executes it."""
import logging

from games import engine
from players.sections import TUTORIAL_END_LEVEL

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
