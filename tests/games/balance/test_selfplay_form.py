"""Starting a self-play run from the dashboard: administrators only, one at a time, bad
choices refused with a reason, the queued task playing it."""
import pytest
from django.urls import reverse

from games.balance import services
from games.balance.models import CardBalance, SelfPlayRun

pytestmark = pytest.mark.django_db

CARDS_PER_DECK = 45


def _selfplay_rows():
    return CardBalance.objects.filter(source="selfplay", mode="all")


def test_an_administrator_queues_a_run_and_the_task_plays_it(alice, client_of, queued_runs,
                                                             django_capture_on_commit_callbacks):
    alice.level = 10
    alice.save(update_fields=["level"])
    alice.user.is_superuser = True
    alice.user.save(update_fields=["is_superuser"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(alice).post(reverse("balance:selfplay_start"),
                                         {"games": 2, "level": "easy", "mode": "normal",
                                          "seed": 5}, follow=True)
    assert "is queued" in response.content.decode()
    run = SelfPlayRun.objects.get()
    assert run.status == SelfPlayRun.Status.QUEUED and run.requested_by == alice
    assert queued_runs.waiting() == [run.pk]
    # one run at a time
    with pytest.raises(services.BalanceError, match="already"):
        services.selfplay_start(player=alice, games=1, level="easy", mode="normal", seed=1)
    assert queued_runs.drain() == 1
    run.refresh_from_db()
    assert run.status == SelfPlayRun.Status.DONE and run.games_played == 2
    assert sum(r.in_deck for r in _selfplay_rows()) == 2 * 2 * CARDS_PER_DECK


def test_only_administrators_start_runs(alice, client_of, queued_runs):
    alice.level = 10
    alice.save(update_fields=["level"])
    response = client_of(alice).post(reverse("balance:selfplay_start"),
                                     {"games": 2, "level": "easy", "mode": "normal", "seed": 5})
    assert response.status_code == 403
    assert not SelfPlayRun.objects.exists() and queued_runs.waiting() == []


def test_bad_run_choices_say_why(alice, client_of, queued_runs):
    alice.level = 10
    alice.save(update_fields=["level"])
    alice.user.is_superuser = True
    alice.user.save(update_fields=["is_superuser"])
    client = client_of(alice)
    for data, words in (({"games": 0, "level": "easy", "mode": "normal", "seed": 1}, "Games"),
                        ({"games": 9, "level": "godlike", "mode": "normal", "seed": 1},
                         "Level"),
                        ({"games": "many", "level": "easy", "mode": "normal", "seed": 1},
                         "Games"),
                        ({"games": 9, "level": "easy", "mode": "normal", "seed": -1}, "Seed")):
        page = client.post(reverse("balance:selfplay_start"), data, follow=True)
        assert page.status_code == 200 and words in page.content.decode(), data
    assert not SelfPlayRun.objects.exists() and queued_runs.waiting() == []
