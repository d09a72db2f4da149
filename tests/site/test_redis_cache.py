"""The Redis cache keeps one connection pool per process, whatever the thread or context.

Django gives each thread and each context (an HTTP request run by a2wsgi, a live board)
a cache object of its own; with Django's own client each of them opened its own Redis
connection, so every request connected anew. Needs Redis (REDIS_URL).
"""
import contextvars
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.core.cache import caches

from marcomage.cache import ResilientRedisCache

REDIS_URL = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")
SPARE_DB = 15  # the test workers cache in databases 1, 2, ... (tests/conftest.py)


def _cache_of_a_fresh_context(location):
    return contextvars.Context().run(
        lambda: ResilientRedisCache(location, {"OPTIONS": {"socket_timeout": 1}}))


def _connections_received(client):
    return client.info("stats")["total_connections_received"]


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
    # 50 cache objects, one pool: the thread reused the connection the first one opened.
    # (Other test workers may connect meanwhile: a connection per object would add 50.)
    assert _connections_received(watcher) - before < 25
    first.delete("shared-pool-probe")
    watcher.close()


def test_the_default_cache_of_a_new_context_is_a_new_object_with_the_same_client():
    default = caches["default"]
    if not isinstance(default, ResilientRedisCache):
        pytest.skip("the tests run with the local-memory cache")
    other = contextvars.Context().run(lambda: caches["default"])
    assert other is not default
    assert other._cache is default._cache
