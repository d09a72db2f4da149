"""The draws with the engine's own generator (its steps written out in draws.py) give the
same cards and leave the generator in the same state as through the generator's methods
(the path of a generator a tool injects, such as the conformance runner's PHP replay)."""
import json

import pytest

from devtools.bench import random_deck
from games.engine import discard, draws, legal_actions, new_game, play, state_to_json
from games.engine.rng import Rng


class Delegating:
    """A generator that is not an ``Rng`` (so the draws call its methods) drawing the same
    numbers as one."""

    def __init__(self, s):
        self.rng = Rng(s)

    def randint(self, a, b):
        return self.rng.randint(a, b)

    def below(self, n):
        return self.rng.below(n)

    def choice(self, seq):
        return self.rng.choice(seq)

    def shuffle(self, lst):
        self.rng.shuffle(lst)

    def random(self):
        return self.rng.random()


DECK = (tuple(range(1, 16)), (16, 16, 17, 17, 18) * 3, (31,) * 15)


@pytest.mark.parametrize("draw", ["type_random", "no_rare", "different"])
def test_a_deck_draw_both_ways(draw):
    fn = getattr(draws, draw)
    for seed in range(3000):
        # hands with copies of the deck's cards: the anti-flood rejects some candidates
        hand = [1 + seed % 3, 2, 16, 16, 17, 31, 1 + seed % 5, 18]
        slot = seed % 8
        own, injected = Rng(seed), Delegating(seed)
        ev_own, ev_injected = [], []
        got = fn(own, DECK, hand, slot, ev_own)
        assert got == fn(injected, DECK, hand, slot, ev_injected)
        assert own.s == injected.rng.s and ev_own == ev_injected


def test_a_list_draw_both_ways():
    for seed in range(3000):
        lst = (5, 6, 6, 7)[: 1 + seed % 4]
        hand = [5, 6, 6, 7, 0, 0, 5, 0]
        own, injected = Rng(seed), Delegating(seed)
        assert (draws.from_list(own, lst, hand, seed % 8, [])
                == draws.from_list(injected, lst, hand, seed % 8, []))
        assert own.s == injected.rng.s
    assert draws.from_list(Rng(1), (), [0] * 8, 0, []) == 0


def test_a_deck_of_one_card_draws_nothing_different():
    deck = ((4,) * 15,) * 3
    for rng in (Rng(1), Delegating(1)):
        assert draws.different(rng, deck, [4] * 8, 2, []) == 4


def _game(seed, injected):
    """Random moves through a whole game; the states and records as JSON."""
    pick = Rng(seed)
    st = new_game(random_deck(pick), random_deck(pick), seed=seed, hidden=seed % 2 == 0)
    gen = Delegating(st.rng) if injected else None
    out = []
    while st.status == "in progress" and len(out) < 400:
        if gen is not None:
            st.rng = gen  # (the turns draw from it in place)
        seat = st.current
        moves = legal_actions(st, seat)
        kind, pos, mode = moves[pick.below(len(moves))]
        result = play(st, seat, pos, mode) if kind == "play" else discard(st, seat, pos)
        st = result.state
        if gen is not None:
            st.rng = gen.rng.s  # back to an int for state_to_json
        out.append(json.dumps([state_to_json(st), result.record], sort_keys=True))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_random_games_both_ways(seed):
    assert _game(seed, injected=False) == _game(seed, injected=True)


def test_shuffle_and_choice_are_the_generators_steps():
    """``Rng.shuffle``/``choice`` write ``_next`` out: the same numbers as through it."""
    for seed in range(500):
        own, ref = Rng(seed), Rng(seed)
        lst = list(range(seed % 12))
        expected = lst[:]
        own.shuffle(lst)
        for i in range(len(expected) - 1, 0, -1):
            j = (ref._next() * (i + 1)) >> 64
            expected[i], expected[j] = expected[j], expected[i]
        assert lst == expected and own.s == ref.s
        assert own.choice("abcdefg") == "abcdefg"[(ref._next() * 7) >> 64]
        assert own.s == ref.s
