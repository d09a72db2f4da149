"""Game end (spec §12): victory check after every turn and explicit endings."""
from .constants import LONG, NORMAL
from .errors import EngineError

OUTCOMES = ("Pending", "Destruction", "Construction", "Resource", "Timeout", "Draw",
            "Surrender", "Abort", "Abandon")


def check_victory(st, seat):
    """Return (winner seat or None, outcome) if the game ends after ``seat``'s turn, else None.

    ``st.round`` must still hold the pre-increment round counter.
    """
    lim = LONG if st.long_mode else NORMAL
    a = st.p[seat].a
    b = st.p[1 - seat].a
    at, bt = a[0], b[0]
    mt = lim.max_tower
    rv = lim.res_victory
    # the usual case, read at once: both towers standing and below the top, both stocks
    # below the resource victory, rounds left (the rules below, in their order, all fail)
    if (0 < at < mt and 0 < bt < mt and a[5] + a[6] + a[7] < rv
            and b[5] + b[6] + b[7] < rv and st.round < lim.timeout):
        return None
    other = 1 - seat
    if at > 0 and bt <= 0:
        return seat, "Destruction"
    if at <= 0 and bt > 0:
        return other, "Destruction"
    if at <= 0 and bt <= 0:
        return None, "Draw"
    if at >= mt and bt < mt:
        return seat, "Construction"
    if at < mt and bt >= mt:
        return other, "Construction"
    if at >= mt and bt >= mt:
        return None, "Draw"
    as_ = a[5] + a[6] + a[7]
    bs = b[5] + b[6] + b[7]
    if as_ >= rv and bs < rv:
        return seat, "Resource"
    if as_ < rv and bs >= rv:
        return other, "Resource"
    if as_ >= rv and bs >= rv:
        return None, "Draw"
    if st.round >= lim.timeout:
        for ka, kb in ((at, bt), (a[1], b[1]), (a[2] + a[3] + a[4], b[2] + b[3] + b[4]),
                       (as_, bs)):
            if ka > kb:
                return seat, "Timeout"
            if kb > ka:
                return other, "Timeout"
        return None, "Draw"
    return None


def finish_game(state, *, outcome, winner):
    """Record a Surrender/Abort/Abandon ending; returns a new finished state."""
    if outcome not in ("Surrender", "Abort", "Abandon"):
        raise EngineError("bad_outcome", "finish_game handles Surrender, Abort and Abandon")
    if state.status != "in progress":
        raise EngineError("game_over", "the game is not in progress")
    if outcome == "Abort":
        winner = None
    elif winner not in (0, 1):
        raise EngineError("bad_outcome", "%s needs a winner seat" % outcome)
    st = state.clone()
    st.status = "finished"
    st.winner = winner
    st.outcome = outcome
    return st
