"""The consistency gauge (docs/ai.md): the same positions decided with several seeds."""
import re

from devtools import ai_consistency
from games.engine import state_to_json


def test_the_positions_are_the_same_every_run_and_are_games_in_progress():
    first = ai_consistency.positions(5)
    again = ai_consistency.positions(5)
    assert len(first) == 5
    assert all(st.status == "in progress" and seat == st.current for st, seat in first)
    assert [state_to_json(st) for st, _ in first] == [state_to_json(st) for st, _ in again]


def test_a_seed_repeated_agrees_with_itself_and_different_seeds_may_not():
    states = ai_consistency.positions(6)
    same, _cpu = ai_consistency.agreement("easy", states, [4, 4])
    assert same == 1.0
    # Easy plays a random legal move 40% of the time: eight seeds cannot all agree
    # everywhere
    varied, _cpu = ai_consistency.agreement("easy", states, range(8))
    assert varied < 1.0


def test_the_command_prints_the_share_and_the_time(capsys):
    share = ai_consistency.main(["--level", "hard", "--sims", "8", "--positions", "3",
                                 "--seeds", "2"])
    out = capsys.readouterr().out
    assert 0.0 <= share <= 1.0
    assert re.search(r"hard 8 simulations, normal mode: the same move in [\d.]+% of pairs "
                     r"of decisions \(3 positions, 2 seeds\), \d+ ms CPU a decision", out)
