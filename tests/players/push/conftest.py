import pytest

from devtools.push_service import PushService
from players.push.keys import vapid_keys


@pytest.fixture(scope="module")
def push_service():
    """The local push service (devtools/push_service.py) on a free port, for the module."""
    service = PushService().start()
    yield service
    service.stop()


@pytest.fixture
def local_push(settings):
    """The site may send to the local push service; a slow answer gives up after 2 s."""
    settings.PUSH_ALLOW_LOCAL_SERVICE = True
    settings.PUSH_TIMEOUT = 2.0
    return settings


@pytest.fixture
def browser_subscription(push_service, local_push):
    """subscribe() -> what a browser's PushSubscription.toJSON() gives, made by the local
    push service with the site's public key (as the browser subscribes with it)."""

    def _subscribe(server_key=None):
        return push_service.subscribe(server_key or vapid_keys().public_key)

    return _subscribe
