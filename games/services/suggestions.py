"""The tutorial's play suggestion (rules-engine.md §14.4), worked out by a Celery worker.

The suggestion is a search (the Hard level with a small budget: 17 ms of CPU a board), so
like the computer's own moves it never runs in a web request: a board for a tutorial
player on turn takes it from the cache, or asks a worker for it once and says it is on
its way. The worker stores it and tells that seat's sockets, which push the board again
with it (a page without JavaScript shows it on its next refresh). With eager tasks (the
embedded default, the tests) it is worked out at once, before the board is drawn.

A suggestion belongs to one board: the game (and when it was created, as test databases
reuse ids), its version and the seat. It is computed from what that seat may see only
(``engine.suggest_action``) with a seed of its own, so the same board always gets the same
suggestion whoever works it out.
"""
from django.core.cache import cache

from games import engine
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game

from .events import publish_seat_changed
from .queue import SUGGESTION_TASK, task_send

KEPT_SECONDS = 3600  # a board left open this long still has its suggestion
# A board asks a worker once in this time; after it (a lost task, a broker that was down),
# the next board drawn asks again.
ASKED_SECONDS = 30
PENDING = {"pending": True}


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
    return f"suggestion:{game.pk}:{int(game.created_at.timestamp())}:{game.version}:{seat}"


def play_suggestion(game: Game, seat, level: int):
    """What the board shows: None (no suggestion here), ``PENDING`` (a worker is on it) or
    ``{"kind": "play"|"discard", "position": 1..8, "mode": n, "card": id, "name": str}``."""
    if not suggestion_due(game, seat, level):
        return None
    key = _key(game, seat)
    found = cache.get(key)
    if found is None and cache.add(key + ":asked", True, ASKED_SECONDS):
        task_send(SUGGESTION_TASK, game.pk, game.version, seat)
        found = cache.get(key)  # eager tasks have stored it already
    return found or PENDING


def suggestion_for(game: Game, seat: int):
    """The engine's suggestion for the board of ``game`` at ``seat`` (the search itself),
    or None when the state has no move for that seat."""
    state = engine.state_from_json(game.state)
    if state.status != "in progress" or state.current != seat:
        return None
    action = engine.suggest_action(state, seat, seed=suggestion_seed(game))
    cid = state.p[seat].hand[action.position - 1]
    return {"kind": action.kind, "position": action.position, "mode": action.mode,
            "card": cid, "name": engine.card(cid).name}


def suggestion_work_out(*, game_id: int, version: int, seat: int, tell: bool = True) -> bool:
    """The worker's part: store the suggestion of ``game_id`` at ``version`` for ``seat``
    and (``tell``) have that seat's sockets push the board again. Nothing when the game
    has moved on or the seat gets no suggestion any more. True when one was stored."""
    game = (Game.objects.select_related("player1", "player2")
            .only("pk", "created_at", "version", "status", "current_seat", "state",
                  "surrender_requested_by_id", "player1__level", "player2__level",
                  "player1_id", "player2_id")
            .filter(pk=game_id).first())
    if game is None or game.version != version or seat not in (0, 1):
        return False
    player = game.player_at(seat)
    if player is None or not suggestion_due(game, seat, player.level):
        return False
    suggestion = suggestion_for(game, seat)
    if suggestion is None:
        return False
    cache.set(_key(game, seat), suggestion, KEPT_SECONDS)
    if tell:
        publish_seat_changed(game, seat, what="suggestion")
    return True
