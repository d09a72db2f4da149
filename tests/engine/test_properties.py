"""Property tests: random reachable states and legal actions (hypothesis, modest counts)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from devtools.bench import random_deck
from games.engine import (
    Action,
    EngineError,
    ai_choose_action,
    discard,
    legal_actions,
    new_game,
    play,
    state_from_json,
    state_to_json,
    view_for,
)
from games.engine.rng import Rng

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _walk(seed, n_turns, long_mode, hidden):
    rng = Rng(seed)
    st = new_game(random_deck(rng), random_deck(rng), seed=seed, long_mode=long_mode,
                  hidden=hidden)
    states = [st]
    for _ in range(n_turns):
        if st.status != "in progress":
            break
        seat = st.current
        moves = legal_actions(st, seat)
        st = _run(st, seat, moves[rng.below(len(moves))]).state
        states.append(st)
    return states


def _run(st, seat, action):
    kind, pos, mode = action
    return play(st, seat, pos, mode) if kind == "play" else discard(st, seat, pos)


def _limits_hold(st):
    lim = st.limits
    for P in st.p:
        a = P.a
        assert 0 <= a[0] <= lim.max_tower and 0 <= a[1] <= lim.max_wall
        assert min(a[2:5]) >= 1 and min(a[5:8]) >= 0
        assert all(0 <= t <= 100 for t in P.tok)
        assert len(P.hand) == 8 and all(c > 0 for c in P.hand)


@SETTINGS
@given(hs.integers(0, 2 ** 31), hs.integers(1, 60), hs.booleans(), hs.booleans())
def test_every_legal_action_runs_and_limits_hold(seed, n, long_mode, hidden):
    states = _walk(seed, n, long_mode, hidden)
    for st in states[1:]:
        _limits_hold(st)
    last = states[-1]
    if last.status == "in progress":
        seat = last.current
        for action in legal_actions(last, seat):
            r = _run(last, seat, action)
            _limits_hold(r.state)
            assert isinstance(json.dumps(r.record), str)


# Candidate actions around the legal ones: every kind, slots and modes just outside their
# ranges, and values of the wrong type.
_KINDS = hs.sampled_from(("play", "discard"))
_POSITIONS = hs.one_of(hs.integers(-1, 10), hs.sampled_from((None, "1")))
_MODES = hs.one_of(hs.integers(-1, 9), hs.sampled_from((None, "1")))


@settings(SETTINGS, max_examples=60)
@given(hs.integers(0, 2 ** 31), hs.integers(0, 60), hs.booleans(), hs.booleans(),
       hs.sampled_from(("", "Grofgul")), hs.integers(0, 60), hs.integers(0, 8),
       hs.lists(hs.tuples(hs.integers(0, 1), _KINDS, _POSITIONS, _MODES), max_size=40))
def test_legal_actions_are_exactly_the_accepted_ones(seed, n, long_mode, hidden, challenge,
                                                     stock, rares, candidates):
    st = _walk(seed, n, long_mode, hidden)[-1]
    # widen the walk's state: the rare-card rule of AI challenges (seat 0), more or less
    # stock than the walk gave, rare cards of the deck in the first slots of both hands
    st.ai_challenge = challenge
    for P in st.p:
        P.a[5:8] = [stock] * 3
        P.hand[:rares] = P.deck[2][:rares]
    legal = {seat: legal_actions(st, seat) for seat in (0, 1)}
    for seat in (0, 1):  # every legal action is accepted (none when it is not the turn)
        for action in legal[seat]:
            assert _run(st, seat, action).state is not st
    for seat, kind, pos, mode in candidates:  # anything else is refused
        action = Action(kind, pos, 0 if kind == "discard" else mode)
        if action in legal[seat]:
            _run(st, seat, action)
        else:
            try:
                _run(st, seat, action)
            except EngineError:
                continue
            raise AssertionError("accepted an action legal_actions does not list: %r"
                                 % (action,))


@SETTINGS
@given(hs.integers(0, 2 ** 31), hs.integers(1, 40))
def test_same_seed_same_result(seed, n):
    a = _walk(seed, n, False, False)[-1]
    b = _walk(seed, n, False, False)[-1]
    assert state_to_json(a) == state_to_json(b)


@SETTINGS
@given(hs.integers(0, 2 ** 31), hs.integers(0, 40), hs.booleans())
def test_json_round_trip_exact(seed, n, hidden):
    st = _walk(seed, n, True, hidden)[-1]
    d = state_to_json(st)
    text = json.dumps(d)
    back = state_from_json(json.loads(text))
    assert state_to_json(back) == d
    # and the restored state continues identically
    if st.status == "in progress":
        seat = st.current
        assert (state_to_json(discard(st, seat, 1).state)
                == state_to_json(discard(back, seat, 1).state))


@SETTINGS
@given(hs.integers(0, 2 ** 31), hs.integers(0, 40))
def test_view_for_never_exposes_masked_cards(seed, n):
    for st in _walk(seed, n, False, True)[-3:]:
        for seat in (0, 1):
            v = view_for(st, seat)
            other = st.p[1 - seat]
            shown = v["players"][1 - seat]["hand"]
            for i in range(8):
                if st.status == "in progress" and not other.rev[i]:
                    assert shown[i] is None
                else:
                    assert shown[i] == other.hand[i]
            text = json.dumps(v)
            assert "deck" not in text and str(st.rng) not in text


@settings(max_examples=8, deadline=None)
@given(hs.integers(0, 2 ** 31), hs.integers(0, 20))
def test_ai_ignores_hidden_cards_and_chooses_legal_moves(seed, n):
    st = _walk(seed, n, False, True)[-1]
    if st.status != "in progress":
        return
    seat = st.current
    act = ai_choose_action(st, seat)
    assert act in legal_actions(st, seat)
    # changing the opponent's unrevealed cards and deck must not change the decision
    other = st.clone()
    opp = other.p[1 - seat]
    opp.hand = [c if opp.rev[i] else 1 for i, c in enumerate(opp.hand)]
    opp.deck = ((1,) * 15, (1,) * 15, (1,) * 15)
    assert ai_choose_action(other, seat) == act
