"""The tutorial's play suggestion (rules-engine.md §14.4): of the standard AI's best moves for
the seat on turn, the one a small search prefers, worked out as the board is drawn.

``engine.suggest_action`` costs a few milliseconds (docs/ai.md), so every board that needs
one (a page load, a move's answer, a board pushed over a socket, a refresh) works it out
itself: it is on the board from the first frame, with no worker, no second push and nothing
to go stale or get lost between them. (Until 2026-11 a Hard search of 13-18 ms was worked
out by a worker or a search process beside each server process and pushed as a second
board; with 200 tutorial games the pushes' p99 rose from 94 ms to 1 s: docs/ai.md.)

It is computed from what that seat may see only, with a seed of its own, so the same board
always gets the same suggestion wherever it is drawn, and the game's generator is neither
read nor advanced.
"""
from games import engine
from games.engine import TUTORIAL_END_LEVEL
from games.models import Game


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


def play_suggestion(game: Game, seat, level: int, state=None):
    """What the board shows: None (no suggestion here) or ``{"kind": "play"|"discard",
    "position": 1..8, "mode": n, "card": id, "name": str}``. ``state``: the game's engine
    state when the caller has it already (else it is read from ``game.state``)."""
    if not suggestion_due(game, seat, level):
        return None
    if state is None:
        state = engine.state_from_json(game.state)
    if state.status != "in progress" or state.current != seat:
        return None
    action = engine.suggest_action(state, seat, seed=suggestion_seed(game))
    cid = state.p[seat].hand[action.position - 1]
    return {"kind": action.kind, "position": action.position, "mode": action.mode,
            "card": cid, "name": state.card(cid).name}
