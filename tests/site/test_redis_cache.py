"""The Redis cache (django-redis, configured in marcomage/settings.py).

One connection pool per process, whatever the thread or context: Django gives each thread
and each context (an HTTP request run by a2wsgi, a live board) a cache object of its own;
with Django's own RedisCache each of them opened its own Redis connection, so every
request connected anew. And a Redis that is down is a cache miss, never a server error.
The pool tests need Redis (REDIS_URL); the outage tests point the cache at a port where
nothing listens, so they run everywhere.
"""
import contextvars
import os
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django_redis.cache import RedisCache

REDIS_URL = os.environ.get("REDIS_URL", "")
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")
SPARE_DB = 15  # the test workers cache in databases 1, 2, ... (tests/conftest.py)


def _options():
    """The production cache's options (settings.py sets them only with REDIS_URL)."""
    return {"SOCKET_TIMEOUT": 1, "SOCKET_CONNECT_TIMEOUT": 1, "IGNORE_EXCEPTIONS": True,
            "CONNECTION_FACTORY": "marcomage.plumbing.cache.SharedClientConnectionFactory"}


def _cache_of_a_fresh_context(location):
    return contextvars.Context().run(lambda: RedisCache(location, {"OPTIONS": _options()}))


def _connections_received(client):
    return client.info("stats")["total_connections_received"]


@needs_redis
def test_caches_of_many_contexts_and_threads_share_one_connection():
    location = f"{REDIS_URL.rsplit('/', 1)[0]}/{SPARE_DB}"
    watcher = redis.Redis.from_url(location)
    first = _cache_of_a_fresh_context(location)
    first.set("shared-pool-probe", 41)
    before = _connections_received(watcher)

    def use(n):
        cache = _cache_of_a_fresh_context(location)
        assert cache is not first
        return cache.get("shared-pool-probe")
    with ThreadPoolExecutor(max_workers=1) as pool:  # one thread: one connection at a time
        assert list(pool.map(use, range(50))) == [41] * 50
    assert _cache_of_a_fresh_context(location).client.get_client() is first.client.get_client()
    # 50 cache objects, one pool: the thread reused the connection the first one opened.
    # (Other test workers may connect meanwhile: a connection per object would add 50.)
    assert _connections_received(watcher) - before < 25
    first.delete("shared-pool-probe")
    watcher.close()


@needs_redis
def test_the_default_cache_of_a_new_context_is_a_new_object_with_the_same_client():
    default = caches["default"]
    if not isinstance(default, RedisCache):
        pytest.skip("the tests run with the local-memory cache")
    other = contextvars.Context().run(lambda: caches["default"])
    assert other is not default
    # One pool (django-redis) and one client on it (marcomage/plumbing/cache.py): a redis.Redis is
    # not built again for every request.
    assert other.client.get_client() is default.client.get_client()


def _closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed again: nothing listens there


@pytest.fixture
def redis_down(settings):
    """The default cache is django-redis, as in production, on a Redis that is down."""
    settings.DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    settings.CACHES = {"default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
        "KEY_PREFIX": settings.CACHES["default"].get("KEY_PREFIX", ""),
        "OPTIONS": _options()}}
    yield caches["default"]


def test_a_redis_that_is_down_is_a_miss_and_a_skipped_write(redis_down, caplog):
    cache = redis_down
    assert isinstance(cache, RedisCache)
    cache.set("probe", 1)
    assert cache.get("probe", "missing") == "missing"
    assert cache.get_many(["probe", "other"]) == {}
    assert not cache.add("probe", 2)
    assert cache.incr("counter", ignore_key_check=True) is None  # flood control fails open
    cache.delete("probe")
    cache.delete_many(["probe"])
    assert "Exception ignored" in caplog.text  # logged, not raised


@pytest.mark.django_db
def test_a_redis_that_is_down_serves_pages_from_the_database(redis_down, settings, alice, bob):
    # Sessions (cached_db), the signed-in user and flood control all go through the cache.
    settings.FLOOD_CONTROL = True
    client = Client()
    client.force_login(alice.user)
    assert client.get(reverse("players:detail", args=["bob"])).status_code == 200
    for n in range(2):
        response = client.post(reverse("players:message_new"), {
            "recipient": "bob", "subject": f"cache down {n}", "body": "still delivered"})
        assert response.status_code == 302
    assert bob.messages_received.filter(subject__startswith="cache down").count() == 2
