"""Side-effect-free preview of a play (spec §4, §5.5 step 4)."""
from .errors import EngineError
from .keywords import RANDOM_KEYWORDS
from .legality import check_action
from .turn import run_turn


class Preview:
    __slots__ = ("state", "uncertain", "next_card")

    def __init__(self, state, uncertain, next_card):
        self.state = state
        self.uncertain = uncertain
        self.next_card = next_card

    def __repr__(self):
        return "Preview(uncertain=%r)" % (self.uncertain,)


def preview(state, seat, position, mode=0, *, _allow_hidden=False):
    """State after playing the card, up to production (no refill, no victory, no round change).

    ``uncertain`` is True when the card or one of its keywords uses randomness.
    Raises EngineError("preview_hidden") in hidden-cards mode.
    """
    if state.hidden and not _allow_hidden:
        raise EngineError("preview_hidden", "Preview is disabled in hidden-cards mode.")
    slot = check_action(state, seat, "play", position, mode)
    st = state.clone()
    card_id = st.p[seat].hand[slot]
    ctx = run_turn(st, seat, slot, mode, True, preview=True)
    card = ctx.card
    uncertain = bool(card.uncertain or (card.kw & RANDOM_KEYWORDS))
    del card_id
    return Preview(st, uncertain, ctx.next_card)
