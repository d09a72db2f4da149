"""marcomage.channel_layer: the Redis pub/sub layer whose publishes wait for nobody and whose
reader hands on every message it has. Against a real Redis (skipped without REDIS_URL)."""
import asyncio
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from marcomage.channel_layer import PubSubChannelLayer

REDIS_URL = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL")


def _run(coroutine):
    """On an event loop of its own, in a thread of its own: a browser test's Playwright
    leaves a loop running in the main thread of the same pytest process."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=60)


def _layer():
    return PubSubChannelLayer(hosts=[{"address": REDIS_URL}], prefix=f"t{uuid.uuid4().hex}")


def test_a_burst_of_group_messages_all_arrive_in_order():
    async def run():
        layer = _layer()
        try:
            channel = await layer.new_channel()
            await layer.group_add("game-1", channel)
            await asyncio.gather(*(layer.group_send("game-1", {"type": "x", "n": n})
                                   for n in range(300)))
            got = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(300)]
            assert sorted(m["n"] for m in got) == list(range(300))
        finally:
            await layer.flush()
    _run(run())


def test_a_publish_does_not_wait_for_subscriptions():
    # The library's connection publishes under the lock its subscriptions hold: a burst
    # of sockets arriving held up every move's notice.
    async def run():
        layer = _layer()
        try:
            channel = await layer.new_channel()
            await layer.group_add("game-2", channel)
            shard = layer._get_layer()._shards[0]
            async with shard._lock:  # a subscription in progress
                await asyncio.wait_for(layer.group_send("game-2", {"type": "x"}), 2)
            assert (await asyncio.wait_for(layer.receive(channel), 5))["type"] == "x"
        finally:
            await layer.flush()
    _run(run())


def test_several_groups_messages_go_in_one_round_trip_and_in_order():
    async def run():
        layer = _layer()
        try:
            game, player = await layer.new_channel(), await layer.new_channel()
            await layer.group_add("game-3", game)
            await layer.group_add("player-3", player)
            shard = layer._get_layer()._shards[0]
            shard._ensure_redis()
            sent = []
            real_pipeline = shard._redis.pipeline

            def pipeline(**kwargs):  # count the round trips: one pipeline, executed once
                sent.append(kwargs)
                return real_pipeline(**kwargs)

            shard._redis.pipeline = pipeline
            await layer.group_send_many([("game-3", {"type": "x", "n": 1}),
                                         ("player-3", {"type": "y"}),
                                         ("game-3", {"type": "x", "n": 2})])
            assert sent == [{"transaction": False}]
            got = [await asyncio.wait_for(layer.receive(game), 5) for _ in range(2)]
            assert [m["n"] for m in got] == [1, 2]
            assert (await asyncio.wait_for(layer.receive(player), 5))["type"] == "y"
        finally:
            await layer.flush()
    _run(run())
