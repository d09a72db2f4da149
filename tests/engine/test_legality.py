"""Legality (spec §4): ``legal_actions`` lists exactly what ``play``/``discard`` accept."""
import pytest

from games.engine import Action, EngineError, card, discard, finish_game, legal_actions, play

from .helpers import make_state, player, with_card

MODAL = 76  # Ninja: uncommon, 8 modes
RARE = 740  # Shadow warrior: rare, 8 modes, costs 26 recruits
FILL = 23  # Caravan: common, no modes, zero cost
DISCARDS = [Action("discard", p, 0) for p in range(1, 9)]


def _plays(actions):
    return [a for a in actions if a.kind == "play"]


def test_every_slot_every_mode_then_the_eight_discards():
    hand = [MODAL] + [FILL] * 7
    st = make_state(player(hand=hand, recruits=50, gems=50, bricks=50))
    actions = legal_actions(st, 0)
    modes = card(MODAL).modes
    assert _plays(actions) == ([Action("play", 1, m) for m in range(1, modes + 1)]
                               + [Action("play", p, 0) for p in range(2, 9)])
    assert actions[-8:] == DISCARDS


def test_unaffordable_cards_can_only_be_discarded():
    c = card(RARE)
    st = make_state(player(hand=[RARE] * 8, recruits=c.recruits - 1))
    assert legal_actions(st, 0) == DISCARDS
    st.p[0].a[7] = c.recruits
    assert len(_plays(legal_actions(st, 0))) == 8 * c.modes


def test_rare_cards_of_the_human_in_an_ai_challenge():
    st = make_state(player(hand=[RARE] + [FILL] * 7, recruits=50),
                    player(hand=[RARE] + [FILL] * 7, recruits=50))
    st.ai_challenge = "Grofgul"
    assert all(a.position != 1 for a in _plays(legal_actions(st, 0)))
    with pytest.raises(EngineError) as e:
        play(st, 0, 1, 1)
    assert e.value.code == "rare_in_challenge"
    st.current = 1  # the computer (seat 1) may play them
    assert Action("play", 1, 1) in legal_actions(st, 1)
    play(st, 1, 1, 1)


def test_nothing_is_legal_out_of_turn_or_after_the_game():
    st = make_state(player(hand=[FILL] * 8))
    assert legal_actions(st, 1) == []
    with pytest.raises(EngineError) as e:
        discard(st, 1, 1)
    assert e.value.code == "not_your_turn"
    over = finish_game(st, outcome="Surrender", winner=1)
    assert legal_actions(over, 0) == []
    with pytest.raises(EngineError) as e:
        discard(over, 0, 1)
    assert e.value.code == "game_over"


def test_unimplemented_cards_are_not_legal():
    cards = with_card(card(FILL), implemented=False)  # this game's cards; no other's change
    st = make_state(player(hand=[FILL] * 8), cards=cards)
    assert legal_actions(st, 0) == DISCARDS
    with pytest.raises(EngineError) as e:
        play(st, 0, 1)
    assert e.value.code == "card_unimplemented"
