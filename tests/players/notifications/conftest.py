"""Fixtures of the notifications' tests: a real SMTP server, players away from the site with
a confirmed address, the queued work run on demand, a stand-in of the push package."""
import sys
import types
from datetime import timedelta

import pytest
from django.utils import timezone

from players.models import Player
from players.notifications.tasks import local_work

from .smtp import start_mail_server


@pytest.fixture
def mail_server(settings):
    """The site mails through Django's SMTP backend to a server in this process."""
    server, controller = start_mail_server()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.SITE_URL = "https://marcomage.example"
    try:
        yield server
    finally:
        controller.stop()


def make_away(player, address=None, *, minutes=60):
    """``player`` has a confirmed address and was last seen ``minutes`` ago."""
    user = player.user
    user.email = address or f"{user.username}@example.org"
    user.email_verified_at = timezone.now()
    user.save(update_fields=["email", "email_verified_at"])
    player.last_activity = timezone.now() - timedelta(minutes=minutes)
    Player.objects.filter(pk=player.pk).update(last_activity=player.last_activity)
    return player


@pytest.fixture
def away():
    return make_away


def run_notices() -> int:
    """Run the notices' queued work (recording, dispatch, sending) in this thread."""
    return local_work.drain()


class FakePush:
    """A stand-in for the push helper's ``players.push.services`` (same interface): the
    subscriptions of each player, what was pushed, and answers to give ("sent", "gone",
    or an exception to raise)."""

    class PushFailed(Exception):
        pass

    def __init__(self):
        self.subscriptions = {}  # player id -> [subscription ids]
        self.pushed = []  # (subscription id, payload)
        self.answers = []  # the next answers, first first

    def push_subscription_ids(self, player_id):
        return list(self.subscriptions.get(player_id, []))

    def push_send(self, subscription_id, payload):
        answer = self.answers.pop(0) if self.answers else "sent"
        if isinstance(answer, Exception):
            raise answer
        if answer == "gone":
            self.subscriptions = {p: [s for s in ids if s != subscription_id]
                                  for p, ids in self.subscriptions.items()}
            return "gone"
        self.pushed.append((subscription_id, payload))
        return "sent"


@pytest.fixture
def fake_push(monkeypatch):
    """``players.push.services`` is this stand-in for the test (the real package is the
    push helper's; after the merge these tests run against the same interface)."""
    fake = FakePush()
    services = types.ModuleType("players.push.services")
    for name in ("push_subscription_ids", "push_send"):
        setattr(services, name, getattr(fake, name))
    services.PushFailed = FakePush.PushFailed
    package = sys.modules.get("players.push") or types.ModuleType("players.push")
    monkeypatch.setitem(sys.modules, "players.push", package)
    monkeypatch.setitem(sys.modules, "players.push.services", services)
    monkeypatch.setattr(package, "services", services, raising=False)
    return fake
