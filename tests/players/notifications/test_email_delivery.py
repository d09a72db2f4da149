"""Sending mail against a real SMTP server: a failing server loses nothing (retries with
backoff, shown in the admin) and a retried delivery is sent exactly once; a permanent
refusal is not retried; the one-click unsubscribe (RFC 8058) works without a login."""
import datetime
import socket

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from players.models import Delivery, DigestMail
from players.notifications import attempts, email, services, triggers
from players.notifications.preferences import preferences_of

from .conftest import run_notices

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 5, 4, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tell_bob(bob, away, django_capture_on_commit_callbacks):
    """tell_bob(game_id): "your turn in game N" to bob, away with a confirmed address."""
    def _tell(game_id=7, kind="your_turn"):
        away(bob)  # an hour ago, by the clock of the moment
        with django_capture_on_commit_callbacks(execute=True):
            if kind == "your_turn":
                triggers.your_turn(player=bob, game_id=game_id, version=2,
                                   opponent_name="alice")
            else:
                triggers.challenge_received(player=bob, game_id=game_id,
                                            challenger_name="alice")
        run_notices()
        return Delivery.objects.filter(notification__player=bob,
                                       notification__key__endswith=f":{game_id}:2").first()
    return _tell


def test_a_failing_mail_server_is_retried_with_backoff_and_sends_exactly_once(
        tell_bob, mail_server):
    mail_server.refuse_next("451 4.3.0 Mailbox busy, try again later")
    with time_machine.travel(START, tick=False):
        delivery = tell_bob()
    delivery.refresh_from_db()
    assert delivery.status == "pending" and delivery.attempts == 1
    assert "451" in delivery.last_error
    assert delivery.next_attempt_at == START + datetime.timedelta(seconds=60)
    assert mail_server.received == []
    # not due yet: the tick leaves it
    with time_machine.travel(START + datetime.timedelta(seconds=59), tick=False):
        services.notifications_tick()
    assert mail_server.attempts == 1
    # due: sent, once
    with time_machine.travel(START + datetime.timedelta(seconds=61), tick=False):
        assert services.notifications_tick()["sent"] == 1
        services.notifications_tick()
        assert services.delivery_send(delivery_id=delivery.pk) == ""
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_error) == ("sent", 2, "")
    assert len(mail_server.received) == 1
    with time_machine.travel(START + datetime.timedelta(hours=2), tick=False):
        services.notifications_tick()
    assert len(mail_server.received) == 1


def test_a_mail_server_that_is_down_is_tried_again_later(tell_bob, mail_server, settings):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        settings.EMAIL_PORT = closed.getsockname()[1]  # nobody listens there
    with time_machine.travel(START, tick=False):
        delivery = tell_bob()
    delivery.refresh_from_db()
    assert delivery.status == "pending" and delivery.attempts == 1
    assert "Connection" in delivery.last_error or "refused" in delivery.last_error.lower()
    settings.EMAIL_PORT = mail_server.port  # back
    with time_machine.travel(START + datetime.timedelta(minutes=2), tick=False):
        services.notifications_tick()
    assert len(mail_server.received) == 1


def test_the_backoff_grows_and_then_gives_up(tell_bob, mail_server):
    mail_server.refuse_next("421 4.7.0 Try again later", times=attempts.MAX_ATTEMPTS)
    with time_machine.travel(START, tick=False) as clock:
        delivery = tell_bob()
        waits = []
        for _ in range(attempts.MAX_ATTEMPTS):
            delivery.refresh_from_db()
            if delivery.status != "pending":
                break
            waits.append((delivery.next_attempt_at - timezone.now()).total_seconds())
            clock.move_to(delivery.next_attempt_at)
            services.notifications_tick()
    delivery.refresh_from_db()
    assert waits == list(attempts.RETRY_DELAYS)
    assert delivery.status == "failed" and delivery.attempts == attempts.MAX_ATTEMPTS
    assert "421" in delivery.last_error and mail_server.received == []


def test_a_permanent_refusal_is_not_retried(tell_bob, mail_server):
    mail_server.refuse_next("550 5.1.1 No such mailbox")
    delivery = tell_bob()
    delivery.refresh_from_db()
    assert delivery.status == "failed" and delivery.attempts == 1 and "550" in delivery.last_error
    services.notifications_tick(now=timezone.now() + datetime.timedelta(days=2))
    assert mail_server.attempts == 1


def test_the_admin_shows_the_attempts_and_tries_again(tell_bob, mail_server, superuser_client):
    mail_server.refuse_next("550 5.1.1 No such mailbox")
    delivery = tell_bob()
    page = superuser_client.get(reverse("admin:players_delivery_changelist")).content.decode()
    assert "550 5.1.1" in page and "Failed (gave up)" in page
    superuser_client.post(reverse("admin:players_delivery_changelist"), {
        "action": "deliveries_try_again", "_selected_action": [delivery.pk]})
    services.notifications_tick()
    delivery.refresh_from_db()
    assert delivery.status == "sent" and len(mail_server.received) == 1


def test_one_click_unsubscribe_needs_no_login(tell_bob, mail_server, bob):
    tell_bob(game_id=7)
    (mail,) = mail_server.received
    url = str(mail.message["List-Unsubscribe"]).strip().strip("<>")
    path = url.removeprefix("https://marcomage.example")
    # A mail program's one-click POST (RFC 8058): no session, no CSRF token.
    response = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    prefs = preferences_of(bob.pk)
    assert not prefs.wants("your_turn", "email")
    assert prefs.wants("your_turn", "site") and prefs.wants("challenge", "email")
    tell_bob(game_id=8)
    assert len(mail_server.received) == 1  # no more "your turn" mails
    tell_bob(game_id=9, kind="challenge")
    assert len(mail_server.received) == 2  # other kinds still come


def test_the_unsubscribe_link_opened_asks_before_it_acts(bob, client):
    url = reverse("players:unsubscribe", args=[email.unsubscribe_token(bob.pk, "message")])
    page = client.get(url)
    assert page.status_code == 200 and "Stop these mails?" in page.content.decode()
    assert preferences_of(bob.pk).wants("message", "email")  # a GET changes nothing
    done = client.post(url)
    assert "Unsubscribed" in done.content.decode()
    assert not preferences_of(bob.pk).wants("message", "email")


def test_a_digest_mails_unsubscribe_stops_every_mail(bob, client):
    url = reverse("players:unsubscribe", args=[email.unsubscribe_token(bob.pk, email.ALL_KINDS)])
    client.post(url)
    prefs = preferences_of(bob.pk)
    assert not any(prefs.wants(kind, "email") for kind in prefs.channels)
    assert all(prefs.wants(kind, "site") for kind in prefs.channels)


@pytest.mark.parametrize("token", ["nonsense", "WzEsIm1lc3NhZ2UiXQ:1abc:forged"])
def test_a_spoilt_unsubscribe_link_is_refused_clearly(token, client):
    for method in (client.get, client.post):
        response = method(reverse("players:unsubscribe", args=[token]))
        assert response.status_code == 404
        assert "This link does not work" in response.content.decode()


def test_a_header_cannot_be_injected_through_a_subject(bob, away, mail_server,
                                                       django_capture_on_commit_callbacks):
    """A message's subject is a player's text: it goes into the mail's Subject on one line."""
    away(bob)
    with django_capture_on_commit_callbacks(execute=True):
        triggers.your_turn(player=bob, game_id=3, version=2,
                           opponent_name="eve\r\nBcc: victim@example.org")
    run_notices()
    (mail,) = mail_server.received
    assert mail.message["Bcc"] is None and mail.rcpt_tos == [bob.user.email]
    assert "\n" not in mail.subject


def test_no_digest_row_is_made_for_an_immediate_mail(tell_bob, mail_server):
    tell_bob()
    assert not DigestMail.objects.exists()


def test_the_embedded_periodic_runner_sends_what_is_due(tell_bob, mail_server):
    """Without Redis `manage.py run_periodic` plays beat's part: its one list of periodic
    tasks holds the notifications' tick, which sends a retry that has come due."""
    import io

    from django.core.management import call_command

    mail_server.refuse_next("451 4.3.0 Try again later")
    with time_machine.travel(START, tick=False):
        delivery = tell_bob()
    with time_machine.travel(START + datetime.timedelta(minutes=2), tick=False):
        call_command("run_periodic", "--once", stdout=io.StringIO(), stderr=io.StringIO())
    delivery.refresh_from_db()
    assert delivery.status == "sent" and len(mail_server.received) == 1
