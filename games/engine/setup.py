"""Game creation (spec §3.2): start values, second-player bonus, starting hands, challenges."""
from . import draws
from .catalogue import AI_CHALLENGES, Deck
from .constants import ATTRS, START_FACILITIES, START_STOCK, limits_for
from .errors import EngineError
from .rng import Rng, seed_to_state
from .state import GameState, PlayerState


def _deck_tuple(deck):
    if isinstance(deck, dict):
        deck = Deck(deck["common"], deck["uncommon"], deck["rare"],
                    deck.get("tokens", ("none",) * 3))
    secs = (tuple(deck.common), tuple(deck.uncommon), tuple(deck.rare))
    for s in secs:
        if len(s) != 15:
            raise EngineError("bad_deck", "every deck section needs 15 card ids")
    toks = [t if t and t != "none" else None for t in (list(deck.tokens) + ["none"] * 3)[:3]]
    return secs, tuple(toks)


def new_game(deck1, deck2, *, seed, long_mode=False, hidden=False, friendly=False, ai=False,
             ai_challenge="", first=None):
    """Create a game in progress. Seat 0 = player1 (host/challenger), seat 1 = player2/AI.

    ``first`` forces the starting seat (else uniformly random). For an AI
    challenge ``deck2`` may be None (the challenge deck is used) and the modes
    are forced to long + friendly + AI.
    """
    rng = Rng(seed_to_state(seed))
    if ai_challenge:
        ch = AI_CHALLENGES.get(ai_challenge)
        if ch is None:
            raise EngineError("bad_challenge", "unknown AI challenge %r" % (ai_challenge,))
        if deck2 is None:
            deck2 = ch.deck
        long_mode = friendly = ai = True
    lim = limits_for(long_mode)
    players = []
    for deck in (deck1, deck2):
        secs, toks = _deck_tuple(deck)
        a = [lim.start_tower, lim.start_wall, START_FACILITIES, START_FACILITIES,
             START_FACILITIES, START_STOCK[0], START_STOCK[1], START_STOCK[2]]
        players.append(PlayerState(a=a, deck=secs, tok_names=toks))
    current = rng.below(2) if first is None else first
    second = players[1 - current]
    second.a[5] += 1
    second.a[6] += 1
    second.a[7] += 1
    events = []
    for P in players:
        P.hand = draws.starting_hand(rng, P.deck, events)
    if ai_challenge:
        for P, vals in ((players[0], ch.human_start), (players[1], ch.ai_start)):
            P.a = [vals[k] for k in ATTRS]
    st = GameState(players, round=1, current=current, long_mode=long_mode, hidden=hidden,
                   friendly=friendly, ai=ai, ai_challenge=ai_challenge, rng=rng.s,
                   seed=seed if isinstance(seed, int) else seed_to_state(seed))
    return st
