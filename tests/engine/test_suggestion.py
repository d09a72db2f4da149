"""The tutorial's play suggestion (§14.4): of the standard AI's best moves (standard
weights, no relief), the one a small search prefers, from what the seat sees."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from devtools.bench import random_deck
from games.engine import (
    choose_action,
    discard,
    new_game,
    play,
    state_to_json,
    suggest_action,
)
from games.engine.ai import seat_knowledge
from games.engine.catalogue import AI_CHALLENGES
from games.engine.levels import SUGGESTION_SEARCH
from games.engine.rng import Rng
from games.engine.search import candidates

from .helpers import random_walk

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _game(seed, turns, hidden):
    rng = Rng(seed)
    st = new_game(random_deck(rng), random_deck(rng), seed=seed, hidden=hidden)
    return random_walk(st, turns, rng)


@SETTINGS
@given(hs.integers(0, 10**6), hs.integers(0, 12), hs.booleans(), hs.integers(0, 2**40))
def test_suggestion_is_the_standard_ais_choice_or_one_of_its_best_moves(seed, turns, hidden,
                                                                        sseed):
    st = _game(seed, turns, hidden)
    if st.status != "in progress":
        return
    seat = st.current
    known = seat_knowledge(st, seat)
    choice = choose_action(st, seat, level="standard", seed=sseed)
    best = candidates(known, seat, SUGGESTION_SEARCH, Rng(sseed))
    action = suggest_action(st, seat, seed=sseed)
    assert action == choice or action in best
    if len(best) == 1 and best[0].kind == "play":  # a winning play: nothing to look ahead
        assert action == best[0]
    # (legal: the engine accepts it)
    (play(st, seat, action.position, action.mode) if action.kind == "play"
     else discard(st, seat, action.position))


def test_the_search_changes_some_suggestions_of_the_standard_ai():
    """Over a hundred positions the suggestion is often the standard AI's choice, and often
    another of its best moves (the one the search prefers)."""
    same = other = 0
    for seed in range(100):
        st = _game(seed, seed % 15, False)
        if st.status != "in progress":
            continue
        seat = st.current
        if suggest_action(st, seat, seed=seed) == choose_action(st, seat, level="standard",
                                                                seed=seed):
            same += 1
        else:
            other += 1
    assert same > 10 and other > 10


@SETTINGS
@given(hs.integers(0, 10**6), hs.integers(0, 12), hs.integers(0, 2**40))
def test_suggestion_never_depends_on_hidden_information(seed, turns, sseed):
    st = _game(seed, turns, True)
    if st.status != "in progress":
        return
    seat = st.current
    before = state_to_json(st)
    action = suggest_action(st, seat, seed=sseed)
    assert state_to_json(st) == before, "the state (and its generator) is left alone"
    other = st.clone()
    opp = other.p[1 - seat]
    opp.hand = [c if opp.rev[i] else 1 for i, c in enumerate(opp.hand)]
    opp.deck = ((2,) * 15, (3,) * 15, (4,) * 15)
    other.rng = Rng(seed + 1).s
    other.seed = seed + 1
    assert suggest_action(other, seat, seed=sseed) == action


@SETTINGS
@given(hs.integers(0, 10**6), hs.integers(0, 12), hs.integers(0, 2**40))
def test_without_hidden_cards_the_opponents_deck_still_stays_unknown(seed, turns, sseed):
    st = _game(seed, turns, False)
    if st.status != "in progress":
        return
    seat = st.current
    other = st.clone()
    other.p[1 - seat].deck = ((2,) * 15, (3,) * 15, (4,) * 15)
    other.rng = 12345
    assert suggest_action(other, seat, seed=sseed) == suggest_action(st, seat, seed=sseed)


def test_same_board_and_seed_give_the_same_suggestion():
    st = _game(7, 5, False)
    seat = st.current
    first = suggest_action(st, seat, seed=99)
    assert all(suggest_action(st.clone(), seat, seed=99) == first for _ in range(5))
    assert first.kind in ("play", "discard") and 1 <= first.position <= 8


def test_seat_knowledge_masks_only_what_the_seat_cannot_see():
    st = _game(11, 3, True)
    seat = st.current
    known = seat_knowledge(st, seat)
    mine, theirs = known.p[seat], known.p[1 - seat]
    assert mine.hand == st.p[seat].hand and mine.deck == st.p[seat].deck
    assert theirs.hand == [c if st.p[1 - seat].rev[i] else 0
                           for i, c in enumerate(st.p[1 - seat].hand)]
    assert theirs.deck == ((0,) * 15,) * 3
    assert known.rng == 0 and known.seed == 0
    assert st.p[1 - seat].deck != theirs.deck, "the original is untouched"


def test_the_challenge_weights_do_not_change_the_suggestion():
    """In an AI challenge the player (seat 0 or 1) gets the standard weights, as anywhere
    else: the challenge's weights are the computer's own."""
    name = next(iter(AI_CHALLENGES))
    rng = Rng(3)
    st = new_game(random_deck(rng), random_deck(rng), seed=3, ai=True, ai_challenge=name,
                  long_mode=True, first=1)
    plain = st.clone()
    plain.ai_challenge = ""
    assert suggest_action(st, 1, seed=5) == suggest_action(plain, 1, seed=5)
