"""What a browser may see (spec §13 HiddenCards): ``view_for(state, seat)``."""
from .constants import ATTRS

HIDDEN_CARD = None  # placeholder for a masked card


def _player(P, show_hand):
    hand = P.hand[:] if show_hand is True else [c if show_hand[i] else HIDDEN_CARD
                                                for i, c in enumerate(P.hand)]
    return {
        "attributes": dict(zip(ATTRS, P.a)),
        "hand": hand,
        "new": P.new[:],
        "revealed": P.rev[:],
        "tokens": [{"name": n or "none", "value": v, "change": c}
                   for n, v, c in zip(P.tok_names, P.tok, P.tok_ch)],
        "history": [{"card": c, "mode": m, "action": act} for c, m, act in P.hist],
        "changes": dict(zip(ATTRS, P.changes)),
        "discarded": [P.disc[0][:], P.disc[1][:]],
    }


def view_for(state, seat):
    """A JSON-able view of ``state`` for ``seat`` (0/1; None = spectator).

    Never contains decks or the RNG. In hidden-cards mode, while the game is in
    progress, the opponent's unrevealed cards are None (new flags stay visible);
    a spectator then sees only revealed cards of both hands.
    """
    masking = state.hidden and state.status == "in progress"
    players = []
    for i, P in enumerate(state.p):
        if not masking or i == seat:
            show = True
        else:
            show = P.rev
        players.append(_player(P, show))
    return {
        "seat": seat,
        "players": players,
        "round": state.round,
        "current": state.current,
        "modes": {"long": state.long_mode, "hidden": state.hidden,
                  "friendly": state.friendly, "ai": state.ai},
        "ai_challenge": state.ai_challenge,
        "status": state.status,
        "winner": state.winner,
        "outcome": state.outcome,
    }
