"""Cards 651-700: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0601_0650.py (default players, Caravan fillers, round 6).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card, stock_tuple, stocked

run = partial(play_card, rich=None)
rich = partial(stocked, 60)


def test_652_tsunami_discards_the_enemy_hand():
    en_hand = [30, 64, 67, 70, 81, 99, 100, 9]  # all rare
    _a, _b, rec, st = run(652, me={"gems": 15}, enemy={"hand": en_hand})
    assert all(CARDS[c].rank < 2 for c in st.p[1].hand)
    assert sorted(st.p[0].disc[1]) == sorted(en_hand)
    assert rec["next_card"] == 0  # Durable


def test_654_academy_stops_highest_facility():
    a, _b, _r, _s = run(654, me=rich(quarry=5, magic=1, dungeons=3))
    assert a["tower"] == 45 and a["magic"] == 2
    assert stock_tuple(a) == (50, 52, 53)  # quarry produces nothing


def test_655_elven_market_loses_per_non_alliance_card():
    hand = [655, 111, 111] + [FILL] * 5  # 5 non-Alliance cards
    a, _b, _r, _s = run(655, hand=hand, me=rich())
    assert sum(stock_tuple(a)) == 60 + 60 + 59 - 5 + 18


def test_656_orc_engineer_caps_at_65():
    a, _b, _r, _s = run(656, me={"tower": 60})
    assert a["tower"] == 65 and a["quarry"] == 2
    a, _b, _r, _s = run(656, me={"tower": 70})
    assert a["tower"] == 70
    a, _b, _r, _s = run(656)
    assert a["tower"] == 47


def test_658_orc_banner():
    a, _b, _r, st = run(658, mode=4)
    c = CARDS[st.p[0].hand[3]]
    assert a["tower"] == 32 and a["recruits"] == 9 + 6
    assert "Horde" in c.kw and c.rank < 2


def test_659_elven_rogue():
    en_hand = [111, 111] + [FILL] * 6
    a, b, _r, _s = run(659, enemy={"hand": en_hand})
    assert b["wall"] == 19 and sum(stock_tuple(b)) == 30 - 2
    assert sum(stock_tuple(a)) == 30 - 6 + 2 + 9


def test_660_ambassador_counts_foreign_cards():
    hand = [660, 100, 200, 300, 400, 500, 1, 2]  # 660 + 5 more not in the deck (ids 1-45)
    a, _b, _r, _s = run(660, hand=hand)
    assert stock_tuple(a) == (15 + 4 + 3, 5 + 4 + 3, 10 + 4 + 3)
    a, _b, _r, _s = run(660, hand=[660, 1, 2, 3, 4, 5, 6, 7])
    assert stock_tuple(a) == (19, 9, 14)


def test_661_river_knight():
    _a, b, _r, _s = run(661, hand=[661, 521, 521] + [FILL] * 5, me={"gems": 4, "recruits": 4})
    assert b["wall"] == 25 - 8


def test_662_moon_empire():
    _a, _b, rec, st = run(662, me={"gems": 1})
    assert sorted(st.p[0].hand) == sorted([487, 433, 51, 76, 681, 638, 583, 641])
    assert rec["next_card"] == 0


def test_664_alchemist_evens_out_the_stock():
    a, _b, _r, _s = run(664, me={"bricks": 20, "gems": 0, "recruits": 5})
    assert stock_tuple(a) == (8 + 3, 8 + 3, 8 + 3)  # 25 / 3 = 8.33


def test_665_huo_ryu():
    _a, b, _r, _s = run(665, hand=[665, 440] + [FILL] * 6, me=rich(),
                        enemy={"hand": [440] + [FILL] * 7, "tower": 80, "wall": 20})
    assert b["wall"] == 0 and b["tower"] == 80 - 40  # 30 + 3 Dragons x 10


def test_666_tavern():
    hand = [666, 20, 68, 60] + [FILL] * 4  # Runic 666 + Soldier + Barbarian + Runic
    a, _b, _r, _s = run(666, hand=hand)
    assert a["wall"] == 25 + 4 and a["recruits"] == 10 + 4 + 3


def test_667_prairie():
    hand = [667, 7, 7] + [FILL] * 5  # two attack cards, 5 others (Prairie not counted)
    a, _b, _r, _s = run(667, hand=hand)
    assert sum(stock_tuple(a)) == 30 - 1 + 5 + 9


def test_669_steelbeard_plants_hidden_treasure():
    en_hand = [FILL, 30, FILL, FILL, FILL, FILL, FILL, FILL]
    a, _b, rec, st = run(669, enemy={"hand": en_hand}, hidden=True)
    assert st.p[1].hand[1] == 274 and st.p[1].rev[1]
    assert stock_tuple(a) == (15, 5, 4)  # production x0
    assert rec["next_card"] == 0  # Durable


def test_669_steelbeard_twice_in_a_row_does_nothing():
    en_hand = [FILL, 30] + [FILL] * 6
    a, _b, _r, st = run(669, enemy={"hand": en_hand}, me={"hist": [(669, 0, "play")]})
    assert st.p[1].hand[1] == 30 and stock_tuple(a) == (18, 8, 7)


def test_670_mother_of_dragons():
    _a, _b, _r, st = run(670, mode=2, me={"recruits": 12})
    c = CARDS[st.p[0].hand[1]]
    assert "Dragon" in c.kw and c.rarity == "Rare"


def test_671_sellsword_from_outside_the_deck():
    _a, b, _r, _s = run(671, me={"recruits": 40}, enemy={"wall": 50, "tower": 80})
    assert b["wall"] == 0 and b["tower"] == 40


def test_671_sellsword_from_the_deck():
    deck = ((671,) * 15, (671,) * 15, (671,) * 15)
    a, b, _r, _s = run(671, me={"recruits": 40, "deck": deck})
    assert b["wall"] == 0 and b["tower"] == 25 and a["recruits"] == 23


def test_672_dreamweaver():
    _a, b, rec, _s = run(672, me={"gems": 11})
    assert b["wall"] == 3 and rec["next_card"] in (620, 592)


def test_674_spirit_of_air_neighbours():
    _a, _b, rec, st = run(674, pos=3)
    for i in (1, 3):
        c = CARDS[st.p[0].hand[i]]
        assert "Aria" in c.kw and c.rank >= 1 and c.id != 674
    assert rec["next_card"] == -1


def test_676_steam_golem():
    a, b, rec, st = run(676, pos=3, me=rich(), enemy={"wall": 50})
    assert st.p[0].hand[1:4] == [247, 349, 247] and rec["next_card"] == 0
    assert b["wall"] == 12
    assert sum(stock_tuple(a)) == 180 - 42 + 21 + 9 + 9  # Charge (18): 9 random resources


def test_677_stymphalian_birds():
    _a, b, _r, _s = run(677, enemy={"dungeons": 5})
    assert b["wall"] == 20 and b["recruits"] == 5


def test_678_goblin_emperor_moves_into_the_chosen_slot():
    _a, b, rec, st = run(678, pos=3, mode=7, me={"recruits": 30})
    h = st.p[0].hand
    assert b["wall"] == 0 and h[6] == 678
    assert "Horde" in CARDS[h[1]].kw and "Horde" in CARDS[h[3]].kw
    assert rec["next_card"] == -1


def test_680_iskander():
    _a, b, _r, _s = run(680, me={"recruits": 60}, enemy={"tower": 100, "wall": 50})
    assert b["wall"] == 0 and b["tower"] == 60 - 40  # Charge (40) after the wall fell


def test_681_shogun():
    a, b, _r, _s = run(681, me={"quarry": 5}, enemy={"magic": 6})
    assert (a["tower"], a["wall"]) == (41, 36) and b["tower"] == 30 - 12


def test_682_windmill():
    a, _b, _r, _s = run(682, hand=[682, 247, 247] + [FILL] * 5)
    assert a["tower"] == 32 and sum(stock_tuple(a)) == 30 - 2 + 3 + 9


def test_684_apostate_same_rarity_horde():
    a, _b, _r, st = run(684, mode=2, hand=[684, 30] + [FILL] * 6, me={"gems": 10})
    c = CARDS[st.p[0].hand[1]]
    assert "Horde" in c.kw and c.rarity == "Rare"
    assert a["recruits"] == 10 + 9


def test_685_faceless_attacks_for_the_replaced_cost():
    en_hand = [FILL, FILL, 7, FILL, FILL, FILL, FILL, FILL]  # 7: common, total cost 5
    _a, b, _r, st = run(685, mode=3, enemy={"hand": en_hand})
    assert st.p[1].hand[2] in range(1, 16) and b["wall"] == 25 - CARDS[7].total_cost


def test_685_faceless_ignores_non_common_cards():
    en_hand = [FILL, FILL, 30, FILL, FILL, FILL, FILL, FILL]
    _a, b, _r, st = run(685, mode=3, enemy={"hand": en_hand})
    assert st.p[1].hand[2] == 30 and b["wall"] == 25


def test_686_titan_soldier():
    _a, b, _r, st = run(686, mode=5, hand=[686, 1, 1, 1, 61, 1, 1, 1],
                        me={"tokens": (("Titan", 30),)})
    assert b["wall"] == 22 and st.p[0].tok[0] == 40 and st.p[0].hand[4] != 61


def test_687_miriam():
    a, _b, rec, _s = run(687, me={"recruits": 16})
    assert stock_tuple(a) == (15 + 12, 5 + 12, 12)
    c = CARDS[rec["next_card"]]
    assert "Alliance" in c.kw and c.rank >= 1


def test_688_elven_woods():
    a, _b, rec, _s = run(688, hand=[688, 111] + [FILL] * 6)
    assert a["wall"] == 27 and "Alliance" in CARDS[rec["next_card"]].kw


def test_689_mountain_dragon():
    a, _b, _r, _s = run(689, me=rich(bricks=55, recruits=25))
    assert (a["tower"], a["wall"]) == (30 + 13, 25 + 25)  # N = 25 bricks left


def test_690_dryad_of_miriam_even_wall():
    a, b, _r, _s = run(690, enemy={"wall": 23})
    assert b["wall"] == 20 and a["recruits"] == 8 + 6
    a, b, _r, _s = run(690, enemy={"wall": 24})
    assert b["wall"] == 21 and a["recruits"] == 8 + 3


def test_691_barbzs_hideout():
    hand = [691, 30, 12, 12] + [FILL] * 4  # 2 rare, 2 uncommon, 4 common
    a, _b, _r, _s = run(691, hand=hand, me={"bricks": 30})
    assert (a["quarry"], a["tower"], a["wall"]) == (5, 40, 25 + 32)


def test_693_myth_summoner():
    a, _b, rec, _s = run(693, me={"gems": 12, "magic": 5})
    assert a["magic"] == 6 and rec["next_card"] in (616, 577, 604, 634)


def test_694_harpy_vanguard():
    _a, b, rec, _s = run(694)
    assert (b["tower"], b["wall"]) == (29, 24) and "Aria" in CARDS[rec["next_card"]].kw


def test_695_harpy_warrior():
    hand = [695, 247, 30] + [FILL] * 5  # Aria: 695, 247; non-common: 695, 30
    _a, b, _r, _s = run(695, hand=hand, me={"recruits": 6})
    assert b["wall"] == 25 - 8


def test_697_harpy_queen_turns_builders_into_wind():
    en_hand = [FILL, 18, 19, 7, FILL, FILL, FILL, FILL]  # tower +, wall +, attack
    _a, b, _r, st = run(697, me=rich(), enemy={"hand": en_hand, "wall": 0})
    assert st.p[1].hand[1:4] == [247, 247, 7]
    assert b["tower"] == 30 - 15 - 10


def test_698_justice():
    a, b, _r, _s = run(698, me={"tower": 20}, enemy={"wall": 10})
    assert (a["tower"], b["tower"]) == (30, 30) and (a["wall"], b["wall"]) == (25, 20)
    a, b, _r, _s = run(698)
    assert (a["tower"], b["tower"], a["wall"], b["wall"]) == (40, 40, 35, 35)


def test_699_einzbern_castle():
    hand = [699, 40, 30] + [FILL] * 5  # Illusion: 699, 40; rare: 30
    a, _b, _r, _s = run(699, hand=hand, me={"bricks": 17})
    assert (a["tower"], a["wall"]) == (42, 34)


def test_700_templar_castle():
    a, _b, _r, _s = run(700, me={"bricks": 20, "dungeons": 3})
    assert a["tower"] == 50 and a["dungeons"] == 4
    a, _b, _r, _s = run(700, me={"bricks": 20, "tower": 45, "dungeons": 4})
    assert a["tower"] == 50 and a["dungeons"] == 4
    a, _b, _r, _s = run(700, me={"bricks": 20, "tower": 60})
    assert a["tower"] == 60
