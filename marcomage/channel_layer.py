"""The Redis pub/sub channel layer (channels_redis), with its messages flowing freely.

Measured at 400 live games (devtools/load.py, a timestamp carried from the publish to the
consumer): a move's notice took 1.0 s at the median and 3.5 s at p99 from the publishing
server's event loop to the consumer on the other side, while drawing and sending the board
after it took 70 ms. channels_redis's connection to Redis, in each process, publishes under
the same lock as it subscribes (each publish waited for every handshake's subscriptions and
every publish before it, one Redis round trip each), and its reader takes one message per
turn of the event loop, which under load is milliseconds long. Here publishes wait only
for each other, PUBLISHES_AT_ONCE at a time (the Redis client's pool holds 100 connections
and refuses more), and the reader hands on every message already read before it waits again.

A move tells three groups (the game's, each player's): ``group_send_many`` publishes them in
one round trip (a pipeline), where one ``group_send`` each cost three (py-spy at think time
0: the publishes' Redis calls 6 % of a server process).

Leans on channels_redis's private internals: docs/decisions/0003-channel-layer.md (why, what
it saves, how to remove it); guarded by tests/plumbing/test_fork_channel_layer.py.
"""
import asyncio
import logging

from channels_redis import pubsub

log = logging.getLogger(__name__)


PUBLISHES_AT_ONCE = 16


class _Shard(pubsub.RedisSingleShardConnection):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._publishing = asyncio.Semaphore(PUBLISHES_AT_ONCE)

    async def publish(self, channel, message):
        # Commands on the client's own pool of connections, not behind the subscriptions.
        async with self._publishing:
            self._ensure_redis()
            await self._redis.publish(channel, message)

    async def publish_many(self, items):
        """Publish each (channel, message) in ``items``, in order, in one round trip."""
        async with self._publishing:
            self._ensure_redis()
            async with self._redis.pipeline(transaction=False) as pipe:
                for channel, message in items:
                    pipe.publish(channel, message)
                await pipe.execute()

    async def _do_receiving(self):
        while True:
            try:
                if not (self._pubsub and self._pubsub.subscribed):
                    await asyncio.sleep(0.1)
                    continue
                message = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                         timeout=0.1)
                # What has arrived already is handed on now, without a turn of the loop each.
                while message is not None:
                    self._receive_message(message)
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                             timeout=0)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except BaseException:
                log.exception("the channel layer's reader failed; it starts again in 1 s")
                await asyncio.sleep(1)


class _LoopLayer(pubsub.RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._shards = [_Shard(shard.host, self) for shard in self._shards]

    async def group_send_many(self, messages):
        by_shard: dict = {}
        for group, message in messages:
            channel = self._get_group_channel_name(group)
            by_shard.setdefault(self._get_shard(channel), []).append(
                (channel, self.channel_layer.serialize(message)))
        for shard, items in by_shard.items():
            await shard.publish_many(items)


class PubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    """RedisPubSubChannelLayer with the connections above (settings.CHANNEL_LAYERS)."""

    async def group_send_many(self, messages):
        """``group_send`` of each (group, message) of ``messages``, in order, in one Redis
        round trip per shard."""
        await self._get_layer().group_send_many(messages)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(*self._args, **self._kwargs,
                                                     channel_layer=self)
            pubsub._wrap_close(self, loop)
        return layer
