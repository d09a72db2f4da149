"""The push channel against the push package's interface (a stand-in here: the push
helper's ``players.push.services``): one delivery per subscription, the payload the service
worker shows (a click opens the game), an expired subscription dropped, a failing push
service retried and each push sent once; the same rules as the mail."""
import datetime

import pytest
import time_machine
from django.urls import reverse

from players.models import Delivery, NotificationSettings
from players.notifications import presence, services, triggers

from .conftest import FakePush, run_notices

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 5, 4, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tell_bob(bob, away, fake_push, django_capture_on_commit_callbacks):
    fake_push.subscriptions[bob.pk] = [11, 12]

    def _tell(game_id=7):
        away(bob)
        with django_capture_on_commit_callbacks(execute=True):
            triggers.your_turn(player=bob, game_id=game_id, version=2, opponent_name="alice")
        run_notices()
    return _tell


def test_each_subscription_gets_the_push_that_opens_the_game(tell_bob, fake_push):
    tell_bob(7)
    assert sorted(sid for sid, _ in fake_push.pushed) == [11, 12]
    payload = fake_push.pushed[0][1]
    assert payload == {"title": "Your turn against alice",
                       "body": "alice has moved in game 7: it is your turn.",
                       "url": reverse("games:detail", args=[7]), "tag": "game-7",
                       "kind": "your_turn"}
    assert set(Delivery.objects.filter(channel="push").values_list("status", flat=True)) == \
        {"sent"}


def test_an_expired_subscription_is_marked_gone(tell_bob, fake_push):
    fake_push.answers = ["gone", "sent"]
    tell_bob(7)
    statuses = dict(Delivery.objects.filter(channel="push").values_list("target", "status"))
    assert statuses == {11: "gone", 12: "sent"}
    tell_bob(8)  # the push package removed it: no delivery for it any more
    assert Delivery.objects.filter(channel="push", target=11).count() == 1


def test_a_failing_push_service_is_retried_and_pushes_once(tell_bob, fake_push):
    fake_push.answers = [FakePush.PushFailed("503 from the push service"), "sent"]
    with time_machine.travel(START, tick=False) as clock:
        tell_bob(7)
        failed = Delivery.objects.get(channel="push", target=11)
        assert failed.status == "pending" and "503" in failed.last_error
        clock.move_to(START + datetime.timedelta(seconds=61))
        services.notifications_tick()
        services.notifications_tick()
    failed.refresh_from_db()
    assert failed.status == "sent" and failed.attempts == 2
    assert sorted(sid for sid, _ in fake_push.pushed) == [11, 12]


def test_no_push_for_a_game_the_player_has_open(tell_bob, fake_push, bob):
    presence.game_socket_opened(bob.pk, 7, "socket")
    tell_bob(7)
    assert fake_push.pushed == []
    assert set(Delivery.objects.values_list("reason", flat=True)) == {"the game is open"}


def test_push_turned_off_for_a_kind(tell_bob, fake_push, bob):
    NotificationSettings.objects.create(player=bob, channels={"your_turn": ["site", "email"]})
    tell_bob(7)
    assert fake_push.pushed == [] and not Delivery.objects.filter(channel="push").exists()


def test_no_push_package_no_push(bob, away, django_capture_on_commit_callbacks):
    """Without the push package (this branch alone) the other channels work as before."""
    away(bob)
    with django_capture_on_commit_callbacks(execute=True):
        triggers.your_turn(player=bob, game_id=7, version=2, opponent_name="alice")
    run_notices()
    assert not Delivery.objects.filter(channel="push").exists()
