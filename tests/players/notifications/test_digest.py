"""The daily digest: at the hour the player picked, in his own time zone, at most one mail a
day, listing what waited; what he read on the site is left out; nothing left, no mail."""
import datetime
import zoneinfo

import pytest
import time_machine

from players.models import Delivery, DigestMail, Notification, NotificationSettings
from players.notifications import digest, services, triggers

from .conftest import run_notices

pytestmark = pytest.mark.django_db

NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def at(day, hour, minute=0):
    """A moment given on New York's clock (EDT in May: UTC-4)."""
    return datetime.datetime(2026, 5, day, hour, minute, tzinfo=NEW_YORK)


@pytest.fixture
def digest_bob(bob, away, django_capture_on_commit_callbacks):
    """bob in New York, the digest at 08:00; tell(game_id) gives him "your turn" while he is
    away."""
    bob.settings.timezone = "America/New_York"
    bob.settings.save()
    NotificationSettings.objects.create(player=bob, email_mode="digest", digest_hour=8)

    def tell(game_id):
        away(bob)
        with django_capture_on_commit_callbacks(execute=True):
            triggers.your_turn(player=bob, game_id=game_id, version=2, opponent_name="alice")
        run_notices()
    return tell


def tick():
    return services.notifications_tick()


def test_the_digest_goes_at_the_players_hour_in_his_time_zone(digest_bob, mail_server, bob):
    with time_machine.travel(at(4, 19), tick=False) as clock:
        digest_bob(1)
        clock.move_to(at(4, 23))
        digest_bob(2)
        assert mail_server.received == []  # held: the mail waits for the digest
        assert Delivery.objects.filter(status="digest").count() == 2
        clock.move_to(at(5, 7, 59))  # 11:59 UTC: not yet eight in New York
        tick()
        assert mail_server.received == []
        clock.move_to(at(5, 8, 0))
        tick()
        (mail,) = mail_server.received
        assert mail.to == bob.user.email
        assert mail.subject == "MArcomage: 2 things waiting for you"
        for game_id in (1, 2):
            assert f"https://marcomage.example/games/{game_id}/" in mail.text()
        assert str(mail.message["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
        assert DigestMail.objects.get().day == datetime.date(2026, 5, 5)
        assert set(Delivery.objects.values_list("status", flat=True)) == {"sent"}
        clock.move_to(at(5, 8, 30))
        tick()
        assert len(mail_server.received) == 1


def test_at_most_one_digest_a_day(digest_bob, mail_server):
    """What comes after the day's digest waits for the next day's hour."""
    with time_machine.travel(at(4, 6), tick=False) as clock:
        digest_bob(1)
        clock.move_to(at(4, 8, 1))
        tick()
        assert len(mail_server.received) == 1
        for hour, game_id in ((9, 2), (13, 3), (22, 4)):
            clock.move_to(at(4, hour))
            digest_bob(game_id)
            tick()
        assert len(mail_server.received) == 1
        clock.move_to(at(5, 8))
        tick()
        assert len(mail_server.received) == 2
        assert "3 things" in mail_server.received[1].subject
    per_day = {}
    for row in DigestMail.objects.all():
        per_day[row.day] = per_day.get(row.day, 0) + 1
    assert max(per_day.values()) == 1


def test_read_on_the_site_before_the_digest_it_is_left_out(digest_bob, mail_server, bob):
    with time_machine.travel(at(4, 20), tick=False) as clock:
        digest_bob(1)
        digest_bob(2)
        Notification.objects.filter(key="your_turn:1:2").update(
            read_at=at(4, 21))
        clock.move_to(at(5, 8))
        tick()
        (mail,) = mail_server.received
        assert "1 thing waiting" in mail.subject
        assert "/games/2/" in mail.text() and "/games/1/" not in mail.text()
        assert Delivery.objects.get(notification__key="your_turn:1:2").reason == \
            "read on the site"


def test_nothing_left_no_digest(digest_bob, mail_server):
    with time_machine.travel(at(4, 20), tick=False) as clock:
        digest_bob(1)
        Notification.objects.update(read_at=at(4, 21))
        clock.move_to(at(5, 9))
        tick()
    assert mail_server.received == [] and not DigestMail.objects.exists()


def test_a_failing_mail_server_retries_the_digest_and_sends_it_once(digest_bob, mail_server):
    mail_server.refuse_next("451 4.3.0 Try again later")
    with time_machine.travel(at(4, 20), tick=False) as clock:
        digest_bob(1)
        clock.move_to(at(5, 8))
        tick()
        row = DigestMail.objects.get()
        assert row.status == "pending" and "451" in row.last_error
        clock.move_to(at(5, 8, 2))
        tick()
        tick()
    assert len(mail_server.received) == 1
    assert DigestMail.objects.get().status == "sent"


def test_the_slot_follows_daylight_saving_time():
    """08:00 in New York is 13:00 UTC in winter and 12:00 UTC in summer."""
    winter = digest.last_slot(datetime.datetime(2026, 1, 10, 13, 30, tzinfo=datetime.UTC),
                              NEW_YORK, 8)
    summer = digest.last_slot(datetime.datetime(2026, 7, 10, 12, 30, tzinfo=datetime.UTC),
                              NEW_YORK, 8)
    assert winter.astimezone(datetime.UTC).hour == 13
    assert summer.astimezone(datetime.UTC).hour == 12
    # before today's hour: yesterday's slot
    early = digest.last_slot(datetime.datetime(2026, 7, 10, 11, 0, tzinfo=datetime.UTC),
                             NEW_YORK, 8)
    assert early.date() == datetime.date(2026, 7, 9)
    # the hour the clock skips when summer time starts (02:00 on 8 March 2026)
    skipped = digest.last_slot(datetime.datetime(2026, 3, 8, 12, 0, tzinfo=datetime.UTC),
                               NEW_YORK, 2)
    assert skipped.date() == datetime.date(2026, 3, 8)


def test_a_player_in_digest_mode_gets_no_immediate_mail(digest_bob, mail_server):
    with time_machine.travel(at(4, 10), tick=False):
        for game_id in range(1, 12):
            digest_bob(game_id)
        tick()
    assert mail_server.received == []
    assert Delivery.objects.filter(status="digest").count() == 11  # no rate limit on these
