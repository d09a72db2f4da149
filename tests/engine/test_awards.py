"""End-of-game awards and achievement counters (rules-engine.md §16.2, §16.4)."""
import pytest

from games.engine import awards_rules as aw

SideFacts = aw.SideFacts


def side(**kw):
    base = dict(tower=50, wall=20, quarry=3, magic=3, dungeons=3, last_card=0,
                last_action="play", last_card_rarity="", last_card_is_dragon=False,
                rares_in_hand=0)
    base.update(kw)
    return SideFacts(**base)


def earned(outcome="Destruction", winner=None, loser=None, round_counter=30):
    return aw.end_of_game_awards(outcome=outcome, winner=winner or side(),
                                 loser=loser or side(tower=0, wall=0), round_counter=round_counter,
                                 max_wall=150, assassin_rounds=10)


def test_data_matches_the_twenty_counters_and_three_tiers():
    assert len(aw.COUNTERS) == 20 and set(aw.ACHIEVEMENTS) == set(aw.COUNTERS)
    for tiers in aw.ACHIEVEMENTS.values():
        assert [a.tier for a in tiers] == [1, 2, 3]
        assert tiers[0].threshold < tiers[1].threshold < tiers[2].threshold
    assert set(aw.END_OF_GAME_AWARDS) <= set(aw.COUNTERS)
    assert sum(a.gold for a in aw.END_OF_GAME_AWARDS.values()) == 1 + 2 + 3 + 3 + 4 + 4 + 5 + 6 + 7 + 8 + 9


def test_saboteur_needs_standing_wall():
    assert "saboteur" in earned(loser=side(tower=0, wall=3))
    assert "saboteur" not in earned(loser=side(tower=0, wall=0))
    assert "saboteur" not in earned("Surrender", loser=side(tower=0, wall=3))


def test_last_action_awards():
    common = side(last_card=54, last_card_rarity="Common")
    assert "gentle_touch" in earned(winner=common)
    dragon = side(last_card=6, last_card_rarity="Common", last_card_is_dragon=True)
    assert {"dragon", "gentle_touch"} <= set(earned(winner=dragon))
    titan = side(last_card=315, last_card_rarity="Rare")
    assert "titan" in earned(winner=titan)
    assert "titan" not in earned("Construction", winner=titan)
    assert "snob" in earned(winner=side(last_action="discard", last_card=54))


def test_assassin_uses_the_stored_round_counter():
    assert "assassin" in earned(round_counter=10)
    assert "assassin" not in earned(round_counter=11)
    assert "assassin" not in earned("Timeout", round_counter=5)


def test_any_outcome_awards():
    winner = side(quarry=6, magic=7, dungeons=6, wall=150, rares_in_hand=4)
    got = earned("Surrender", winner=winner, loser=side(quarry=1, magic=1, dungeons=1))
    assert got == ["desolator", "carpenter", "collector", "builder"]
    assert earned("Abandon", winner=side(tower=1, wall=0)) == ["survivor"]


def test_counters_add_first_tier_and_cap():
    update = aw.counters_add({}, {"saboteur": 50})
    assert [a.name for a in update.achievements] == ["Intruder"] and update.gold == 25
    update = aw.counters_add(update.counters, {"saboteur": 500})
    assert update.counters["saboteur"] == 150
    assert [a.name for a in update.achievements] == ["Backstabber", "Infiltrator"]


def test_final_achievement_when_every_counter_reaches_the_tier():
    almost = {name: tiers[0].threshold for name, tiers in aw.ACHIEVEMENTS.items()}
    almost["survivor"] = 49
    update = aw.counters_add(almost, {"survivor": 1})
    assert [a.name for a in update.achievements] == ["Advisor", "Veteran"]
    assert update.gold == 225 + 1250
    assert "Veteran" in [a.name for a in aw.achievements_reached(update.counters)]


@pytest.mark.parametrize("value,expected", [(0, "Sculptor"), (250, "Mason"), (750, None)])
def test_next_achievement(value, expected):
    nxt = aw.next_achievement("quarry", value)
    assert (nxt.name if nxt else None) == expected
