"""Cards 701-750: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0601_0650.py (default players, Caravan fillers, round 6).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import FILL, play_card, stock_tuple, stocked

run = partial(play_card, rich=None)
rich = partial(stocked, 60)


def test_701_stone_dragon():
    a, b, _r, _s = run(701, me={"bricks": 30})
    assert b["wall"] == 5 and a["wall"] == 50 and a["bricks"] == 9


def test_702_centaur_champion():
    a, b, _r, _s = run(702, me={"recruits": 40}, enemy={"wall": 10, "tower": 60})
    assert b["wall"] == 0 and b["tower"] == 40 - 30  # Charge (30) hits the bare tower
    assert a["recruits"] == 12


def test_703_northern_scout():
    a, _b, _r, _s = run(703, enemy={"wall": 45})
    assert a["wall"] == 25 + 5 and a["recruits"] == 10 + 5 + 3  # 4.5 rounds up
    a, _b, _r, _s = run(703, enemy={"wall": 44})
    assert a["wall"] == 29


def test_704_gate_of_babylon():
    _a, _b, rec, st = run(704, pos=8)
    assert CARDS[st.p[0].hand[6]].rarity == "Rare" and st.p[0].hand[7] == 704
    assert rec["next_card"] == 0  # Durable


def test_705_overlords_castle():
    a, _b, _r, _s = run(705, hand=[705, 13, 13] + [FILL] * 5)
    assert (a["tower"], a["wall"]) == (42, 40) and stock_tuple(a) == (15, 5, 10)


def test_706_talos():
    _a, b, _r, _s = run(706, me=rich(quarry=4), enemy={"wall": 50})
    assert b["wall"] == 50 - (10 + 4 * 10)


def test_708_darkling():
    en_hand = [FILL] * 3 + [7] * 5  # three zero-cost cards
    a, b, _r, _s = run(708, enemy={"hand": en_hand})
    assert a["wall"] == 27 and sum(stock_tuple(b)) == 27 and sum(stock_tuple(a)) == 30 - 1 + 3 + 9


def test_709_shield_guard():
    a, _b, rec, _s = run(709)
    c = CARDS[rec["next_card"]]
    assert a["wall"] == 32
    assert c.cost_class == "bricks" and not c.kw and "wall_plus" in c.classes


def test_710_acnologia():
    _a, b, _r, _s = run(710, me={"recruits": 45}, enemy={"tower": 50, "magic": 5})
    assert b["tower"] == 15 and b["magic"] == 4 and b["wall"] == 25


def test_711_mana_spring():
    a, _b, _r, _s = run(711, me={"magic": 5, "bricks": 20})
    assert a["magic"] == 6 and a["bricks"] == 20 + 10 + 3


def test_712_cheshire_rerolls_rares():
    deck = (tuple(range(1, 16)), tuple(range(16, 31)), (600,) * 15)
    hand = [712, 30, 64, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(712, hand=hand, me={"gems": 7, "deck": deck})
    assert st.p[0].hand[1:3] == [600, 600]
    c = CARDS[rec["next_card"]]
    assert "Illusion" in c.kw and c.rarity == "Rare"


def test_713_ziz():
    _a, b, _r, _s = run(713, hand=[713, 247] + [FILL] * 6, me=rich())
    assert b["tower"] == 10 and b["wall"] == 25


def test_714_kitsune_replaces_by_rarity():
    deck = ((1,) * 15, (12,) * 15, (30,) * 15)
    en_hand = [FILL, 15, 64, FILL, FILL, FILL, FILL, FILL]  # common, uncommon, rare
    _a, b, _r, st = run(714, me={"gems": 12, "deck": deck}, enemy={"hand": en_hand})
    assert st.p[1].hand == [1, 12, 30, 1, 1, 1, 1, 1]
    assert b["wall"] == 0 and b["tower"] == 29


def test_715_phantom_unicorn():
    deck = ((2,) * 15, (12,) * 15, (30,) * 15)
    en_hand = [FILL, 51, 212, 7, FILL, FILL, FILL, FILL]  # 51 discards, 212 replaces
    _a, b, _r, st = run(715, me=rich(), enemy={"hand": en_hand, "deck": deck})
    assert st.p[1].hand[1:4] == [2, 2, 7] and b["wall"] == 0


def test_716_heimdall():
    _a, b, rec, _s = run(716, me=rich())
    c = CARDS[rec["next_card"]]
    assert b["wall"] == 0 and b["tower"] == 25
    assert "Far sight" in c.kw and c.rarity == "Rare"


def test_717_book_of_eternity():
    deck = ((2,) * 15, (12,) * 15, (30,) * 15)
    _a, _b, rec, st = run(717, pos=3, me={"deck": deck})
    h = st.p[0].hand
    assert h[2] == 717 and all(c in (2, 12, 30) for i, c in enumerate(h) if i != 2)
    assert rec["next_card"] == 0


def test_718_dwarven_kingdom():
    _a, _b, rec, st = run(718)
    h = [CARDS[c] for c in st.p[0].hand]
    assert all("Runic" in c.kw for c in h)
    assert sorted(c.rank for c in h) == [0, 0, 0, 1, 1, 1, 2, 2]
    assert rec["next_card"] == 0


def test_720_ocean_king():
    a, _b, _r, _s = run(720, me=rich())
    assert (a["tower"], a["wall"], a["quarry"]) == (70, 65, 4)


def test_722_balrog_burns_four_keywords():
    en_hand = [FILL, 111, 153, 60, 20, 299, FILL, FILL]
    a, b, _r, st = run(722, me=rich(), enemy={"hand": en_hand, "wall": 40})
    assert st.p[1].hand[1:6] == [248, 248, 248, 248, 299]
    assert b["wall"] == 0 and b["tower"] == 20
    assert a["tower"] + a["wall"] == 30 + 25 - 4  # Demonic: tower or wall -4


def test_723_hell_charger():
    a, b, _r, _s = run(723)
    assert b["wall"] == 18 and a["tower"] + a["wall"] == 53


def test_724_quasit_counts_unaffordable_cards():
    hand = [724, 61, 61] + [FILL] * 5  # 61 costs more than 10 recruits
    a, _b, _r, _s = run(724, hand=hand, enemy={"hand": [61] + [FILL] * 7})
    assert sum(stock_tuple(a)) == 30 + 3 + 9


def test_726_cerberus():
    a, b, _r, st = run(726, pos=4, me={"recruits": 28}, hidden=True)
    assert st.p[1].hand[2:5] == [381, 381, 381] and all(st.p[1].rev[2:5])
    assert b["wall"] == 0 and b["tower"] == 25
    assert a["recruits"] == 6 and a["wall"] == 21  # Demonic: recruits cost -> wall -4


def test_727_owlverlord():
    a, b, _r, _s = run(727, hand=[727, 43, 43, 43, 43] + [FILL] * 3)
    assert b["wall"] == 22
    assert (a["gems"], a["recruits"]) == (5 - 2 + 4 + 3, 10 - 2 + 4 + 3)


def test_728_whirlpool():
    deck = ((2,) * 15, (12,) * 15, (30,) * 15)
    _a, _b, _r, st = run(728, pos=4, me={"deck": deck})
    h = st.p[0].hand
    assert h[2] in (2, 12, 30) and h[4] in (2, 12, 30) and h[0] == FILL
    assert st.p[0].disc[0] == [FILL, FILL]


def test_729_hydromancer():
    _a, b, _r, st = run(729, mode=5, me={"gems": 7})
    assert b["wall"] == 19 and st.p[0].hand[4] == 728


def test_731_ancient_city():
    a, _b, rec, _s = run(731, me={"bricks": 36})
    assert a["wall"] == 65 and stock_tuple(a) == (9, 14, 19)
    assert "Legend" in CARDS[rec["next_card"]].kw


def test_733_treetop_village():
    a, _b, rec, _s = run(733, me=rich())
    assert a["wall"] == 40 and stock_tuple(a) == (50 + 6, 49 + 6, 60 + 6)
    assert "Alliance" in CARDS[rec["next_card"]].kw


def test_734_darklord_vashna():
    a, b, rec, _s = run(734, hand=[734, 43] + [FILL] * 6, me=rich(), enemy={"wall": 50})
    assert b["wall"] == 10
    assert "Demonic" in CARDS[rec["next_card"]].kw


def test_735_geomancer():
    a, b, rec, _s = run(735, me=rich())
    assert a["wall"] == 60 and b["quarry"] == 5 and rec["next_card"] in (100, 616, 221)


def test_736_reliquary():
    hand = [736, 139, 139] + [FILL] * 5  # 3 Holy cards
    a, _b, _r, _s = run(736, hand=hand, me=rich())
    assert (a["tower"], a["wall"]) == (39, 37)
    assert stock_tuple(a) == (60 - 18 + 6 + 3, 60 - 16 + 6 + 3, 60 + 6 + 3)


def test_737_blood_shrine():
    a, _b, _r, _s = run(737)
    assert (a["tower"], a["wall"]) == (39, 34)
    assert sum(stock_tuple(a)) == 30 - 15 - 2 + 9  # Demonic: 2 random resources lost


def test_739_crystalline_lotus():
    a, _b, _r, _s = run(739)
    assert stock_tuple(a) == (24, 14, 19)


def test_741_treasure_cave_modes():
    for mode, res in ((1, (60, 0, 0)), (2, (0, 40, 0)), (3, (0, 0, 50))):
        a, _b, _r, _s = run(741, mode=mode, me={"bricks": 10, "gems": 10, "recruits": 10})
        assert stock_tuple(a) == tuple(x + 3 for x in res)


def test_742_goblin_lair():
    a, _b, _r, _s = run(742)
    assert (a["quarry"], a["dungeons"]) == (1, 5)


def test_743_storm_temple():
    a, _b, _r, _s = run(743, me=rich())
    assert (a["tower"], a["wall"], a["magic"]) == (35, 40, 4)


def test_744_rainbow_fairy_summons_noncommon_from_deck():
    _a, _b, rec, _s = run(744)
    assert 16 <= rec["next_card"] <= 45


def test_745_foulhorn_modes():
    a, b, _r, _s = run(745, mode=1, me=rich(), enemy={"wall": 36})
    assert b["wall"] == 0 and a["wall"] in (63, 59)  # Demonic may cost tower or resources
    a, _b, _r, _s = run(745, mode=2, me=rich())
    assert a["wall"] == 25 and a["gems"] >= 60 - 24 + 18 + 3 - 4


def test_746_marzanna():
    a, b, _r, st = run(746, mode=2, enemy=rich())
    assert st.p[0].hand[1] in (241, 304, 485)
    assert sum(stock_tuple(b)) == 160 and stock_tuple(a) == (15, 5, 10)


def test_747_air_nomad():
    a, _b, rec, st = run(747, pos=2, hidden=True)
    assert st.p[1].hand[1] == 247 and st.p[1].rev[1]
    assert rec["next_card"] in (509, 497, 679) and stock_tuple(a) == (15, 5, 10)


def test_748_altruism():
    a, b, _r, _s = run(748, me={"magic": 6}, enemy={"dungeons": 1})
    assert a["magic"] == 5 and b["dungeons"] == 2


def test_748_altruism_tie_hits_both():
    a, b, _r, _s = run(748, me={"magic": 6, "quarry": 1}, enemy={"magic": 6, "quarry": 1})
    assert (a["magic"], b["magic"]) == (5, 5) and (a["quarry"], b["quarry"]) == (2, 2)


def test_749_troll_commander():
    hand = [749, 13, 89] + [FILL] * 5  # 13: common Horde, 89: uncommon Horde
    a, b, _r, st = run(749, hand=hand, me={"recruits": 25})
    c = CARDS[st.p[0].hand[1]]
    assert "Horde" in c.kw and c.rarity == "Uncommon" and st.p[0].hand[2] == 89
    assert b["wall"] == 5 and a["recruits"] == 25 - 25 + 15 + 3


def test_750_white_whale():
    _a, b, _r, st = run(750, me={"gems": 26}, enemy={"wall": 0, "tower": 80})
    assert b["tower"] == 30
    assert sorted(st.p[1].hand) == sorted([699, 601, 592, 592, 557, 557, 40, 40])
