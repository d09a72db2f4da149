"""django-redis's connection factory, giving out one Redis client per connection pool.

The cache is django-redis (settings.CACHES): it keeps one connection pool per Redis
location in a process, and with IGNORE_EXCEPTIONS a Redis that is down is a cache miss.
But it builds a new ``redis.Redis`` (with its table of ~170 reply handlers) for every cache
object, and Django keeps a cache object per thread *and per context*: the HTTP pool runs
each request in a copy of its connection's context (a2wsgi), the live boards in the
socket's context. Building it cost 219 us of each request against 6 us with the client
kept (timeit, a fresh context's cache object). A ``redis.Redis`` on a pool is thread-safe.
"""
import threading

from django_redis.pool import ConnectionFactory


class SharedClientConnectionFactory(ConnectionFactory):
    _clients: dict = {}  # connection pool -> its client, for the whole process
    _clients_lock = threading.Lock()

    def get_connection(self, params):
        with self._clients_lock:  # threads share the pools: one pool and client per server
            pool = self.get_or_create_connection_pool(params)
            client = self._clients.get(pool)
            if client is None:
                client = self._clients[pool] = self.redis_client_cls(
                    connection_pool=pool, **self.redis_client_cls_kwargs)
        return client
