"""The events' figures command runs its two parts on a small field (the figures themselves
come from running it, never from a test)."""
import random

import pytest

from devtools import bench_tournaments
from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_bench_runs_a_swiss_event_and_an_arena_through_the_services(capsys):
    rng = random.Random(2)
    worst_matching = bench_tournaments.bench_swiss(6, 3, rng)
    worst_latency = bench_tournaments.bench_arena(6, 8, rng)
    out = capsys.readouterr().out
    assert "0 rematches; finished" in out and "paired by their own game's end" in out
    assert worst_matching > 0 and worst_latency > 0
    assert set(Tournament.objects.values_list("status", flat=True)) == {"finished", "running"}
