"""The balance dashboard's arithmetic on small samples: Wilson intervals, Newcombe's
difference, the minimum sample and the played / not played split."""
import pytest

from games.balance.counting import (
    COUNTERS,
    MIN_GAMES,
    SeatGame,
    Tally,
    difference,
    figures,
    mode_keys,
    wilson,
)


def test_wilson_interval_matches_published_values():
    # 5 of 10, 0 of 10, 10 of 10: Wilson's score interval at 95 %
    assert wilson(5, 10) == pytest.approx((0.5, 0.2366, 0.7634), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.0, 0.2775), abs=5e-5)
    assert wilson(10, 10) == pytest.approx((1.0, 0.7225, 1.0), abs=5e-5)
    assert wilson(0, 0) is None
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_difference_is_newcombes_hybrid_score_interval():
    # Newcombe (1998), 56/70 against 48/80: 0.2000 (0.0524 to 0.3339)
    d = difference(wilson(56, 70), wilson(48, 80))
    assert d == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_mode_keys():
    assert mode_keys(hidden=False, long=False) == ("all", "normal")
    assert mode_keys(hidden=True, long=False) == ("all", "hidden")
    assert mode_keys(hidden=True, long=True) == ("all", "hidden", "long")


def _counts(tally, mode, card):
    return dict(zip(COUNTERS, tally.rows[(mode, card)], strict=True))


def test_tally_splits_played_and_unplayed_games_of_the_deck():
    tally = Tally()
    # seat 0 won, played card 1 twice and discarded 2; seat 1 lost, played 2 and a summoned
    # 9 that was not in its deck, discarded 1
    tally.add([SeatGame(deck=frozenset({1, 2, 3}), plays={1: 2}, discards={2: 1}, won=True),
               SeatGame(deck=frozenset({1, 2}), plays={2: 1, 9: 1}, discards={1: 1},
                        won=False)], hidden=False, long=False)
    # a draw: nobody's win
    tally.add([SeatGame(deck=frozenset({1}), plays={1: 1}, won=None)], hidden=True,
              long=False)
    one = _counts(tally, "all", 1)
    assert one == {"in_deck": 3, "played_games": 2, "played_wins": 1, "unplayed_games": 1,
                   "unplayed_wins": 0, "times_played": 3, "times_discarded": 1}
    assert one["in_deck"] == one["played_games"] + one["unplayed_games"]
    assert _counts(tally, "all", 2) == {"in_deck": 2, "played_games": 1, "played_wins": 0,
                                        "unplayed_games": 1, "unplayed_wins": 1,
                                        "times_played": 1, "times_discarded": 1}
    assert _counts(tally, "all", 3)["unplayed_wins"] == 1
    # a summoned card is counted as played, never as in a deck
    assert _counts(tally, "all", 9) == {**dict.fromkeys(COUNTERS, 0), "times_played": 1}
    # modes: the hidden game only in "all" and "hidden", the other in "all" and "normal"
    assert _counts(tally, "normal", 1)["in_deck"] == 2
    assert _counts(tally, "hidden", 1) == {"in_deck": 1, "played_games": 1, "played_wins": 0,
                                           "unplayed_games": 0, "unplayed_wins": 0,
                                           "times_played": 1, "times_discarded": 0}
    assert ("long", 1) not in tally.rows
    assert tally.games == 2


def test_merge_adds_counters():
    a, b = Tally(), Tally()
    a.add([SeatGame(deck=frozenset({4}), plays={4: 1}, won=True)], hidden=False, long=False)
    b.add([SeatGame(deck=frozenset({4}), won=True)], hidden=False, long=True)
    a.merge(b)
    assert a.games == 2
    assert _counts(a, "all", 4)["in_deck"] == 2 and _counts(a, "long", 4)["unplayed_wins"] == 1


def _row(played_games, played_wins, unplayed_games, unplayed_wins):
    return {"in_deck": played_games + unplayed_games, "played_games": played_games,
            "played_wins": played_wins, "unplayed_games": unplayed_games,
            "unplayed_wins": unplayed_wins, "times_played": played_games,
            "times_discarded": 0}


def test_minimum_sample_hides_a_rate_and_the_difference():
    few = figures(_row(MIN_GAMES - 1, 20, MIN_GAMES, 15))
    assert few["played_rate"] is None and few["played_low"] is None
    assert few["unplayed_rate"] == pytest.approx(0.5)
    assert few["difference"] is None and few["difference_low"] is None
    enough = figures(_row(MIN_GAMES, 21, MIN_GAMES, 15))
    assert enough["played_rate"] == pytest.approx(0.7)
    low, high = wilson(21, MIN_GAMES)[1:]
    assert (enough["played_low"], enough["played_high"]) == pytest.approx((low, high))
    assert enough["difference"] == pytest.approx(0.2)
    assert enough["difference_low"] < 0.2 < enough["difference_high"]
    nothing = figures(dict.fromkeys(COUNTERS, 0))
    assert all(value is None for value in nothing.values())
