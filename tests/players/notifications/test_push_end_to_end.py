"""The notifications' push channel with the real push package and a real push service: a
"your turn" notice is queued, dispatched, and pushed through ``players.push.services`` to the
local push service (devtools/push_service.py), which checks the VAPID signature and decrypts
the push with the subscription's keys (RFC 8291); a subscription the service says is gone
(410) is removed; a push service that fails is tried again and the push arrives once."""
import datetime

import pytest
import time_machine
from django.urls import reverse

from players.models import Delivery, PushSubscription
from players.notifications import services, triggers
from players.push.services import push_subscribe
from tests.players.push.conftest import browser_subscription, local_push, push_service

from .conftest import run_notices

_ = (browser_subscription, local_push, push_service)
# One worker runs the module: its tests share one local push service (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("push_end_to_end")]

START = datetime.datetime(2026, 5, 4, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def bobs_browser(bob, browser_subscription):
    browser = browser_subscription()
    push_subscribe(player=bob, data=browser, user_agent="Mozilla/5.0 (Android 15) Firefox/140")
    return browser


def _your_turn(bob, away, capture, game_id=7):
    away(bob)
    with capture(execute=True):
        triggers.your_turn(player=bob, game_id=game_id, version=2, opponent_name="alice")
    run_notices()


def test_your_turn_reaches_the_browser_decrypted(bob, bobs_browser, push_service, away,
                                                 django_capture_on_commit_callbacks):
    _your_turn(bob, away, django_capture_on_commit_callbacks)
    [push] = push_service.wait_for(bobs_browser, 1)
    assert push.payload == {"title": "Your turn against alice",
                            "body": "alice has moved in game 7: it is your turn.",
                            "url": reverse("games:detail", args=[7]), "tag": "game-7",
                            "kind": "your_turn"}
    assert list(Delivery.objects.filter(channel="push").values_list("status", flat=True)) == \
        ["sent"]


def test_a_gone_subscription_is_removed(bob, bobs_browser, push_service, away,
                                        django_capture_on_commit_callbacks):
    push_service.answer(bobs_browser, 410)
    _your_turn(bob, away, django_capture_on_commit_callbacks)
    assert not PushSubscription.objects.filter(player=bob).exists()
    assert list(Delivery.objects.filter(channel="push").values_list("status", flat=True)) == \
        ["gone"]


def test_a_failing_push_service_is_tried_again_and_pushes_once(
        bob, bobs_browser, push_service, away, django_capture_on_commit_callbacks):
    push_service.answer(bobs_browser, 503)
    with time_machine.travel(START, tick=False) as clock:
        _your_turn(bob, away, django_capture_on_commit_callbacks)
        delivery = Delivery.objects.get(channel="push")
        assert delivery.status == "pending" and delivery.attempts == 1
        push_service.answer(bobs_browser, None)
        clock.move_to(START + datetime.timedelta(minutes=10))
        services.notifications_tick()
        services.notifications_tick()  # a second tick finds nothing more to send
    delivery.refresh_from_db()
    assert delivery.status == "sent" and delivery.attempts == 2
    assert len(push_service.wait_for(bobs_browser, 1)) == 1
