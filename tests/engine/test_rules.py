"""Unit tests per rule of the specification (docs: shared/design/rules-engine.md)."""
import pytest

from games.engine import (
    STARTER_DECKS,
    EngineError,
    ai_choose_action,
    card,
    discard,
    draws,
    legal_actions,
    new_game,
    play,
    preview,
    state_to_json,
    suggest_action,
    view_for,
)
from games.engine.attributes import attack
from games.engine.context import Ctx
from games.engine.hand import place
from games.engine.php import php_round
from games.engine.rng import Rng
from games.engine.turn import apply_limits
from games.engine.victory import check_victory

from .helpers import DECK, make_state, player, with_card

RARE_ID = 740  # a rare card that can only come from the rare slots of TEST_DECK
TEST_DECK = ((1,) * 15, (297,) * 15, (RARE_ID,) * 15)


# ------------------------------------------------------------------ §0 rounding
@pytest.mark.parametrize("x, expected", [(2.5, 3), (1.5, 2), (-2.5, -3), (0.5, 1), (-0.5, -1),
                                         (73.5, 74), (2.4999, 2), (57 / 100 * 50, 29)])
def test_php_round_half_away_from_zero_with_15_digit_prerounding(x, expected):
    assert php_round(x) == expected


def test_php_round_pre_rounding_case_card_282():
    x = 57 / 100 * 50
    assert repr(x) == "28.499999999999996"
    assert php_round(x) == 29


# ------------------------------------------------------------------ §9.1 attack
def test_attack_wall_absorbs_then_tower():
    a = [30, 3, 3, 3, 3, 0, 0, 0]
    attack(a, 5)
    assert a[:2] == [28, 0]


def test_attack_negative_wall_absorbs_nothing_and_stays():
    a = [30, -6, 3, 3, 3, 0, 0, 0]
    attack(a, 5)
    assert a[:2] == [25, -6]


def test_attack_non_positive_power_does_nothing():
    a = [30, 10, 3, 3, 3, 0, 0, 0]
    attack(a, -4)
    attack(a, 0)
    assert a[:2] == [30, 10]


# ------------------------------------------------------------------ §6 limits
def test_limits_clamp_both_players():
    st = make_state(player(tower=120, wall=-3, quarry=0, bricks=-5, tokens=[("Mage", 140)]),
                    player(tower=-1, wall=170, magic=-2, gems=-1))
    apply_limits(st)
    assert st.p[0].a[:6] == [100, 0, 1, 3, 3, 0]
    assert st.p[0].tok[0] == 100
    assert st.p[1].a[:4] == [0, 150, 3, 1]
    st.long_mode = True
    st.p[0].a[0] = 160
    apply_limits(st)
    assert st.p[0].a[0] == 150


def test_play_applies_wall_limit():
    st = make_state(player(hand=[1] * 8, wall=149, deck=TEST_DECK))
    r = play(st, 0, 1)
    assert r.state.p[0].a[1] == 150
    assert r.state.p[0].changes[1] == 1


# ------------------------------------------------------------------ §5 turn order
def test_cost_excluded_from_changes_production_included():
    st = make_state(player(hand=[1] * 8, wall=10, bricks=20, quarry=3, deck=TEST_DECK))
    r = play(st, 0, 1)
    P = r.state.p[0]
    assert P.a[1] == 13 and P.a[5] == 20 - 1 + 3
    assert P.changes[1] == 3 and P.changes[5] == 3


def test_production_after_discard_and_round_advances():
    st = make_state(player(hand=[1] * 8, bricks=0, gems=0, recruits=0, quarry=2, magic=4,
                           dungeons=5, deck=TEST_DECK), round=7)
    r = discard(st, 0, 3)
    P = r.state.p[0]
    assert P.a[5:8] == [2, 4, 5]
    assert r.state.round == 8 and r.state.current == 1
    assert P.new[2] is True and P.rev[2] is False
    assert P.hist == [(1, 0, "discard")]


def test_discard_draws_a_different_card():
    deck = ((1,) * 14 + (297,), (1,) * 15, (1,) * 15)
    for seed in range(30):
        st = make_state(player(hand=[1] * 8, deck=deck), seed=seed)
        assert discard(st, 0, 4).state.p[0].hand[3] == 297


def _reachable_states():
    """The fixture state and states along a few games of random legal moves (normal and
    long mode, hidden cards, an AI challenge, both seats to move)."""
    yield make_state(player(hand=[1] * 8, deck=TEST_DECK))
    rng = Rng(11)
    for i, (long_mode, hidden, challenge) in enumerate([(False, False, ""), (True, True, ""),
                                                        (False, True, "Grofgul")]):
        st = new_game(STARTER_DECKS[i], STARTER_DECKS[i - 1], seed=i, long_mode=long_mode,
                      hidden=hidden, ai=bool(challenge), ai_challenge=challenge)
        for turn in range(30):
            if st.status != "in progress":
                break
            if turn % 3 == 0:
                yield st
            moves = legal_actions(st, st.current)
            kind, pos, mode = moves[rng.below(len(moves))]
            st = (play(st, st.current, pos, mode) if kind == "play"
                  else discard(st, st.current, pos)).state


def test_input_state_is_never_mutated():
    """No action, preview or AI decision changes its input state, anywhere in it."""
    checked = 0
    for st in _reachable_states():
        before = state_to_json(st)
        seat = st.current
        for kind, pos, mode in legal_actions(st, seat):
            if kind == "play":
                play(st, seat, pos, mode)
                if not st.hidden:
                    preview(st, seat, pos, mode)
            else:
                discard(st, seat, pos)
            assert state_to_json(st) == before, (kind, pos, mode)
            checked += 1
        ai_choose_action(st, seat)
        suggest_action(st, seat, seed=1)
        assert state_to_json(st) == before
    assert checked > 300


def test_errors_have_stable_codes():
    st = make_state(player(hand=[740] + [1] * 7, recruits=0, deck=TEST_DECK))
    with pytest.raises(EngineError) as e:
        play(st, 1, 1)
    assert e.value.code == "not_your_turn"
    with pytest.raises(EngineError) as e:
        play(st, 0, 9)
    assert e.value.code == "bad_position"
    with pytest.raises(EngineError) as e:
        play(st, 0, 1, 3)
    assert e.value.code == "insufficient_resources"
    st.p[0].a[7] = 50
    with pytest.raises(EngineError) as e:
        play(st, 0, 1, 0)
    assert e.value.code == "bad_mode"
    with pytest.raises(EngineError) as e:
        play(st, 0, 2, 1)
    assert e.value.code == "bad_mode"
    st.ai_challenge = "Grofgul"
    with pytest.raises(EngineError) as e:
        play(st, 0, 1, 2)
    assert e.value.code == "rare_in_challenge"
    st.ai_challenge = ""
    st.status = "finished"
    with pytest.raises(EngineError) as e:
        play(st, 0, 2)
    assert e.value.code == "game_over"


def test_unimplemented_card_raises():
    from games.engine.cards.model import CARDS
    st = make_state(player(hand=[297] + [1] * 7, deck=TEST_DECK),
                    cards=with_card(CARDS[297], implemented=False))
    assert CARDS[297].implemented  # (the catalogue's card is untouched)
    with pytest.raises(EngineError) as e:
        play(st, 0, 1)
    assert e.value.code == "card_unimplemented"
    assert discard(st, 0, 1).state.p[0].hist == [(297, 0, "discard")]


# ------------------------------------------------------------------ §5.6 Quick / Swift
def test_quick_chain_keeps_round_no_production_no_rare_refill():
    for seed in range(40):
        st = make_state(player(hand=[320] + [1] * 7, tower=50, wall=10, deck=TEST_DECK),
                        round=12, seed=seed)
        r = play(st, 0, 1)
        s = r.state
        P = s.p[0]
        assert s.current == 0 and s.round == 12
        assert P.a[5:8] == [16, 6, 11]  # Last hope: stock +1, production x0
        assert P.hand[0] != RARE_ID
        assert r.record["extra_turn"] is True


def test_extra_turn_accumulates_changes_and_history_then_round_advances():
    st = make_state(player(hand=[320, 1, 1, 1, 1, 1, 1, 1], tower=50, wall=10,
                           changes=[-4, 0, 0, 0, 0, 0, 0, 0], deck=TEST_DECK), round=3)
    s1 = play(st, 0, 1).state
    assert s1.rsc[0][0] == -4  # round-start changes kept for the chain
    s2 = play(s1, 0, 2).state
    P = s2.p[0]
    assert P.hist == [(320, 0, "play"), (1, 0, "play")]
    assert P.changes[1] == 3  # wall +3 (card 1), changes kept across the chain
    assert P.changes[5] == 1 + 3  # +1 from Last hope, production 3 on the 2nd turn
    assert s2.round == 4 and s2.current == 1


def test_last_round_changes_in_chain_read_round_start_values():
    # card 2 (Foundations): tower +2, +5 more if the tower was damaged last round
    st = make_state(player(hand=[320, 2, 1, 1, 1, 1, 1, 1], tower=50, wall=10,
                           changes=[-3, 0, 0, 0, 0, 0, 0, 0], deck=TEST_DECK))
    s2 = play(play(st, 0, 1).state, 0, 2).state
    assert s2.p[0].a[0] == 50 + 7


def test_swift_keeps_production():
    st = make_state(player(hand=[491] + [1] * 7, gems=20, wall=0, deck=TEST_DECK),
                    p1=player(wall=30), round=4)
    s = play(st, 0, 1).state
    assert s.current == 0
    # Dark pegasus: wall not above the enemy's -> gems production x2
    assert s.p[0].a[6] == 20 - 13 + 2 * 3


# ------------------------------------------------------------------ §8 draws
def test_anti_flood_halves_acceptance_per_copy():
    rng = Rng(7)
    hand = [1, 0, 0, 0, 0, 0, 0, 0]
    n = 6000
    ones = sum(draws.from_list(rng, [1, 2], hand, 3, []) == 1 for _ in range(n))
    assert abs(ones / n - 1 / 3) < 0.025
    hand = [1, 1, 0, 0, 0, 0, 0, 0]  # two copies: acceptance 1/4 -> P = 1/5
    ones = sum(draws.from_list(rng, [1, 2], hand, 3, []) == 1 for _ in range(n))
    assert abs(ones / n - 1 / 5) < 0.025


def test_anti_flood_ignores_target_slot():
    rng = Rng(3)
    hand = [1, 0, 0, 0, 0, 0, 0, 0]
    n = 3000
    ones = sum(draws.from_list(rng, [1, 2], hand, 0, []) == 1 for _ in range(n))
    assert abs(ones / n - 0.5) < 0.03


def test_type_random_rarity_split():
    rng = Rng(11)
    deck = ((1,) * 15, (2,) * 15, (3,) * 15)
    hand = [0] * 8
    n = 20000
    got = [draws.type_random(rng, deck, hand, 0, []) for _ in range(n)]
    assert abs(got.count(1) / n - 0.65) < 0.015
    assert abs(got.count(2) / n - 0.29) < 0.015
    assert abs(got.count(3) / n - 0.06) < 0.008
    got = [draws.no_rare(rng, deck, hand, 0, []) for _ in range(n)]
    assert got.count(3) == 0
    assert abs(got.count(1) / n - 65 / 94) < 0.015


def test_starting_hand_six_common_two_uncommon():
    rng = Rng(5)
    deck = (tuple(range(1, 16)), tuple(range(100, 115)), tuple(range(200, 215)))
    for _ in range(50):
        h = draws.starting_hand(rng, deck, [])
        assert sum(c < 16 for c in h) == 6 and sum(100 <= c < 115 for c in h) == 2


# ------------------------------------------------------------------ §7.1 Cursed
def _ctx(st, slot=0):
    c = Ctx()
    c.st, c.A, c.B, c.slot, c.events = st, st.p[0], st.p[1], slot, []  # (hidden: st's)
    c.cards = st.cards
    c.rng = Rng(1)
    return c


def test_cursed_card_stays_and_is_logged():
    st = make_state(p1=player(hand=[248, 1, 1, 1, 1, 1, 1, 1]), hidden=True)
    ctx = _ctx(st)
    place(ctx, st.p[1], 0, 297, new=True, reveal=True)
    B = st.p[1]
    assert B.hand[0] == 248 and B.new[0] and B.rev[0]
    assert st.p[0].disc[1] == [248]
    place(ctx, st.p[1], 1, 297)
    assert B.hand[1] == 297 and st.p[0].disc[1] == [248, 1]


def test_cursed_card_leaves_when_played():
    st = make_state(player(hand=[248] + [1] * 7, deck=TEST_DECK))
    s = play(st, 0, 1).state
    assert s.p[0].hand[0] != 248


def test_discarded_cursed_card_comes_back_unrevealed():
    st = make_state(player(hand=[248] + [1] * 7, deck=TEST_DECK, rev=[True] + [False] * 7),
                    hidden=True)
    s = discard(st, 0, 1).state
    assert s.p[0].hand[0] == 248 and s.p[0].new[0] and not s.p[0].rev[0]
    assert s.p[0].disc == [[], []]


# ------------------------------------------------------------------ §11 keywords
def test_token_gain_basic_plus_bonus_for_other_cards():
    # Elven archer (Alliance 17 + 3 per other Alliance card); two other archers in hand
    st = make_state(player(hand=[272, 272, 272, 1, 1, 1, 1, 1], recruits=20,
                           tokens=[("Alliance", 10)], deck=TEST_DECK))
    s = play(st, 0, 1).state
    assert s.p[0].tok[0] == 10 + 17 + 3 * 2
    assert s.p[0].tok_ch[0] == 23


def test_token_trigger_resets_counter_and_marks_minus_100():
    # Alliance at 100: production x2 this turn, counter reset, change shown as -100
    st = make_state(player(hand=[272] + [1] * 7, recruits=20, bricks=0, quarry=3,
                           tokens=[("Alliance", 95)], deck=TEST_DECK))
    s = play(st, 0, 1).state
    P = s.p[0]
    assert P.tok[0] == 0
    assert P.a[5] == 6  # bricks production 3 x2
    assert P.tok_ch[0] == -95


def test_token_change_shown_as_minus_100_when_round_total_is_zero():
    # inside a Quick chain the round's accumulated change (+95) is cancelled by the trigger
    p = player(hand=[272] + [1] * 7, recruits=20, tokens=[("Alliance", 95)], deck=TEST_DECK,
               hist=[(320, 0, "play")])
    p.tok_ch = [95, 0, 0]
    s = play(make_state(p), 0, 1).state
    assert s.p[0].tok[0] == 0 and s.p[0].tok_ch[0] == -100


def test_no_counter_no_gain():
    st = make_state(player(hand=[272] + [1] * 7, recruits=20, tokens=[("Mage", 3)],
                           deck=TEST_DECK))
    assert play(st, 0, 1).state.p[0].tok == [3, 0, 0]


def test_durable_keeps_card_and_reveals():
    st = make_state(player(hand=[350] + [1] * 7, deck=TEST_DECK), hidden=True)
    s = play(st, 0, 1).state
    assert s.p[0].hand[0] == 350 and s.p[0].rev[0]


def test_enduring_attacks_when_played_twice_in_a_row():
    p = player(hand=[412] + [1] * 7, gems=20, recruits=20, deck=TEST_DECK,
               hist=[(412, 0, "play")])
    s = play(make_state(p, player(wall=0, tower=50, bricks=0, gems=0, recruits=0)), 0, 1).state
    assert s.p[1].a[0] == 50 - 12


def test_frenzy_needs_a_neighbour():
    base = dict(recruits=40, deck=TEST_DECK)
    far = make_state(player(hand=[536, 1, 1, 1, 1, 1, 1, 600], **base),
                     player(wall=0, tower=90))
    near = make_state(player(hand=[536, 600, 1, 1, 1, 1, 1, 1], **base),
                      player(wall=0, tower=90))
    t_far = play(far, 0, 1).state.p[1].a[0]
    t_near = play(near, 0, 1).state.p[1].a[0]
    # Rage of Urk (rare, 18 recruits): extra attack round(3 x 18 / 3) = 18
    assert t_far - t_near == 18


def test_charge_direct_damage_without_wall():
    from games.engine.cards.model import CARDS
    charge = next(c for c in CARDS[1:] if c and c.implemented and "Charge" in c.kw)
    assert charge.kw_param["Charge"] > 0


# ------------------------------------------------------------------ §12 victory
def _vst(t0, t1, **kw):
    return make_state(player(tower=t0, **kw.get("p0", {})), player(tower=t1, **kw.get("p1", {})),
                      round=kw.get("round", 5))


@pytest.mark.parametrize("t0, t1, expected", [
    (5, 0, (0, "Destruction")), (0, 5, (1, "Destruction")), (0, 0, (None, "Draw")),
    (100, 50, (0, "Construction")), (50, 100, (1, "Construction")),
    (100, 100, (None, "Draw")), (0, 100, (1, "Destruction")), (50, 50, None)])
def test_victory_precedence(t0, t1, expected):
    assert check_victory(_vst(t0, t1), 0) == expected


def test_resource_victory_and_self_destruction_loses():
    st = _vst(50, 50, p0={"bricks": 400})
    assert check_victory(st, 0) == (0, "Resource")
    st = _vst(0, 50, p0={"bricks": 400})
    assert check_victory(st, 0) == (1, "Destruction")


@pytest.mark.parametrize("p0, p1, expected", [
    ({"tower": 40}, {"tower": 30}, 0), ({"wall": 10}, {"wall": 20}, 1),
    ({"quarry": 5}, {}, 0), ({}, {"gems": 9}, 1), ({}, {}, None)])
def test_timeout_tie_breaks(p0, p1, expected):
    st = make_state(player(**p0), player(**p1), round=250)
    assert check_victory(st, 0) == (expected, "Timeout" if expected is not None else "Draw")
    st.round = 249
    assert check_victory(st, 0) is None


def test_round_advances_on_final_turn():
    st = make_state(player(hand=[7] + [1] * 7, deck=TEST_DECK), player(tower=2, wall=0),
                    round=9)
    s = play(st, 0, 1).state
    assert s.status == "finished" and s.winner == 0 and s.outcome == "Destruction"
    assert s.round == 10


# ------------------------------------------------------------------ §13 view / preview
def test_view_for_masks_opponent_hand_in_hidden_mode():
    st = make_state(player(hand=[1, 2, 3, 5, 7, 24, 26, 297]),
                    player(hand=[297, 1, 2, 3, 5, 7, 24, 26],
                           rev=[False, True] + [False] * 6, new=[True] * 8), hidden=True)
    v = view_for(st, 0)
    assert v["players"][0]["hand"] == [1, 2, 3, 5, 7, 24, 26, 297]
    assert v["players"][1]["hand"] == [None, 1] + [None] * 6
    assert v["players"][1]["new"] == [True] * 8
    assert "deck" not in repr(v) and "rng" not in v and "seed" not in v
    st.status = "finished"
    assert view_for(st, 0)["players"][1]["hand"][0] == 297
    st.hidden = False
    st.status = "in progress"
    assert view_for(st, 0)["players"][1]["hand"][0] == 297


def test_preview_disabled_in_hidden_mode_and_pure():
    st = make_state(player(hand=[1] * 8, wall=0, deck=TEST_DECK))
    pv = preview(st, 0, 1)
    assert pv.state.p[0].a[1] == 10 and st.p[0].a[1] == 0
    assert pv.state.round == st.round and pv.uncertain is False
    st.hidden = True
    with pytest.raises(EngineError) as e:
        preview(st, 0, 1)
    assert e.value.code == "preview_hidden"


def test_deck_fixtures_hold_what_the_tests_assume():
    # DECK: 45 different real cards, 15 per section
    assert [len(section) for section in DECK] == [15, 15, 15]
    assert len({cid for section in DECK for cid in section}) == 45
    assert all(card(cid).implemented for section in DECK for cid in section)
    # TEST_DECK: RARE_ID is a rare card that only its rare section holds
    common, uncommon, rare = TEST_DECK
    assert len(common) == len(uncommon) == len(rare) == 15
    assert card(RARE_ID).rarity == "Rare" and set(rare) == {RARE_ID}
    assert all(card(cid).rarity != "Rare" for cid in common + uncommon)
