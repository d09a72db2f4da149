"""The Redis cache, where a Redis that is down is a miss, never an error.

Sessions (cached_db: read from the cache, written through to the database), the signed-in
user (players/accounts/user_cache.py) and flood control counters live in the cache. With
Django's RedisCache a Redis outage would turn every page into a server error; here reads
answer "not cached" and writes are skipped (logged), so pages fall back to the database
and keep working, only slower. ``incr`` still raises: flood control treats that as "no
limit" (marcomage/flood.py).
"""
import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
CACHE_DOWN = (RedisError, OSError)


def _warn(operation):
    log.warning("cache %s skipped: Redis is unreachable", operation, exc_info=True)


class ResilientRedisCache(RedisCache):
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
