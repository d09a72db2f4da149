"""The computer's levels (``choose_action``): legal moves, reproducible with a seed and a
simulation budget, and deciding on what the seat may know only (no peeking)."""
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as hs

from devtools.bench import random_deck
from games.engine import (
    AI_CHALLENGES,
    AI_LEVELS,
    STARTER_DECKS,
    EngineError,
    ai_choose_action,
    choose_action,
    discard,
    legal_actions,
    new_game,
    play,
    standard_ai_seed,
    state_to_json,
)
from games.engine.knowledge import (
    UNKNOWN_CARD,
    DeckPrior,
    sample_world,
    seat_knowledge,
    shown_cards,
)
from games.engine.rng import Rng

from .helpers import random_walk

# a tiny search budget keeps the examples fast; the search path is the same at any budget
TINY = {"simulations": 2}


def _game(seed, turns, hidden, starter):
    """A game after ``turns`` random moves (starter decks or random decks of any card)."""
    rng = Rng(seed)
    if starter:
        d1 = STARTER_DECKS[rng.below(len(STARTER_DECKS))]
        d2 = STARTER_DECKS[rng.below(len(STARTER_DECKS))]
    else:
        d1, d2 = random_deck(rng), random_deck(rng)
    st = new_game(d1, d2, seed=seed, hidden=hidden, long_mode=seed % 5 == 0)
    return random_walk(st, turns, rng)


def _unseen_changed(st, seat, salt):
    """``st`` with everything ``seat`` cannot see changed: the opponent's unrevealed cards
    (hidden-cards mode), his deck, the generator state and seed."""
    other = st.clone()
    rng = Rng(salt)
    opp = other.p[1 - seat]
    deck = random_deck(rng)
    opp.deck = (deck.common, deck.uncommon, deck.rare)
    if other.hidden:
        opp.hand = [c if opp.rev[i] else deck.common[rng.below(15)]
                    for i, c in enumerate(opp.hand)]
    other.rng = rng.randint(0, (1 << 64) - 1)
    other.seed = rng.randint(0, 1 << 30)
    return other


states = hs.builds(_game, hs.integers(0, 10**9), hs.integers(0, 40), hs.booleans(),
                   hs.booleans())


def _budget(level):
    return TINY if level in ("hard", "expert") else None


@pytest.mark.parametrize("level", AI_LEVELS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st=states, seed=hs.integers(0, 2**62))
def test_every_level_chooses_a_legal_move_and_leaves_the_state_alone(level, st, seed):
    if st.status != "in progress":
        return
    seat = st.current
    before = state_to_json(st)
    action = choose_action(st, seat, level=level, seed=seed, budget=_budget(level))
    assert action in legal_actions(st, seat)
    assert state_to_json(st) == before


@pytest.mark.parametrize("level", AI_LEVELS)
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st=states, seed=hs.integers(0, 2**62), salt=hs.integers(0, 2**62))
def test_no_level_reads_what_the_seat_cannot_see(level, st, seed, salt):
    """By construction: 1,000 random running games per level (a finished one does not
    count as an example), each decided twice with the same seed, the second time with
    everything the seat cannot see changed (the opponent's unrevealed cards, his deck, the
    generator's state and seed)."""
    assume(st.status == "in progress")
    seat = st.current
    budget = _budget(level)
    action = choose_action(st, seat, level=level, seed=seed, budget=budget)
    other = _unseen_changed(st, seat, salt)
    assert choose_action(other, seat, level=level, seed=seed, budget=budget) == action


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_is_reproducible_with_a_seed_and_a_simulation_budget(level):
    for seed in range(4):
        st = _game(seed, 10 + seed, seed % 2 == 1, True)
        if st.status != "in progress":
            continue
        budget = {"simulations": 40}
        first = choose_action(st, st.current, level=level, seed=seed, budget=budget)
        again = choose_action(st.clone(), st.current, level=level, seed=seed, budget=budget)
        assert first == again


def test_without_a_seed_the_move_still_depends_only_on_what_the_seat_sees():
    st = _game(3, 12, True, True)
    seat = st.current
    for level in AI_LEVELS:
        action = choose_action(st, seat, level=level, budget=_budget(level))
        other = _unseen_changed(st, seat, 77)
        assert choose_action(other, seat, level=level, budget=_budget(level)) == action


def test_the_standard_level_is_the_standard_ai_on_what_the_seat_knows():
    for seed in range(30):
        st = _game(seed, seed % 17, seed % 2 == 0, seed % 3 > 0)
        if st.status != "in progress":
            continue
        seat = st.current
        expected = ai_choose_action(seat_knowledge(st, seat), seat, rng=Rng(seed))
        assert choose_action(st, seat, level="standard", seed=seed) == expected


def _challenge_game(i, turns):
    """A game of the AI challenge number ``i`` after ``turns`` standard-AI moves."""
    names = sorted(AI_CHALLENGES)
    st = new_game(STARTER_DECKS[i % len(STARTER_DECKS)], None, seed=40 + i,
                  ai_challenge=names[i % len(names)])
    for turn in range(turns):
        if st.status != "in progress":
            break
        seat = st.current
        a = choose_action(st, seat, level="standard", seed=turn)
        st = (play(st, seat, a.position, a.mode) if a.kind == "play"
              else discard(st, seat, a.position)).state
    return st


def _site_positions():
    """Running games (starter, random and hidden-cards) and AI challenges (seat 1 to move
    or not), for the site's standard move."""
    out = [_game(seed, seed % 17, seed % 2 == 0, seed % 3 > 0) for seed in range(24)]
    out += [_challenge_game(i, 1 + i % 7) for i in range(12)]
    return [st for st in out if st.status == "in progress"]


@pytest.mark.parametrize("relief", [None, 0, 3, 9, 10, 12])
def test_the_sites_standard_move_is_the_standard_ai_as_it_always_was(relief):
    """The site's standard level goes through ``choose_action`` (seeded with
    ``standard_ai_seed``) and makes the move the standard AI made when the site called it
    directly: challenge weights in an AI challenge, the tutorial relief below level 10."""
    for st in _site_positions():
        seat = st.current
        expected = ai_choose_action(st, seat, relief_level=relief)
        assert choose_action(st, seat, level="standard", seed=standard_ai_seed(st),
                             relief_level=relief) == expected


def test_the_tutorial_relief_is_the_standard_levels_outside_challenges():
    """A level-0 player gets the relief (half of the computer's best plays become a
    discard of that card) at the standard level only: not in an AI challenge, not at the
    other levels."""
    relieved = challenged = 0
    for seed in range(40):
        st = _game(seed, seed % 13, seed % 2 == 0, True)
        if st.status != "in progress":
            continue
        seat = st.current
        best = choose_action(st, seat, level="standard", seed=seed)
        with_relief = choose_action(st, seat, level="standard", seed=seed, relief_level=0)
        if best.kind == "play" and with_relief != best:
            assert with_relief == ("discard", best.position, 0)
            relieved += 1
        for level, budget in (("easy", None), ("hard", TINY)):
            assert choose_action(st, seat, level=level, seed=seed, budget=budget,
                                 relief_level=0) == choose_action(st, seat, level=level,
                                                                  seed=seed, budget=budget)
    for i in range(12):
        st = _challenge_game(i, 1 + i % 7)
        if st.status != "in progress":
            continue
        challenged += 1
        seat = st.current
        assert (choose_action(st, seat, level="standard", seed=i, relief_level=0)
                == choose_action(st, seat, level="standard", seed=i))
    assert relieved >= 5 and challenged >= 6


def test_the_ai_benchmark_runs_on_the_engine_alone():
    """``devtools/bench_ai.py`` (``make bench``) needs no Django: the computer's move is the
    engine's."""
    import subprocess
    import sys

    script = ("import sys; from devtools import bench_ai; bench_ai.main(moves=8, positions=1); "
              "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], "
              "'django imported'")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": "."})
    assert done.returncode == 0, done.stderr
    assert "AI move: 8 moves" in done.stdout and "expert move: 1 positions" in done.stdout


def test_a_search_level_takes_a_winning_play():
    st = _game(5, 6, False, True)
    seat = st.current
    st.p[1 - seat].a[0] = 1  # one point of tower left: any attack wins
    st.p[1 - seat].a[1] = 0
    wins = []
    for kind, pos, mode in legal_actions(st, seat):
        if kind == "play":
            after = play(st, seat, pos, mode).state
            if after.winner == seat:
                wins.append((kind, pos, mode))
    if not wins:
        pytest.skip("no winning play in this hand")
    for level in ("hard", "expert"):
        assert tuple(choose_action(st, seat, level=level, seed=1, budget=TINY)) in wins


def test_an_unknown_level_is_refused():
    st = _game(1, 0, False, True)
    with pytest.raises(EngineError) as err:
        choose_action(st, st.current, level="grandmaster")
    assert err.value.code == "bad_level"


def test_sampled_worlds_keep_what_is_known_and_fill_in_the_rest():
    st = _game(8, 15, True, True)
    seat = st.current
    known = seat_knowledge(st, seat)
    prior = DeckPrior(shown_cards(known, seat))
    rng = Rng(4)
    for _ in range(20):
        world = sample_world(known, seat, prior, rng)
        mine, theirs = world.p[seat], world.p[1 - seat]
        assert mine.hand == st.p[seat].hand and mine.deck == st.p[seat].deck
        assert mine.a == st.p[seat].a and theirs.a == st.p[1 - seat].a
        for i, c in enumerate(theirs.hand):
            if st.p[1 - seat].rev[i]:
                assert c == st.p[1 - seat].hand[i]
            else:
                assert c != UNKNOWN_CARD
        assert all(len(sec) == 15 and all(sec) for sec in theirs.deck)


def test_the_deck_prior_recognises_a_starter_deck_from_the_cards_shown():
    deck = STARTER_DECKS[1]
    prior = DeckPrior(list(deck.common[:6]) + list(deck.uncommon[:2]))
    assert prior.weights[1] > 0.99
    rng = Rng(1)
    assert prior.sample(rng) == (deck.common, deck.uncommon, deck.rare)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st=states, salt=hs.integers(0, 2**62))
def test_the_standard_ai_never_reads_the_opponents_deck_even_with_open_hands(st, salt):
    if st.status != "in progress":
        return
    seat = st.current
    other = st.clone()
    deck = random_deck(Rng(salt))
    other.p[1 - seat].deck = (deck.common, deck.uncommon, deck.rare)
    assert (ai_choose_action(other, seat, rng=Rng(salt))
            == ai_choose_action(st, seat, rng=Rng(salt)))


def test_a_time_budget_bounds_the_search(monkeypatch):
    """With a time budget only, the search stops at the first check past the limit: on a
    clock that jumps a second at every reading, after one world (one playout per
    candidate), not after the billion simulations a missing limit would allow."""
    from games.engine import levels, search

    class Clock:
        now = 0.0

        def perf_counter(self):
            self.now += 1.0
            return self.now

    clock = Clock()
    monkeypatch.setattr(levels, "time", clock)
    monkeypatch.setattr(search, "time", clock)
    playouts = []
    real = search.simulate
    monkeypatch.setattr(search, "simulate", lambda *a: playouts.append(1) or real(*a))
    st = _game(12, 9, False, True)
    seat = st.current
    action = choose_action(st, seat, level="expert", seed=3, budget={"seconds": 0.05})
    assert action in legal_actions(st, seat)
    params = levels.search_params("expert")
    assert 2 <= len(playouts) <= params.plays + params.discards
