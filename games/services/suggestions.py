"""The tutorial's play suggestion (rules-engine.md §14.4): a Hard search with a small budget
(12-17 ms of CPU a board), worked out where the board's position first exists.

- A game against the computer: by the computer's own move task, right after its move and
  before that move is committed and told (``suggestion_prepare``), so the board pushed with
  the computer's move already shows it: one board, no second push, no search on the web.
- A board pushed over a socket (the consumer's board threads, ``searched_here``): the
  push of the opponent's move has it worked out as it renders, when nobody is on it
  already, by the server process's own search process (games.search_process: off the
  server's interpreter lock), and tells that seat's other sockets. A second board and
  frame, and a round trip through a Celery worker, cost more than the search.
- A board drawn in a web request (a page load, the answer to a move that leaves the player
  on turn, a refresh) never searches: it asks a worker once and says the suggestion is on
  its way; the worker stores it and tells that seat's sockets, which push the board again
  (a page without JavaScript shows it on its next refresh). With eager tasks (the embedded
  default, the tests) it is worked out at once, before the board is drawn.

A suggestion belongs to one board: one game instance (its id and its own random seed, so a
test database that reuses ids never finds another game's entry, and nobody can name the
key from ids alone), its version and the seat. It is computed from what that seat may see
only (``engine.suggest_action``) with a seed of its own, so the same board always gets the
same suggestion whoever works it out.
"""
import contextlib
import contextvars
import hashlib
import logging

from django.core.cache import cache

from games import engine, search_process
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game

from .events import publish_seat_changed
from .queue import SUGGESTION_TASK, task_send

log = logging.getLogger(__name__)

KEPT_SECONDS = 3600  # a board left open this long still has its suggestion
# A board asks a worker once in this time; after it (a lost task, a broker that was down),
# the next board drawn asks again.
ASKED_SECONDS = 30
PENDING = {"pending": True}
_GAME_COLUMNS = ("pk", "version", "status", "current_seat", "state",
                 "surrender_requested_by_id", "player1__level", "player2__level",
                 "player1_id", "player2_id")

# Set by the socket consumer around the boards it pushes: there the search runs in the
# render (see the module's docstring); in a web request it never does.
_search_here = contextvars.ContextVar("suggestion_search_here", default=False)


@contextlib.contextmanager
def searched_here():
    """Boards rendered inside this block work a missing suggestion out themselves."""
    token = _search_here.set(True)
    try:
        yield
    finally:
        _search_here.reset(token)


def suggestion_seed(game: Game) -> int:
    """The suggestion's random seed: fixed for one board (game id and version), unrelated to
    the game's own generator."""
    return (game.pk << 32) ^ game.version ^ 0x5EED_5EED


def suggestion_due(game: Game, seat, level: int) -> bool:
    """Whether the player at ``seat`` (of ``level``) gets a suggestion on this board: a
    tutorial player on their own turn of a running game with no surrender offer."""
    return (level < TUTORIAL_END_LEVEL and seat is not None
            and game.status == Game.Status.IN_PROGRESS and game.current_seat == seat
            and game.surrender_requested_by_id is None)


def _key(game: Game, seat: int) -> str:
    # The game's own seed (drawn at random when it started) tells two games with the same
    # id apart; it is hashed so that the cache never holds it.
    instance = hashlib.blake2b(f"{game.pk}:{(game.state or {}).get('seed')}".encode(),
                               digest_size=8).hexdigest()
    return f"suggestion:{instance}:{game.version}:{seat}"


def _fits(game: Game, seat: int, found) -> bool:
    """A stored suggestion names the card in the slot it suggests: one that does not is
    not this board's (a move whose commit failed after it was stored), and is ignored."""
    try:
        return game.state["players"][seat]["hand"][found["position"] - 1] == found["card"]
    except (KeyError, IndexError, TypeError):
        return False


def _stored(game: Game, seat: int):
    found = cache.get(_key(game, seat))
    return found if found is not None and _fits(game, seat, found) else None


def _store(game: Game, seat: int, suggestion) -> None:
    cache.set(_key(game, seat), suggestion, KEPT_SECONDS)


def play_suggestion(game: Game, seat, level: int):
    """What the board shows: None (no suggestion here), ``PENDING`` (a worker is on it) or
    ``{"kind": "play"|"discard", "position": 1..8, "mode": n, "card": id, "name": str}``."""
    if not suggestion_due(game, seat, level):
        return None
    found = _stored(game, seat)
    if found is not None:
        return found
    if not cache.add(_key(game, seat) + ":asked", True, ASKED_SECONDS):
        return PENDING  # a worker (or another socket of this seat) is on it and will tell
    if _search_here.get():
        return _worked_out_in_the_push(game, seat)
    task_send(SUGGESTION_TASK, game.pk, game.version, seat)
    return _stored(game, seat) or PENDING  # eager tasks have stored it already


def search_started() -> None:
    """Start this server process's search process ahead of the first board that needs it."""
    search_process.start()


def _worked_out_in_the_push(game: Game, seat: int):
    try:
        suggestion = suggestion_for(game, seat, in_search_process=True)
    except Exception:  # a hint must never cost the board: a worker is asked instead
        log.warning("the search process gave no suggestion for game %s seat %s; a worker "
                    "is asked", game.pk, seat, exc_info=True)
        task_send(SUGGESTION_TASK, game.pk, game.version, seat)
        return _stored(game, seat) or PENDING
    if suggestion is None:
        return PENDING
    _store(game, seat, suggestion)
    # This seat's other sockets (another tab) drew the board without it: they push it again.
    # A socket that has sent it already ignores the news (games.consumers).
    publish_seat_changed(game, seat, what="suggestion")
    return suggestion


def suggestion_for(game: Game, seat: int, *, in_search_process: bool = False):
    """The engine's suggestion for the board of ``game`` at ``seat`` (the search itself,
    here or in the search process), or None when the state has no move for that seat."""
    state = engine.state_from_json(game.state)
    if state.status != "in progress" or state.current != seat:
        return None
    search = search_process.suggest if in_search_process else search_process.suggest_in_process
    kind, position, mode = search(game.state, seat, suggestion_seed(game))
    cid = state.p[seat].hand[position - 1]
    return {"kind": kind, "position": position, "mode": mode,
            "card": cid, "name": engine.card(cid).name}


def _game_for_suggestion(game_id: int):
    return (Game.objects.select_related("player1", "player2").only(*_GAME_COLUMNS)
            .filter(pk=game_id).first())


def suggestion_prepare(*, game_id: int) -> bool:
    """After the computer's move, inside the transaction that stores it: work out the
    suggestion of the player now on turn, if due, so that every board drawn of this version
    has it. Stored before the commit that tells the sockets (a stored one whose commit
    fails is ignored: see ``_fits``). True when one was stored."""
    game = _game_for_suggestion(game_id)
    if game is None or game.current_seat not in (0, 1):
        return False
    seat = game.current_seat
    player = game.player_at(seat)
    if player is None or not suggestion_due(game, seat, player.level):
        return False
    if _stored(game, seat) is not None:
        return True
    suggestion = suggestion_for(game, seat)
    if suggestion is None:
        return False
    _store(game, seat, suggestion)
    return True


def suggestion_work_out(*, game_id: int, version: int, seat: int, tell: bool = True) -> bool:
    """The worker's part: store the suggestion of ``game_id`` at ``version`` for ``seat``
    and (``tell``) have that seat's sockets push the board again. Nothing when the game
    has moved on or the seat gets no suggestion any more. True when one was stored."""
    game = _game_for_suggestion(game_id)
    if game is None or game.version != version or seat not in (0, 1):
        return False
    player = game.player_at(seat)
    if player is None or not suggestion_due(game, seat, player.level):
        return False
    suggestion = _stored(game, seat) or suggestion_for(game, seat)
    if suggestion is None:
        return False
    _store(game, seat, suggestion)
    if tell:
        publish_seat_changed(game, seat, what="suggestion")
    return True
