"""The solver on crafted positions: the one winning card is found, proven in sampled
worlds, and the lines say what follows each move (no Django)."""
from games import engine
from games.puzzles import solver
from tests.puzzles.factories import HAND, KNIGHT_SLOT, crafted_state


def test_the_one_winning_card_is_the_puzzle():
    state = crafted_state()
    found = solver.candidate(state)
    assert found.kind == solver.WIN and found.turns == 1
    assert found.solution == [f"play:{KNIGHT_SLOT}:0"]
    # every legal move was judged in the real game; only the Knight wins
    legal = {solver.action_key(a) for a in engine.legal_actions(state, state.current)}
    assert set(found.verdicts) == legal
    assert [k for k, ok in found.verdicts.items() if ok] == found.solution


def test_the_solution_holds_in_every_sampled_world_open_and_hidden():
    for hidden in (False, True):
        state = crafted_state(hidden=hidden)
        found = solver.candidate(state)
        assert solver.verify(state, found, worlds=12, seed=7)
        assert found.worlds == 12


def test_two_cards_that_win_make_no_puzzle_but_two_copies_of_one_do():
    twin = list(HAND)
    twin[0] = 7  # a second Knight
    found = solver.candidate(crafted_state(hand=twin))
    assert sorted(found.solution) == ["play:1:0", f"play:{KNIGHT_SLOT}:0"]
    other = list(HAND)
    other[0] = 281  # Berserker, another attack
    assert solver.candidate(crafted_state(hand=other)) is None


def test_a_move_the_worlds_refute_is_no_solution():
    state = crafted_state()
    found = solver.candidate(state)
    found.solution = ["play:1:0"]  # Basic wall does not win anywhere
    assert not solver.verify(state, found, worlds=4, seed=1)


def test_lines_follow_the_right_and_a_wrong_move():
    state = crafted_state()
    found = solver.candidate(state)
    right = solver.line_after(state, found, found.solution[0], seed=1)
    assert len(right) == 1 and right[0]["by_mover"] and right[0]["ended"] == "won"
    assert right[0]["card"] == 7
    wrong = solver.line_after(state, found, "play:1:0", seed=1)
    assert len(wrong) == 1  # the one turn to win in is spent: the line ends there
    assert wrong[0]["card"] == 1 and wrong[0]["ended"] is None


def test_sampled_worlds_depend_only_on_what_the_mover_sees():
    state = crafted_state(hidden=True)
    seat = state.current
    other = engine.state_from_json(engine.state_to_json(state))
    other.p[1 - seat].hand = [5] * 8  # a different hidden hand
    other.p[1 - seat].rev = [False] * 8
    other.rng = 12345
    first = engine.sample_worlds(state, seat, 5, seed=9)
    second = engine.sample_worlds(other, seat, 5, seed=9)
    assert [engine.state_to_json(w) for w in first] == [engine.state_to_json(w) for w in second]
    assert all(w.p[1 - seat].hand != [5] * 8 for w in first)


def test_the_computer_s_levels_find_the_plain_win_and_miss_a_wrong_solution():
    state = crafted_state()
    found = solver.candidate(state)
    for level in ("standard", "hard"):
        assert solver.computer_finds(state, found, seed=1, level=level)
    found.solution = ["play:1:0"]
    assert not solver.computer_finds(state, found, seed=1, level="hard")
