"""What a player may do in his game now: the "may X" rules, read only.

The game page shows a button only when its rule holds (``can_for``: one mapping for the
page), and the service behind the button asks the same rule again under its lock (endings:
abort and finish, moves: the substitute move, sandbox: the tools), so a page and the
service it calls never disagree. Nothing here loads or changes a row: the game comes with
both players loaded (the access step's row).
"""
from datetime import timedelta

from django.utils import timezone

from games.engine import TUTORIAL_END_LEVEL
from games.models import Game
from players import activity
from players.models import Player

# A game whose player on turn has not acted for this long may be finished by the other one.
FINISH_AFTER = timedelta(days=21)


def abort_allowed(game: Game, seat: int, now=None) -> bool:
    """Abort when the opponent has been away for more than three weeks."""
    if game.is_ai or game.status != Game.Status.IN_PROGRESS:
        return False
    opponent = game.player_at(1 - seat)
    return activity.activity_of(opponent.last_activity, now) == activity.DEAD


def finish_allowed(game: Game, seat: int, now=None) -> bool:
    """Finish when the opponent, not away for good, has let his turn wait three weeks."""
    now = now or timezone.now()
    if game.is_ai or game.status != Game.Status.IN_PROGRESS or game.current_seat != 1 - seat:
        return False
    opponent = game.player_at(1 - seat)
    return (activity.activity_of(opponent.last_activity, now) != activity.DEAD
            and game.last_action_at is not None
            and now - game.last_action_at >= FINISH_AFTER)


def substitute_move_allowed(game: Game, seat: int, now=None) -> bool:
    """The waiting player may let the AI play the opponent's overdue turn (§12.2)."""
    now = now or timezone.now()
    return (not game.is_ai and game.status == Game.Status.IN_PROGRESS and game.turn_timeout > 0
            and game.current_seat == 1 - seat and game.surrender_requested_by_id is None
            and game.last_action_at is not None
            and (now - game.last_action_at).total_seconds() >= game.turn_timeout)


def sandbox_allowed(game: Game, player: Player) -> bool:
    """The tools are offered in running games against the standard AI (not a challenge) to
    players who finished the tutorial."""
    return (game.is_ai and not game.ai_challenge and game.status == Game.Status.IN_PROGRESS
            and game.player1_id == player.pk and player.level >= TUTORIAL_END_LEVEL)


def ai_to_move(game: Game) -> bool:
    """The computer is on turn in its running game, and no surrender request waits."""
    return (game.status == Game.Status.IN_PROGRESS and game.is_ai and game.current_seat == 1
            and game.surrender_requested_by_id is None)


def can_for(game: Game, player: Player, seat: int, now=None) -> dict:
    """What ``player`` (at ``seat``) may do in ``game`` now: the game page's buttons."""
    now = now or timezone.now()
    running = game.status == Game.Status.IN_PROGRESS
    surrender_by = game.surrender_requested_by_id
    return {
        "surrender": running and surrender_by is None,
        "surrender_cancel": running and surrender_by == player.pk,
        "surrender_answer": running and surrender_by is not None and surrender_by != player.pk,
        "abort": abort_allowed(game, seat, now),
        "finish": finish_allowed(game, seat, now),
        "substitute": substitute_move_allowed(game, seat, now),
        "ai_move": ai_to_move(game),
        "leave": game.status == Game.Status.FINISHED and not game.has_left(seat),
        "preview": running and not game.is_hidden,
        "sandbox": sandbox_allowed(game, player),
    }
