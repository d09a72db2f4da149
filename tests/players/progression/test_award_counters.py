"""Achievement counters: they add up, pay gold at each tier and tell the player."""
import pytest

from players.models import AwardCounters, Message, Player
from players.progression.services import award_counters_add

pytestmark = pytest.mark.django_db


def test_counters_add_accumulates_and_ignores_junk(alice):
    award_counters_add(player=alice, counters={"wall": 12, "tower_damage": 3})
    award_counters_add(player=alice, counters={"wall": 8, "rares": 0, "unknown": 5, "magic": -2})
    row = AwardCounters.objects.get(player=alice)
    assert (row.wall, row.tower_damage, row.rares, row.magic) == (20, 3, 0, 0)


def test_crossing_a_tier_pays_gold_and_tells_the_player(alice):
    award_counters_add(player=alice, counters={"quarry": 249})
    assert Player.objects.get(pk=alice.pk).gold == 0
    reached = award_counters_add(player=alice, counters={"quarry": 1})
    assert [a.name for a in reached] == ["Sculptor"]
    assert Player.objects.get(pk=alice.pk).gold == 25
    assert Message.objects.filter(recipient=alice, subject__contains="Sculptor").count() == 1
    # staying above the threshold pays nothing more
    award_counters_add(player=alice, counters={"quarry": 10})
    assert Player.objects.get(pk=alice.pk).gold == 25


def test_counter_is_capped_at_the_last_tier(alice):
    award_counters_add(player=alice, counters={"ai_challenges": 1000})
    row = AwardCounters.objects.get(player=alice)
    assert row.ai_challenges == 300
    # all three tiers crossed at once: each pays (our documented choice)
    assert Player.objects.get(pk=alice.pk).gold == 40 + 80 + 120
