"""The access step of every service that changes a game (as zulip's ``access_*``).

Each function locks the game row (``select_for_update``), so the checks and the change
that follows see the same row, and refuses with a GameError whose message a player can
read. Call them inside ``transaction.atomic()``. The narrower steps build on each other:

    access_game            the game exists and ``player`` sits at it
    access_running_game    ... and it is in progress
    access_game_for_move   ... and the request names the version it was made on (a
                           double click, a second tab or a stale page gets a clear
                           message, never a second move) and no surrender request waits
"""
from games.models import Game
from marcomage.prepared import PreparedQuery
from players.models import Player

from . import errors
from .errors import GameError

# Columns a move neither reads nor writes: the start state (the history and the statistics
# at the end read it, loading it then), the deck copied at creation, the challenge's text.
# Left out of the row a move loads, they are left out of the row it saves too.
COLUMNS_NOT_FOR_MOVES = ("initial_state", "deck1_cards", "challenge_message")


# Compiled once per process (every move runs it): marcomage/prepared.py.
_LOCKED_GAME = PreparedQuery(lambda pk: Game.objects.select_for_update(of=("self",))
                           .select_related("player1__user", "player2__user")
                           .defer(*COLUMNS_NOT_FOR_MOVES).filter(pk=pk))


def lock_game(game_id) -> Game:
    """The game row, locked until the end of the transaction, with both players loaded."""
    try:
        return _LOCKED_GAME.get(game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameError("That game no longer exists.", code="gone")


def player_seat(game: Game, player: Player) -> int:
    """``player``'s seat (0/1); a GameError for anybody else."""
    seat = game.seat_of(player)
    if seat is None:
        raise GameError("You are not playing in this game.", code="forbidden")
    return seat


def check_running(game: Game) -> None:
    if game.status != Game.Status.IN_PROGRESS:
        raise GameError(errors.GAME_NOT_RUNNING, code="not_running")


def check_version(game: Game, version) -> None:
    """The request must name the version of the game it was made on, and it must be the
    current one."""
    if version is None or version == "":
        raise GameError(errors.VERSION_MISSING, code="version_missing")
    if str(version) != str(game.version):
        raise GameError(errors.STALE_PAGE, code="stale")


def access_game(*, game_id, player: Player) -> tuple[Game, int]:
    """(the locked game, ``player``'s seat)."""
    game = lock_game(game_id)
    return game, player_seat(game, player)


def access_running_game(*, game_id, player: Player) -> tuple[Game, int]:
    """(the locked running game, ``player``'s seat): for surrender, abort and finish."""
    game, seat = access_game(game_id=game_id, player=player)
    check_running(game)
    return game, seat


def access_game_for_move(*, game_id, player: Player, version) -> tuple[Game, int]:
    """(the locked game, ``player``'s seat) when ``player`` may change the board now.

    For everything that changes the board: play, discard, the computer's move asked for
    or dictated, a substitute move, the sandbox tools. Whose turn it is stays the
    caller's check (the sandbox acts on either turn).
    """
    game, seat = access_running_game(game_id=game_id, player=player)
    check_version(game, version)
    if game.surrender_requested_by_id is not None:
        raise GameError(errors.SURRENDER_PENDING, code="surrender_pending")
    return game, seat
