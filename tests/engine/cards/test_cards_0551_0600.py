"""Cards 551-600: each test plays the card once and checks the numbers it changes.

Same conventions as test_cards_0451_0500.py (actor with 60 of each resource, Caravan
fillers, round 6).
"""
from functools import partial

from games.engine.cards.model import CARDS
from tests.engine.helpers import DECK, FILL, net_gain, play_card, stock_tuple

RICH = 60
run = partial(play_card, rich=RICH)
net = partial(net_gain, start=RICH)


def test_551_spectral_siren():
    _a, b, _r, _s = run(551, hand=[551, 521] + [FILL] * 6)
    assert b["wall"] == 13 and b["recruits"] == 6  # 2 Aqua cards


def test_552_leviathan():
    _a, b, _r, _s = run(552, enemy={"tower": 100, "wall": 120})
    assert (b["tower"], b["wall"]) == (20, 20)


def test_553_hidden_lagoon():
    a, _b, _r, _s = run(553, hand=[553, 521, 521] + [FILL] * 5)
    assert a["wall"] == 27 and net(a, 553) == (1, 1, 1)  # N = 3
    a, _b, _r, _s = run(553, hand=[553] + [521] * 4 + [FILL] * 3)
    assert a["wall"] == 28 and net(a, 553) == (2, 2, 2)  # N = 5: 2.5 and 1.67 round up


def test_556_dwarven_watchtower_runic_of_the_opposite_rarity():
    a, _b, rec, _s = run(556, enemy_hand=[17] + [FILL] * 7)
    c = CARDS[rec["next_card"]]
    assert a["tower"] == 36 and "Runic" in c.kw and c.rarity == "Rare"
    _a, _b, rec, _s = run(556, enemy_hand=[40] + [FILL] * 7)
    c = CARDS[rec["next_card"]]
    assert "Runic" in c.kw and c.rarity == "Uncommon"


def test_557_confusion_gives_the_enemy_a_rare_from_my_deck():
    a, _b, _r, st = run(557, mode=2)
    assert net(a, 557) == (4, 4, 4)
    assert st.p[1].hand[1] in DECK[2] and st.p[1].new[1] and st.p[0].disc[1] == [FILL]


def test_558_magic_spring_counts_different_keywords():
    hand = [558, 454, 40, 454, FILL, FILL, FILL, FILL]  # Banish, Nature, Illusion
    a, _b, _r, _s = run(558, hand=hand)
    assert sum(net(a, 558)) == 3 and min(net(a, 558)) >= 0


def test_560_sea_gate_discards_the_rarest_aqua_card():
    en_hand = [FILL, 521, 505, FILL, FILL, FILL, FILL, FILL]  # Mermaid (C), Kraken (U)
    a, _b, _r, st = run(560, enemy_hand=en_hand)
    assert a["wall"] == 40
    assert st.p[1].hand[1] == 521 and st.p[0].disc[1] == [505] and st.p[1].new[2]


# ---------------------------------------------------------------- 561-570
def test_562_divine_guidance_modes():
    a, _b, _r, _s = run(562, mode=1)
    assert a["wall"] == 35
    a, _b, _r, _s = run(562, mode=2)
    assert net(a, 562) == (0, 0, 7)


def test_565_titans_worshipper_summons_a_missing_titan():
    hand = [565, 302, 303, 310, 311, 312, FILL, FILL]
    _a, _b, rec, _s = run(565, hand=hand)
    assert rec["next_card"] == 315


def test_566_wheat_farm():
    a, _b, _r, _s = run(566, hand=[566, 566, 566] + [FILL] * 5)
    assert net(a, 566) == (6, 6, 6)


def test_567_jungle_river():
    a, b, rec, st = run(567, mode=3, hidden=True)
    assert net(a, 567) == (0, 0, 3) and b["wall"] == 22
    assert st.p[0].hand[2] == 504 and st.p[0].rev[2] and rec["next_card"] == -1
    _a, _b, rec, st = run(567, mode=1)  # its own slot: it becomes Piranhas, no draw
    assert st.p[0].hand[0] == 504 and rec["next_card"] == 0


def test_568_flesh_golem_modes():
    a, b, _r, _s = run(568, mode=1)
    assert b["wall"] == 19 and a["wall"] == 29 and net(a, 568) == (8, 0, 0)
    a, _b, _r, _s = run(568, mode=2)
    assert net(a, 568) == (0, 0, 6)


def test_569_dream_shift_keeps_each_slots_rarity():
    hand = [569, FILL, 17, 40, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(569, hand=hand)
    h = st.p[0].hand
    assert h[1] in DECK[0] and h[2] in DECK[2] and h[3] in DECK[1]
    assert all(c in DECK[0] for c in h[4:]) and all(st.p[0].new)
    assert rec["next_card"] == -1  # its own place gets the usual draw


def test_570_swamp():
    a, b, _r, _s = run(570)
    assert a["wall"] == 33 and stock_tuple(b) == (14, 4, 9)


# ---------------------------------------------------------------- 571-580
def test_571_flame_obelisk():
    a, _b, _r, st = run(571, pos=2)
    h = st.p[0].hand
    assert a["tower"] == 45
    assert "Burning" in CARDS[h[0]].kw and "Burning" in CARDS[h[2]].kw and h[3] == FILL


def test_572_stables():
    a, _b, rec, _s = run(572)
    c = CARDS[rec["next_card"]]
    assert (a["tower"], a["wall"]) == (32, 29) and "Charge" in c.kw and c.rank < 2


def test_573_laputa():
    a, _b, _r, _s = run(573)
    assert (a["tower"], a["wall"]) == (70, 25)
    a, _b, _r, _s = run(573, me={"wall": 40})
    assert (a["tower"], a["wall"]) == (70, 110)


def test_574_alucard():
    _a, b, _r, _s = run(574, enemy={"tower": 100})
    assert (b["wall"], b["tower"]) == (0, 60)  # 3 keywords against 0: attack 65
    _a, b, _r, _s = run(574, enemy={"tower": 100}, enemy_hand=[5, 10] + [FILL] * 6)
    assert (b["wall"], b["tower"]) == (0, 90)  # 3 against 4: attack 35


def test_577_seiryu():
    _a, b, _r, _s = run(577, enemy={"tower": 100})
    assert (b["wall"], b["tower"]) == (0, 65)


def test_578_deathwood_necromancer():
    a, _b, _r, _s = run(578, hand=[578, 454, 31] + [FILL] * 5)
    assert net(a, 578) == (0, 2, 2)
    a, _b, _r, _s = run(578, hand=[578] + [576] * 7)  # Necroent: Nature and Undead
    assert net(a, 578) == (0, 4, 4)


def test_580_wizards_tower():
    a, _b, _r, _s = run(580, me={"magic": 5})
    assert a["tower"] == 38


# ---------------------------------------------------------------- 581-590
def test_581_mountain_berserker():
    a, b, _r, _s = run(581)
    assert b["wall"] == 18 and net(a, 581) == (2, 2, 2)


def test_582_magical_defense():
    a, _b, _r, _s = run(582)
    assert a["wall"] == 32 and net(a, 582) == (5, 0, 0)


def test_583_moon_castle():
    a, b, _r, _s = run(583, enemy_hand=[454, 40] + [FILL] * 6)
    assert net(a, 583) == (8, 8, 8)
    assert stock_tuple(b) == (18, 8, 13)  # 6 plain cards, 3 different keywords


def test_584_chaos_dwarf():
    hand = [584, FILL, 17, FILL, FILL, FILL, FILL, FILL]
    a, _b, _r, st = run(584, hand=hand, mode=3)
    assert a["wall"] == 39 and st.p[0].hand[2] == 584 and st.p[0].disc[0] == [17]
    a, _b, rec, _s = run(584, hand=hand, mode=2)
    assert a["wall"] == 27
    a, _b, rec, _s = run(584, hand=hand, mode=1)
    assert a["wall"] == 27 and rec["next_card"] == 0


def test_585_barbzs_pupil():
    en_hand = [FILL, 17, 40, FILL, FILL, FILL, FILL, FILL]
    _a, _b, rec, st = run(585, mode=3, enemy_hand=en_hand, hidden=True)
    assert rec["next_card"] == 40 and st.p[0].rev[0]
    _a, _b, rec, _s = run(585, mode=2, enemy_hand=en_hand)
    assert rec["next_card"] == -1  # rare: nothing


def test_586_mithril_miner():
    _a, _b, rec, _s = run(586, me={"quarry": 5})
    assert rec["production"] == [2, 1, 1]


def test_587_working_together():
    a, _b, _r, _s = run(587, hand=[587, 17, 40] + [FILL] * 5)
    assert a["tower"] == 36


def test_588_harvest_fairy():
    _a, _b, _r, st = run(588, pos=4, hidden=True)
    A = st.p[0]
    assert A.hand[2] == 566 and A.hand[4] == 566 and A.rev[2] and A.rev[4]
    assert A.disc[0] == [FILL, FILL]


def test_589_librarian():
    a, _b, _r, st = run(589, me={"tokens": [("Mage", 20)]})
    assert a["tower"] == 33 and st.p[0].tok[0] == 20 + 10 + 30  # token gain, then +30


def test_590_golem_messenger():
    a, _b, rec, _s = run(590)
    assert (a["tower"], a["wall"]) == (34, 31) and "Unliving" in CARDS[rec["next_card"]].kw


# ---------------------------------------------------------------- 591-600
def test_591_colossus_of_kran():
    a, b, _r, _s = run(591, hand=[591, 41, 41] + [FILL] * 5, enemy={"tower": 100})
    assert (b["wall"], b["tower"]) == (0, 83) and a["quarry"] == 5  # N = 3


def test_594_desert_traveler():
    _a, b, _r, st = run(594, enemy_hand=[17] + [FILL] * 7, hidden=True)
    assert b["wall"] == 17 and sum(stock_tuple(b)) == 16
    assert st.p[1].hand[0] == 23 and st.p[1].rev[0]


def test_595_thug():
    _a, b, _r, st = run(595, enemy_hand=[40] + [FILL] * 7)
    assert sum(stock_tuple(b)) == 25 and st.p[1].hand[0] == 297
    _a, _b, _r, st = run(595, enemy_hand=[17] + [FILL] * 7)
    assert st.p[1].hand[0] == 17


def test_596_myrs_academy():
    _a, _b, rec, st = run(596)
    assert sorted(st.p[0].hand) == sorted((109, 329, 82, 564, 589, 457, 467, 53))
    assert rec["production"] == [1, 3, 1] and rec["next_card"] == 0


def test_598_urks_tribe():
    a, b, _r, _s = run(598, enemy={"wall": 0})
    assert b["tower"] == 20  # attack 8, then Charge (2)
    assert sum(net(a, 598)) == -6


def test_599_elven_warlock():
    _a, b, rec, _s = run(599, me={"magic": 4})
    assert b["wall"] == 0 and b["tower"] == 23 and rec["production"] == [1, 6, 1]
