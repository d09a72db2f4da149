"""The rules of events without a database: points, arena pairing, Swiss pairing, tie-breaks."""
import random

from games.tournaments import rules
from games.tournaments.rules import SwissPlayer, Waiting


def test_arena_points_double_after_two_wins_until_a_game_is_not_won():
    streak, earned = 0, []
    for result in ("win", "win", "win", "draw", "win", "loss"):
        points, streak = rules.arena_points(result, streak)
        earned.append(points)
    assert earned == [2, 2, 4, 2, 2, 0]
    assert streak == 0
    assert rules.on_fire(2) and not rules.on_fire(1)


def test_arena_pairs_the_nearest_in_the_standings():
    waiting = [Waiting(1, 10), Waiting(2, 0), Waiting(3, 8), Waiting(4, 1)]
    assert rules.arena_pairs(waiting, others_playing=False) == [(1, 3), (4, 2)]


def test_arena_avoids_the_last_opponent_when_someone_else_is_free():
    waiting = [Waiting(1, 4, last_opponent=2), Waiting(2, 4, last_opponent=1), Waiting(3, 2)]
    assert rules.arena_pairs(waiting, others_playing=False) == [(1, 3)]


def test_an_arena_rematch_waits_while_other_games_run_unless_both_waited_long():
    fresh = [Waiting(1, 4, last_opponent=2), Waiting(2, 2, last_opponent=1)]
    assert rules.arena_pairs(fresh, others_playing=True) == []
    assert rules.arena_pairs(fresh, others_playing=False) == [(1, 2)]
    patient = [Waiting(1, 4, last_opponent=2, patient=True),
               Waiting(2, 2, last_opponent=1, patient=True)]
    assert rules.arena_pairs(patient, others_playing=True) == [(1, 2)]


def test_swiss_pairs_equal_scores_and_gives_the_bye_to_the_lowest_without_one():
    players = [SwissPlayer(1, 4), SwissPlayer(2, 4), SwissPlayer(3, 2), SwissPlayer(4, 2),
               SwissPlayer(5, 0, had_bye=True), SwissPlayer(6, 0), SwissPlayer(7, 0)]
    round_ = rules.swiss_pairs(players, met=set())
    assert sorted(map(sorted, round_.pairs)) == [[1, 2], [3, 4], [5, 6] if round_.bye == 7
                                                 else [5, 7]]
    assert round_.bye in (6, 7)


def test_swiss_avoids_rematches_when_it_can():
    players = [SwissPlayer(n, 2) for n in range(1, 5)]
    met = {frozenset((1, 2)), frozenset((3, 4))}
    round_ = rules.swiss_pairs(players, met)
    assert not {frozenset(p) for p in round_.pairs} & met
    assert len(round_.pairs) == 2 and round_.bye is None


def test_swiss_of_200_pairs_everybody_once():
    rng = random.Random(7)
    players = [SwissPlayer(n, rng.randrange(0, 9), rating=rng.uniform(1200, 1800))
               for n in range(201)]
    round_ = rules.swiss_pairs(players, met=set())
    seen = [pid for pair in round_.pairs for pid in pair] + [round_.bye]
    assert sorted(seen) == list(range(201))
    # near scores: no pair more than a win apart
    scores = {p.id: p.score for p in players}
    assert max(abs(scores[a] - scores[b]) for a, b in round_.pairs) <= 2


def test_tie_breaks_buchholz_and_sonneborn_berger():
    # 1 beat 2, drew 3; 2 beat 3. Scores (half points): 1: 3, 2: 2, 3: 1.
    scores = {1: 3, 2: 2, 3: 1}
    games = [rules.Played(1, 2, 2, 0), rules.Played(1, 3, 1, 1), rules.Played(2, 3, 2, 0)]
    breaks = rules.tie_breaks(scores, games)
    # player 1: Buchholz 1 + 0.5 points (3 halves); SB 1 (beat 2) + 0.25 (drew 3) = 5 quarters
    assert breaks[1] == (3, 2 * 2 + 1 * 1)
    assert breaks[2] == (4, 2 * 1)
    assert breaks[3] == (5, 1 * 3)


def test_the_neighbours_window_pairs_as_well_as_the_whole_graph_on_a_real_history():
    rng = random.Random(3)
    players = {n: 0 for n in range(60)}
    met = set()
    for _round in range(7):
        field = [SwissPlayer(n, score) for n, score in players.items()]
        window = rules.swiss_pairs(field, met, neighbours=6)
        whole = rules.swiss_pairs(field, met, neighbours=None)
        assert len(window.pairs) == len(whole.pairs) == 30

        def cost(round_):
            return sum((players[a] - players[b]) ** 2 for a, b in round_.pairs)
        assert not {frozenset(p) for p in window.pairs} & met
        assert cost(window) <= cost(whole) + 8  # near the whole graph's optimum
        for a, b in window.pairs:
            met.add(frozenset((a, b)))
            winner = a if rng.random() < 0.5 else b
            players[winner] += 2


def test_a_round_the_window_pairs_only_with_rematches_is_paired_over_every_pair():
    # within one place of each other 1-2 and 3-4 have met; the whole graph has 1-3 and 2-4
    players = [SwissPlayer(1, 4), SwissPlayer(2, 4), SwissPlayer(3, 0), SwissPlayer(4, 0)]
    met = {frozenset((1, 2)), frozenset((3, 4))}
    round_ = rules.swiss_pairs(players, met, neighbours=1)
    assert len(round_.pairs) == 2 and not {frozenset(p) for p in round_.pairs} & met
