"""The Redis cache, where a Redis that is down is a miss, never an error.

Sessions (cached_db: read from the cache, written through to the database), the signed-in
user (players/accounts/user_cache.py) and flood control counters live in the cache. With
Django's RedisCache a Redis outage would turn every page into a server error; here reads
answer "not cached" and writes are skipped (logged), so pages fall back to the database
and keep working, only slower. ``incr`` still raises: flood control treats that as "no
limit" (marcomage/flood.py).
"""
import logging
import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
CACHE_DOWN = (RedisError, OSError)


def _warn(operation):
    log.warning("cache %s skipped: Redis is unreachable", operation, exc_info=True)


class SharedRedisCacheClient(RedisCacheClient):
    """Django's Redis client, keeping one ``redis.Redis`` per connection pool instead of
    building one (with its table of ~170 reply handlers) for every cache call."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}
        self._lock = threading.Lock()

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            with self._lock:  # threads share this object: one pool per server, not two
                client = self._clients.get(index)
                if client is None:
                    pool = self._pool_class.from_url(self._servers[index], **self._pool_options)
                    client = self._clients[index] = self._client(connection_pool=pool)
        return client


# One client, and so one connection pool, per Redis location and options in a process.
# Django keeps a cache object per thread *and per context*: the HTTP pool runs each request
# in a copy of its connection's context (a2wsgi), the live boards in the socket's context,
# so with Django's own per-object client every request opened a new Redis connection (7 %
# of a server process under load, profiled with py-spy). Pools of redis-py are thread-safe.
_shared_clients: dict = {}
_shared_clients_lock = threading.Lock()


class ResilientRedisCache(RedisCache):
    @property
    def _cache(self):
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        client = _shared_clients.get(key)
        if client is None:
            with _shared_clients_lock:
                client = _shared_clients.get(key)
                if client is None:
                    client = _shared_clients[key] = SharedRedisCacheClient(
                        self._servers, **self._options)
        return client

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except CACHE_DOWN:
            _warn("get")
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except CACHE_DOWN:
            _warn("get_many")
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except CACHE_DOWN:
            _warn("has_key")
            return False

    def set(self, key, value, timeout=None, version=None):
        try:
            super().set(key, value, timeout, version)
        except CACHE_DOWN:
            _warn("set")

    def add(self, key, value, timeout=None, version=None):
        try:
            return super().add(key, value, timeout, version)
        except CACHE_DOWN:
            _warn("add")
            return False

    def set_many(self, data, timeout=None, version=None):
        try:
            return super().set_many(data, timeout, version)
        except CACHE_DOWN:
            _warn("set_many")
            return list(data)

    def touch(self, key, timeout=None, version=None):
        try:
            return super().touch(key, timeout, version)
        except CACHE_DOWN:
            _warn("touch")
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except CACHE_DOWN:
            _warn("delete")
            return False

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except CACHE_DOWN:
            _warn("delete_many")
