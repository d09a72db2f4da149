"""Self-play runs: the games, the command on a tiny run, a run's bounds."""
from io import StringIO

import pytest
from django.core.management import call_command

from games.balance import selfplay, services
from games.balance.models import CardBalance, SelfPlayRun
from games.engine import Rng

pytestmark = pytest.mark.django_db

CARDS_PER_DECK = 45


def _selfplay_rows():
    return CardBalance.objects.filter(source="selfplay", mode="all")


def test_random_decks_are_starter_like():
    rng = Rng(7)
    deck = selfplay.random_deck(rng)
    sections = (deck.common, deck.uncommon, deck.rare)
    assert [len(set(s)) for s in sections] == [15, 15, 15]
    pools = selfplay.deck_pools()
    assert all(set(s) <= set(pool) for s, pool in zip(sections, pools, strict=True))
    assert len(deck.tokens) == 3


def test_a_run_is_reproducible_and_counts_every_deck_card():
    first, done, turns = selfplay.run_games(2, seed=11, level="easy", mode="mixed")
    again, _, turns_again = selfplay.run_games(2, seed=11, level="easy", mode="mixed")
    assert (done, turns) == (2, turns_again) and first.rows == again.rows
    in_deck = sum(row[0] for (mode, _card), row in first.rows.items() if mode == "all")
    assert in_deck == 2 * 2 * CARDS_PER_DECK
    # game 0 of a mixed run is normal, game 1 hidden
    assert sum(row[0] for (mode, _c), row in first.rows.items() if mode == "hidden") == 90
    # a longer run starts with the same games
    longer, _, _ = selfplay.run_games(1, seed=11, level="easy", mode="mixed", start=1)
    hidden = {k: v for k, v in first.rows.items() if k[0] == "hidden"}
    assert hidden == {k: v for k, v in longer.rows.items() if k[0] == "hidden"}


def test_the_command_on_a_tiny_run():
    out = StringIO()
    call_command("balance_selfplay", games=2, level="easy", seed=3, stdout=out)
    run = SelfPlayRun.objects.get()
    assert run.status == SelfPlayRun.Status.DONE and run.games_played == 2 and run.turns > 0
    assert run.cpu_seconds > 0 and run.finished_at is not None
    assert "2 of 2 games at easy" in out.getvalue() and "games/s" in out.getvalue()
    assert "0 of the 754 cards have enough games" in out.getvalue()
    assert sum(r.in_deck for r in _selfplay_rows()) == 2 * 2 * CARDS_PER_DECK
    assert sum(r.times_played + r.times_discarded for r in _selfplay_rows()) == run.turns
    # a second run replaces the self-play figures, it does not add to them
    call_command("balance_selfplay", games=1, level="easy", seed=4, stdout=StringIO())
    assert sum(r.in_deck for r in _selfplay_rows()) == 2 * CARDS_PER_DECK
    # real games' rows are untouched
    assert not CardBalance.objects.filter(source="all", in_deck__gt=0).exists()


def test_the_command_refuses_bad_choices():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="1 to"):
        call_command("balance_selfplay", games=0, stdout=StringIO())


def test_a_run_stops_at_its_cpu_bound():
    run = services.selfplay_create(games=5, level="easy", mode="normal", seed=1)
    assert services.selfplay_run(run_id=run.pk, cpu_seconds=0)
    run.refresh_from_db()
    assert run.status == SelfPlayRun.Status.STOPPED and run.games_played == 0
    assert not services.selfplay_run(run_id=run.pk)  # taken: a repeated task does nothing


def test_a_lost_run_does_not_block_the_next(alice, queued_runs):
    from datetime import timedelta

    from django.utils import timezone

    old = SelfPlayRun.objects.create(games=1, status=SelfPlayRun.Status.RUNNING)
    SelfPlayRun.objects.filter(pk=old.pk).update(
        updated_at=timezone.now() - services.SELFPLAY_STALLED - timedelta(minutes=1))
    services.selfplay_start(player=alice, games=1, level="easy", mode="normal", seed=1)
    old.refresh_from_db()
    assert old.status == SelfPlayRun.Status.FAILED
