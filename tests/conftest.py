"""Shared fixtures: fast settings and the personas alice, bob and carol.

alice owns things, bob plays against her, carol is an outsider who must not
see what is theirs.
"""
import pytest

from tests.factories import PlayerFactory

PASSWORD = "correct-horse-battery"


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_in_process():
    # Celery caches its configuration on first use, so the settings fixture cannot
    # switch eager mode; set it on the app. Tests call services and tasks directly.
    from marcomage.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


@pytest.fixture(autouse=True)
def _fast_test_settings(settings, tmp_path):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_ENABLED = False
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def alice(db):
    return PlayerFactory(user__username="alice")


@pytest.fixture
def bob(db):
    return PlayerFactory(user__username="bob")


@pytest.fixture
def carol(db):
    return PlayerFactory(user__username="carol")


@pytest.fixture
def client_of(client):
    """client_of(player) -> a test client logged in as that player."""
    from django.test import Client

    def _client(player):
        c = Client()
        c.force_login(player.user)
        return c

    return _client
