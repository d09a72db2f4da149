"""Cards 501-550: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0451_0500.py (actor with 60 of each resource, Caravan
fillers, round 6).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import DECK, FILL, net_gain, play_card, stock_tuple

RICH = 60
run = partial(play_card, rich=RICH)
net = partial(net_gain, start=RICH)


def test_501_secret_temple_modes():
    a, _b, _r, _s = run(501, mode=1)
    assert a["wall"] == 31
    a, _b, _r, _s = run(501, mode=2)
    assert net(a, 501) == (0, 4, 0)
    _a, b, _r, _s = run(501, mode=3)
    assert b["recruits"] == 7


def test_502_orc_brute():
    _a, b, _r, _s = run(502)
    assert (b["tower"], b["wall"]) == (27, 21)


def test_507_sea_lord():
    a, b, _r, _s = run(507)
    assert b["wall"] == 5 and net(a, 507) == (0, 15, 15)


def test_508_javeliner_rounds_a_tenth_of_the_enemy_tower():
    _a, b, _r, _s = run(508, enemy={"tower": 45})
    assert b["tower"] == 38  # 2 + 4.5 rounded up
    _a, b, _r, _s = run(508, enemy={"tower": 44})
    assert b["tower"] == 38  # 2 + 4.4 rounded down
    _a, b, _r, _s = run(508)
    assert (b["tower"], b["wall"]) == (25, 25)


def test_510_master_hunter_discards_the_costliest_recruits_card():
    en_hand = [FILL, 45, 20, FILL, 45, FILL, FILL, FILL]  # Marauder 3, Duelist 10 recruits
    _a, b, _r, st = run(510, enemy_hand=en_hand)
    B = st.p[1]
    assert b["wall"] == 12
    assert B.hand[1] == 45 and B.hand[4] == 45 and B.new[2] and st.p[0].disc[1] == [20]


# ---------------------------------------------------------------- 511-520
def test_513_veteran_militia_same_rarity_from_deck():
    hand = [513, FILL, 17, 40, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(513, hand=hand, mode=3)
    A = st.p[0]
    assert A.hand[2] in DECK[2] and A.new[2] and A.disc[0] == [17]
    assert rec["production"] == [0, 0, 0] and st.current == 0  # Quick
    _a, _b, _r, st = run(513, hand=hand, mode=4)
    assert st.p[0].hand[3] in DECK[1]
    _a, _b, rec, st = run(513, hand=hand, mode=1)  # its own slot: an uncommon replaces it
    assert st.p[0].hand[1:] == hand[1:] and st.p[0].disc[0] == []
    assert st.p[0].hand[0] in DECK[1] and rec["next_card"] == 0


def test_514_firestorm_hits_the_player_with_fewer_burning_cards():
    a, b, _r, _s = run(514)
    assert stock_tuple(b) == (8, 0, 3)  # 7 + 5 + 7 = 19 actually lost
    assert b["wall"] == 6 and net(a, 514) == (0, 0, 0)
    a, b, _r, _s = run(514, enemy_hand=[459] + [FILL] * 7)  # tie: both burn
    assert stock_tuple(b) == (8, 0, 3) and b["wall"] == 6
    assert net(a, 514) == (-7, -7, -7) and a["wall"] == 4  # 21 lost


def test_515_koschei_the_deathless():
    _a, b, rec, st = run(515)
    assert b["wall"] == 5 and rec["next_card"] == 0 and st.p[0].hand[0] == 515


def test_517_cockatrice():
    a, b, _r, _s = run(517, enemy={"recruits": 11})
    assert net(a, 517)[0] == 6 and b["recruits"] == 0 and b["wall"] == 5


def test_518_thieves_guild():
    a, b, rec, _s = run(518)
    assert a["tower"] == 33 and stock_tuple(b) == (14, 4, 9)
    assert "Brigand" in CARDS[rec["next_card"]].kw


def test_519_lake_fairy():
    hand = [519, 454, 454, FILL, FILL, FILL, FILL, FILL]
    a, _b, _r, st = run(519, hand=hand, mode=4)
    assert net(a, 519) == (0, 3, 0)
    c = CARDS[st.p[0].hand[3]]
    assert "Nature" in c.kw and c.rank == 0 and st.p[0].new[3]
    a, _b, rec, st = run(519, hand=[519] + [454] * 7, mode=1)
    assert net(a, 519) == (0, 4, 0)  # at most 4
    c = CARDS[st.p[0].hand[0]]  # its own slot: the Nature card replaces it, no draw
    assert "Nature" in c.kw and c.rank == 0 and rec["next_card"] == 0


def test_520_desert_outpost():
    a, _b, _r, _s = run(520)
    assert (a["tower"], a["wall"]) == (35, 35) and net(a, 520) == (0, 4, 4)


# ---------------------------------------------------------------- 521-530
def test_521_mermaid():
    _a, b, _r, _s = run(521)
    assert (b["tower"], b["wall"]) == (28, 23) and stock_tuple(b) == (13, 3, 8)


def test_522_sunken_ruins():
    hand = [522, 521, 521, FILL, FILL, FILL, FILL, FILL]
    a, _b, _r, _s = run(522, hand=hand)
    assert (a["tower"], a["wall"]) == (32, 28)  # N = 3: 1.5 rounds to 2


def test_523_whale():
    _a, b, _r, _s = run(523)
    assert (b["tower"], b["wall"]) == (20, 15) and stock_tuple(b) == (5, 0, 0)


def test_525_poseidons_wrath():
    a, b, _r, _s = run(525, enemy_hand=[521] + [FILL] * 7)  # I hold fewer Aqua cards
    assert (a["tower"], a["wall"]) == (15, 10) and net(a, 525) == (-10, -10, -10)
    assert (b["tower"], b["wall"]) == (30, 25)
    a, b, _r, _s = run(525)  # tie: both suffer
    assert (b["tower"], b["wall"]) == (15, 10) and stock_tuple(b) == (5, 0, 0)


def test_526_princess_of_elves_summons_from_the_enemy_deck():
    deck = (DECK[0], DECK[1], (521,) * 15)
    a, _b, rec, _s = run(526, enemy={"deck": deck})
    assert net(a, 526) == (5, 5, 5) and rec["next_card"] == 521


def test_527_elven_priestesses():
    _a, _b, rec, _s = run(527, me={"quarry": 3, "magic": 2, "dungeons": 4})
    assert rec["production"] == [1, 2, 1]


def test_528_legacy_of_barbz():
    _a, _b, _r, st = run(528)  # the enemy has 8 common cards, I have 7
    changed = [c for c in st.p[1].hand if c != FILL]
    assert len(changed) == 1 and changed[0] in DECK[2]
    assert all(c == FILL for c in st.p[0].hand[1:])
    _a, _b, _r, st = run(528, enemy_hand=[17] + [FILL] * 7)  # tie: both
    assert len([c for c in st.p[1].hand[1:] if c != FILL]) == 1
    assert len([c for c in st.p[0].hand[1:] if c != FILL]) == 1


def test_529_waterfall():
    a, _b, _r, _s = run(529)
    assert a["wall"] == 20 and net(a, 529) == (3, 3, 3)


# ---------------------------------------------------------------- 531-540
def test_532_pixie():
    a, _b, _r, _s = run(532)
    assert net(a, 532) == (3, 3, 3)  # 8 commons: 4 - 1
    a, _b, _r, _s = run(532, hand=[532, FILL, FILL, FILL, 17, 17, 17, 17])
    assert net(a, 532) == (1, 1, 1)  # 4 commons: 2 - 1


def test_533_chaos_gargoyle():
    hand = [533, 17, FILL, 17, 17, 17, 17, 17]
    a, b, rec, st = run(533, hand=hand)
    assert b["wall"] == 20 and a["wall"] == 30 and st.p[0].disc[0] == [FILL]
    assert rec["next_card"] == 0  # Durable
    a, _b, _r, st = run(533, hand=[533, 17, 41, 17, 17, 17, 17, 17])  # Stone golem: Unliving
    assert a["wall"] == 25 and st.p[0].disc[0] == [41]


def test_537_minaret():
    a, b, _r, _s = run(537, enemy_hand=[454] + [FILL] * 7)
    assert a["tower"] == 40 and b["tower"] == 30
    a, b, _r, _s = run(537)
    assert a["tower"] == 40 and b["tower"] == 40


def test_538_forest_guardian():
    _a, b, _r, _s = run(538)
    assert b["wall"] == 19  # 2, raised to 6
    _a, b, _r, _s = run(538, hand=[538] + [454] * 5 + [FILL] * 2)
    assert b["wall"] == 18  # 2 + 5 = 7


def test_540_white_lady():
    a, b, _r, _s = run(540, me={"tower": 40})
    assert net(a, 540) == (2, 2, 2) and stock_tuple(b) == (15, 5, 10)
    a, b, _r, _s = run(540)
    assert net(a, 540) == (2, 2, 2) and stock_tuple(b) == (17, 7, 12)


# ---------------------------------------------------------------- 541-550
def test_541_forest_spirit():
    a, b, _r, _s = run(541, hand=[541, 454] + [FILL] * 6)
    assert b["wall"] == 10 and a["wall"] == 31  # N = 3


def test_543_deathwood_shaman():
    hand = [543, 454, 31, FILL, FILL, FILL, FILL, FILL]  # Dryad: Nature; Risen angel: Undead
    a, b, _r, _s = run(543, hand=hand)
    assert net(a, 543) == (4, 4, 4) and b["wall"] == 15


def test_545_elven_marksman():
    a, b, rec, _s = run(545, hand=[545, 483, 483] + [FILL] * 5)
    assert rec["production"] == [1, 2, 1]
    assert (b["tower"], b["wall"]) == (27, 20)  # N = 3: tower -3, attack 5
    _a, b, _r, _s = run(545, hand=[545] + [483] * 7)
    assert (b["tower"], b["wall"]) == (22, 25)  # N = 8: attack 0


def test_546_dwarven_elder():
    a, b, _r, _s = run(546)
    assert b["wall"] == 7 and a["wall"] == 25 + 54  # N = 18


def test_547_flame_lord():
    _a, b, rec, st = run(547, hidden=True)
    assert (b["wall"], b["tower"]) == (0, 30)
    assert rec["next_card"] == 336 and st.p[0].hand[0] == 336 and st.p[0].rev[0]


def test_548_war_wolf():
    a, b, _r, _s = run(548)
    assert b["wall"] == 17 and net(a, 548) == (0, 0, 6)


def test_549_goblin_regiment():
    hand = [549, 2, 17, FILL, 40, FILL, FILL, FILL]
    a, b, _r, st = run(549, hand=hand, hidden=True)
    A = st.p[0]
    assert A.hand[1:] == [13, 17, 13, 40, 13, 13, 13]
    assert A.rev[1:] == [True, False, True, False, True, True, True]
    assert net(a, 549) == (0, 0, 10) and (b["wall"], b["tower"]) == (0, 25)
