"""Guards of marcomage/channel_layer.py (docs/decisions/0003-channel-layer.md).

It subclasses channels_redis's pub/sub layer and reaches into its private members: the
shard connection's ``_redis``, ``_pubsub``, ``_ensure_redis``, ``_receive_message`` and its
reader ``_do_receiving`` (rewritten), the loop layer's ``_shards``, ``_get_shard``,
``_get_group_channel_name``, the layer's ``_layers``, ``_args``, ``_kwargs``, ``_get_layer``
(rewritten) and the module's ``_wrap_close``. The methods it rewrites are pinned by their
source: when channels_redis changes one, read the change (a fix the fork would drop?),
port it, and update the hash. The rest is checked by behaviour, against a real Redis when
REDIS_URL is set.
"""
import asyncio
import hashlib
import inspect
import os
import uuid

import pytest
from channels_redis import pubsub

from marcomage import channel_layer
from marcomage.channel_layer import PubSubChannelLayer
from tests.event_loop import run_in_own_loop

from .pins import assert_checked_with

RECORD = "0003-channel-layer.md"
REDIS_URL = os.environ.get("REDIS_URL", "")

# The channels_redis code the fork rewrites, as it was when the fork was checked (sha256 of
# the method's source, first 16 hex digits).
REWRITTEN = {
    "RedisSingleShardConnection.publish": "5a18093dbcb440f5",
    "RedisSingleShardConnection._do_receiving": "a822736dcb875e43",
    "RedisPubSubChannelLayer._get_layer": "1862b87a25ac72b2",
    "RedisPubSubLoopLayer.group_send": "5d5f908ce40f335b",  # group_send_many publishes as it does
}


def _source_hash(dotted: str) -> str:
    owner, name = dotted.split(".")
    return hashlib.sha256(inspect.getsource(getattr(getattr(pubsub, owner), name)).encode()
                          ).hexdigest()[:16]


def test_channels_redis_is_a_version_the_fork_was_checked_with():
    assert_checked_with("channels-redis", "4.3", "4.4", RECORD)


@pytest.mark.parametrize("dotted", sorted(REWRITTEN))
def test_the_methods_it_rewrites_are_as_they_were(dotted):
    assert _source_hash(dotted) == REWRITTEN[dotted], (
        f"channels_redis's {dotted} changed: compare it with marcomage/channel_layer.py "
        f"(docs/decisions/{RECORD}), then update its hash here")


def test_the_private_members_it_uses_are_there():
    assert callable(pubsub._wrap_close)
    assert list(inspect.signature(pubsub.RedisSingleShardConnection.__init__).parameters) == [
        "self", "host", "channel_layer"]
    for name in ("_ensure_redis", "_receive_message", "_do_receiving", "_ensure_receiver",
                 "subscribe", "unsubscribe", "flush"):
        assert callable(getattr(pubsub.RedisSingleShardConnection, name)), name
    for name in ("_get_shard", "_get_group_channel_name", "group_send", "new_channel"):
        assert callable(getattr(pubsub.RedisPubSubLoopLayer, name)), name


def _layer():
    return PubSubChannelLayer(hosts=["redis://127.0.0.1:6379/7"], prefix=f"t{uuid.uuid4().hex}")


def _run(coroutine_function):
    return run_in_own_loop(coroutine_function())


def test_its_shards_replace_channels_redis_ones_whole():
    """Each of channels_redis's shard connections is replaced by ours before any connects:
    ours keeps every attribute theirs has, with the same values."""
    async def build():
        layer = _layer()
        loop_layer = layer._get_layer()
        stock = pubsub.RedisPubSubLoopLayer(*layer._args, **layer._kwargs, channel_layer=layer)
        return loop_layer, stock
    ours, stock = _run(build)
    assert type(ours) is channel_layer._LoopLayer
    assert len(ours._shards) == len(stock._shards) == 1
    mine, theirs = vars(ours._shards[0]), vars(stock._shards[0])
    assert set(mine) - set(theirs) == {"_publishing"} and set(theirs) <= set(mine)
    assert mine["host"] == theirs["host"] and mine["channel_layer"] is ours
    assert theirs["_redis"] is None and theirs["_receive_task"] is None  # nothing to close
    assert set(vars(ours)) == set(vars(stock))


def test_a_message_read_off_redis_reaches_the_channels_and_groups():
    """What the reader hands on (a pub/sub message as redis-py gives it) goes to
    ``_receive_message``, which queues it for the channel or each channel of the group."""
    async def deliver():
        layer = _layer()
        loop_layer = layer._get_layer()
        shard = loop_layer._shards[0]
        loop_layer.channels["c1"] = asyncio.Queue()
        loop_layer.channels["c2"] = asyncio.Queue()
        group = loop_layer._get_group_channel_name("g")
        loop_layer.groups[group] = {"c1", "c2"}
        shard._receive_message({"type": "message", "channel": b"c1", "data": b"one"})
        shard._receive_message({"type": "message", "channel": group.encode(), "data": b"all"})
        shard._receive_message(None)
        return ([loop_layer.channels["c1"].get_nowait() for _ in range(2)],
                loop_layer.channels["c2"].get_nowait())
    assert _run(deliver) == ([b"one", b"all"], b"all")


@pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL")
def test_through_redis_ours_delivers_what_channels_redis_delivers():
    async def exchange(layer, *, many):
        a, b = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g", a)
        await layer.group_add("g", b)
        await layer.group_add("p", a)
        await layer.send(a, {"type": "direct"})
        messages = [("g", {"type": "m", "n": n}) for n in range(5)] + [("p", {"type": "p"})]
        if many:
            await layer.group_send_many(messages)
        else:
            for group, message in messages:
                await layer.group_send(group, message)
        got_a = [await asyncio.wait_for(layer.receive(a), 5) for _ in range(7)]
        got_b = [await asyncio.wait_for(layer.receive(b), 5) for _ in range(5)]
        await layer.group_discard("g", b)
        await layer.group_send("g", {"type": "after"})
        got_a.append(await asyncio.wait_for(layer.receive(a), 5))
        with pytest.raises(TimeoutError):  # (the wait's end unsubscribes b: the last use)
            await asyncio.wait_for(layer.receive(b), 0.3)
        await layer.flush()
        return got_a, got_b

    def layer_of(cls):
        return cls(hosts=[REDIS_URL], prefix=f"t{uuid.uuid4().hex}")

    async def all_three():
        return (await exchange(layer_of(pubsub.RedisPubSubChannelLayer), many=False),
                await exchange(layer_of(PubSubChannelLayer), many=False),
                await exchange(layer_of(PubSubChannelLayer), many=True))
    stock, ours, ours_many = _run(all_three)
    assert stock == ours == ours_many
    assert stock[0][0] == {"type": "direct"} and stock[0][-1] == {"type": "after"}
