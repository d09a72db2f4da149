"""Who may see or change a game: the one access step of every page, partial, socket, API
endpoint, task and service that reads or changes a game (as zulip's ``access_*``).

``access_game(game_id, viewer, as_=..., lock=...)`` loads the game and refuses with one
GameError for anything ``viewer`` may not see as that kind of viewer; a caller turns the
refusal into its own answer (a page's 404, the API's error shape, a socket's close code),
never into a hint that the game exists:

    PLAYER     ``viewer`` sits at the game (code "gone": no such game; "forbidden": he
               does not play it)
    BOT        ... and it has started: a bot's game (any refusal is "gone")
    REPLAY     the game is a public replay, or ``viewer`` sits at it (even before it
               started: the replay page refuses that, the analysis says "not over")
               ("gone")
    SPECTATOR  ``viewer`` may watch it now ("gone"; "player": he plays it, his own page is
               the place; "off": a player does not allow spectators)
    API        the public API's reader (a token's player, None when anonymous): a public
               replay, but a game against the computer only to its player (docs/api.md: the API
               holds nothing private), or a running game anybody may watch (WATCHABLE);
               ``api_games`` is the same rule for the API's lists ("gone")
    API_REPLAY REPLAY as the API answers it (the analysis): a game against the computer
               only to its player ("gone")

``lock=True`` locks the row (``select_for_update``) until the end of the transaction, so
the checks and the change that follows see the same row: call it inside
``transaction.atomic()``. The write steps build on it:

    access_seat            the locked game and ``player``'s seat
    access_running_game    ... and it is in progress
    access_game_for_move   ... and the request names the version it was made on (a
                           double click, a second tab or a stale page gets a clear
                           message, never a second move) and no surrender request waits

A public replay is a game that is over and was played out: finished and not aborted (an
aborted game was called off, nothing in it was decided). ``PUBLIC_REPLAYS`` (the lists'
filter) and ``is_public_replay`` (one loaded game) are that one rule. A running game may be
watched (``WATCHABLE``, the Watch list's filter) when it is between two accounts both of
which let others watch.
"""
from django.db.models import F, Q

from games.models import Game
from marcomage.prepared import PreparedQuery
from players.models import Player

from . import errors
from .errors import GameError

# Columns a move neither reads nor writes: the start state (the history and the statistics
# at the end read it, loading it then), the deck copied at creation, the challenge's text.
# Left out of the row a move loads, they are left out of the row it saves too.
COLUMNS_NOT_FOR_MOVES = ("initial_state", "deck1_cards", "challenge_message")

# The kinds of viewer access_game knows.
PLAYER, BOT, REPLAY, SPECTATOR = "player", "bot", "replay", "spectator"
API, API_REPLAY = "api", "api replay"

GONE = "That game no longer exists."
NOT_PLAYING = "You are not playing in this game."
NOT_TO_WATCH = "There is no such game to watch."

PUBLIC_REPLAYS = (Q(status=Game.Status.FINISHED)
                  & ~Q(outcome__in=[Game.Outcome.PENDING, Game.Outcome.ABORT]))


# Games both of whose players let others watch.
SPECTATORS_ALLOWED = Q(player1__settings__allow_spectators=True,
                       player2__settings__allow_spectators=True)
# Running games between two accounts that may be watched.
WATCHABLE = (Q(status=Game.Status.IN_PROGRESS, is_ai=False, player2__isnull=False)
             & SPECTATORS_ALLOWED)


def is_public_replay(game: Game) -> bool:
    """Is ``game`` (loaded) in the public replays? The rule of PUBLIC_REPLAYS."""
    return (game.status == Game.Status.FINISHED
            and game.outcome not in (Game.Outcome.PENDING, Game.Outcome.ABORT))


def _computer_games_only_own(viewer) -> Q:
    """Games between two accounts, and ``viewer``'s own games against the computer (the
    person is player1 in those)."""
    if viewer is None:
        return Q(is_ai=False)
    return Q(is_ai=False) | Q(player1=viewer)


def api_games(viewer: Player | None, *, status: str | None = None) -> Q:
    """The rule of API as a filter of Game rows, for the API's lists: the public replays
    (a game against the computer only ``viewer``'s own) and the running games anybody may
    watch; ``status`` FINISHED or IN_PROGRESS: that part alone."""
    replays = PUBLIC_REPLAYS & _computer_games_only_own(viewer)
    if status == Game.Status.FINISHED:
        return replays
    if status == Game.Status.IN_PROGRESS:
        return WATCHABLE
    return replays | WATCHABLE


def _settings_allow(player) -> bool:
    return player is not None and player.settings.allow_spectators


def _spectator_refusal(game: Game, viewer) -> GameError | None:
    """Why ``viewer`` may not watch ``game`` now (players loaded with their settings):
    a running game between two accounts, or its last board while it is a public replay,
    both of whose players let others watch."""
    if game.is_ai or game.player2_id is None:
        return GameError(NOT_TO_WATCH, code="gone")
    if game.seat_of(viewer) is not None:
        return GameError("You play this game.", code="player")
    if not (game.status == Game.Status.IN_PROGRESS or is_public_replay(game)):
        return GameError(NOT_TO_WATCH, code="gone")
    if not (_settings_allow(game.player1) and _settings_allow(game.player2)):
        return GameError("The players of this game do not allow spectators.", code="off")
    return None


# Both players' avatars (as their settings store them) for the boards drawn from the game:
# the opponent's settings from the user cache cost a Redis round trip per board, 4 % of a
# server process at 400 games (py-spy --gil). Read with games.game.selectors.
PLAYER_AVATARS = {"player1_avatar": F("player1__settings__avatar"),
                  "player2_avatar": F("player2__settings__avatar")}
# Compiled once per process (every move runs it): marcomage/prepared.py.
_LOCKED_GAME = PreparedQuery(lambda pk: Game.objects.select_for_update(of=("self",))
                           .select_related("player1__user", "player2__user")
                           .annotate(**PLAYER_AVATARS)
                           .defer(*COLUMNS_NOT_FOR_MOVES).filter(pk=pk))
# What a kind of viewer loads unless the caller names its own query.
_DEFAULT_ROWS = {
    SPECTATOR: lambda: Game.objects.select_related("player1__user", "player1__settings",
                                                   "player2__user", "player2__settings"),
}


def _load(game_id, query, lock: bool, as_: str) -> Game:
    if query is None and lock:
        query = _LOCKED_GAME
    if query is None:
        query = _DEFAULT_ROWS.get(as_, lambda: Game.objects.select_related(
            "player1__user", "player2__user"))()
    try:
        if isinstance(query, PreparedQuery):
            return query.get(game_id)
        if lock:
            query = query.select_for_update(of=("self",))
        return query.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError, OverflowError):
        raise GameError(NOT_TO_WATCH if as_ == SPECTATOR else GONE, code="gone")


def access_game(game_id, viewer: Player | None, *, as_: str = PLAYER, lock: bool = False,
                query=None, not_playing: str = NOT_PLAYING) -> Game:
    """The game ``viewer`` may see as ``as_`` (PLAYER, BOT, REPLAY, SPECTATOR, API,
    API_REPLAY), else a GameError (see the module's docstring for the codes).

    ``query``: the rows to load it from (a PreparedQuery, or a queryset: the caller's
    columns and joins, one query), by default the game with both players' names (with
    their settings for a spectator). ``lock``: lock the row. ``not_playing``: the message
    of a PLAYER's "forbidden".
    """
    if as_ == API:  # the rule is a filter: the one query loads only a game the API shows
        query = (Game.objects.select_related("player1__user", "player2__user")
                 if query is None else query).filter(api_games(viewer))
    game = _load(game_id, query, lock, as_)
    if as_ == PLAYER:
        if game.seat_of(viewer) is None:
            raise GameError(not_playing, code="forbidden")
    elif as_ == BOT:
        if game.seat_of(viewer) is None or game.status == Game.Status.WAITING:
            raise GameError(GONE, code="gone")
    elif as_ in (REPLAY, API_REPLAY):
        public = is_public_replay(game) and not (as_ == API_REPLAY and game.is_ai)
        if not (public or game.seat_of(viewer) is not None):
            # Outsiders cannot tell a private game from a missing one.
            raise GameError(GONE, code="gone")
    elif as_ == SPECTATOR:
        if game.status == Game.Status.WAITING:
            raise GameError(NOT_TO_WATCH, code="gone")
        if (refusal := _spectator_refusal(game, viewer)) is not None:
            raise refusal
    elif as_ != API:
        raise ValueError(f"access_game: no such kind of viewer {as_!r}")
    return game


def lock_game(game_id) -> Game:
    """The game row, locked until the end of the transaction, with both players loaded."""
    try:
        return _LOCKED_GAME.get(game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameError(GONE, code="gone")


def player_seat(game: Game, player: Player) -> int:
    """``player``'s seat (0/1); a GameError for anybody else."""
    seat = game.seat_of(player)
    if seat is None:
        raise GameError(NOT_PLAYING, code="forbidden")
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


def access_seat(*, game_id, player: Player) -> tuple[Game, int]:
    """(the locked game, ``player``'s seat)."""
    game = access_game(game_id, player, lock=True)
    return game, game.seat_of(player)


def access_running_game(*, game_id, player: Player) -> tuple[Game, int]:
    """(the locked running game, ``player``'s seat): for surrender, abort and finish."""
    game, seat = access_seat(game_id=game_id, player=player)
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
