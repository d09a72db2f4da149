"""Sandbox tools (§13 AIMode): pure functions that change exactly one thing of a state."""
import pytest

from games.engine import (
    SANDBOX_MAX,
    EngineError,
    limits_for,
    play,
    sandbox_attribute_range,
    sandbox_put_card,
    sandbox_set_attribute,
    sandbox_set_hidden,
    state_to_json,
)
from games.engine.constants import ATTRS
from tests.engine.helpers import json_diff, make_state, player


def test_put_card_changes_only_that_slot_and_leaves_the_input_alone():
    st = make_state()
    before = state_to_json(st)
    new = sandbox_put_card(st, 1, 3, 17)
    assert state_to_json(st) == before
    assert new.p[1].hand[2] == 17 and new.p[1].new[2] is True and new.p[1].rev[2] is False
    assert json_diff(before, state_to_json(new)) == [".players[1].hand[2]", ".players[1].new[2]"]


def test_put_card_reveals_only_in_hidden_mode():
    assert sandbox_put_card(make_state(), 0, 1, 5, reveal=True).p[0].rev[0] is False
    hidden = make_state(hidden=True)
    assert sandbox_put_card(hidden, 1, 8, 5, reveal=True).p[1].rev[7] is True
    hidden.p[0].rev[0] = True
    assert sandbox_put_card(hidden, 0, 1, 5).p[0].rev[0] is False


def test_put_card_ignores_cursed_and_discard_piles():
    cursed = next(i for i in range(1, 755) if _is_cursed(i))
    st = make_state(player(hand=[cursed] * 8))
    new = sandbox_put_card(st, 0, 2, 1)
    assert new.p[0].hand[1] == 1
    assert new.p[0].disc == [[], []] and new.p[1].disc == [[], []]


def _is_cursed(cid):
    from games.engine.cards.model import CARDS

    return CARDS[cid] is not None and CARDS[cid].cursed


@pytest.mark.parametrize("seat, position, card, code", [
    (2, 1, 1, "bad_seat"), (-1, 1, 1, "bad_seat"), (True, 1, 1, "bad_seat"),
    ("0", 1, 1, "bad_seat"), (0, 0, 1, "bad_position"), (0, 9, 1, "bad_position"),
    (0, "1", 1, "bad_position"), (0, 1, 0, "unknown_card"), (0, 1, 10**6, "unknown_card"),
    (0, 1, -3, "unknown_card"), (0, 1, "1", "unknown_card"), (0, 1, None, "unknown_card"),
])
def test_put_card_refuses_bad_input_with_stable_codes(seat, position, card, code):
    with pytest.raises(EngineError) as error:
        sandbox_put_card(make_state(), seat, position, card)
    assert error.value.code == code


def test_the_put_card_plays_through_the_normal_turn():
    st = sandbox_put_card(make_state(player(bricks=50, gems=50, recruits=50)), 0, 1, 1)
    result = play(st, 0, 1)
    assert result.record["card"] == 1


@pytest.mark.parametrize("name", ATTRS)
def test_set_attribute_changes_only_that_number(name):
    st = make_state()
    before = state_to_json(st)
    low, high = sandbox_attribute_range(st, name)
    new = sandbox_set_attribute(st, 1, name, high)
    assert state_to_json(st) == before
    assert json_diff(before, state_to_json(new)) == [f".players[1].attributes.{name}"]
    assert sandbox_set_attribute(st, 0, name, low).p[0].a[ATTRS.index(name)] == low


def test_attribute_ranges_follow_the_mode_limits():
    for long_mode in (False, True):
        st = make_state(long_mode=long_mode)
        lim = limits_for(long_mode)
        assert sandbox_attribute_range(st, "tower") == (0, lim.max_tower)
        assert sandbox_attribute_range(st, "wall") == (0, lim.max_wall)
    st = make_state()
    assert sandbox_attribute_range(st, "magic") == (1, SANDBOX_MAX)
    assert sandbox_attribute_range(st, "gems") == (0, SANDBOX_MAX)


@pytest.mark.parametrize("name, value, code", [
    ("tower", -1, "bad_value"), ("tower", 10**6, "bad_value"), ("wall", 10**9, "bad_value"),
    ("quarry", 0, "bad_value"), ("bricks", -1, "bad_value"), ("gems", SANDBOX_MAX + 1,
                                                               "bad_value"),
    ("tower", 1.5, "bad_value"), ("tower", "5", "bad_value"), ("tower", True, "bad_value"),
    ("tower", None, "bad_value"), ("towers", 5, "bad_attribute"), ("", 5, "bad_attribute"),
])
def test_set_attribute_refuses_values_out_of_range(name, value, code):
    with pytest.raises(EngineError) as error:
        sandbox_set_attribute(make_state(), 0, name, value)
    assert error.value.code == code
    if code == "bad_value":
        assert "whole number from" in error.value.message


def test_victory_waits_for_the_end_of_the_next_turn():
    st = sandbox_set_attribute(make_state(), 1, "tower", 0)
    assert st.status == "in progress"
    after = play(st, 0, 1).state
    assert after.status == "finished" and after.winner == 0 and after.outcome == "Destruction"


def test_hidden_toggle_clears_revealed_flags_and_nothing_else():
    st = make_state(hidden=True)
    st.p[1].rev[2] = True
    before = state_to_json(st)
    off = sandbox_set_hidden(st, False)
    assert state_to_json(st) == before
    assert off.hidden is False and off.p[1].rev == [False] * 8
    assert json_diff(before, state_to_json(off)) == [".hidden", ".players[1].revealed[2]"]
    on = sandbox_set_hidden(off, True)
    assert on.hidden is True and json_diff(state_to_json(off), state_to_json(on)) == [".hidden"]


def test_tools_refuse_a_finished_game():
    st = make_state()
    st.status = "finished"
    for call in (lambda: sandbox_put_card(st, 0, 1, 1),
                 lambda: sandbox_set_attribute(st, 0, "tower", 5),
                 lambda: sandbox_set_hidden(st, True)):
        with pytest.raises(EngineError) as error:
            call()
        assert error.value.code == "game_over"
