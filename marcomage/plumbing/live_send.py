"""Sending to the channel layer from synchronous code, wherever that code runs.

The services publish live events from HTTP threads, Celery workers, commands and tests;
where those messages go depends on the server, which the services must not know:

- under the ASGI server, HTTP runs on its pool of threads (marcomage.httppool): the sends
  are handed to the server's own event loop, where the channel layer's connections live,
  and not waited for;
- code already running in an event loop hands them to that loop;
- a thread of the server process that was told so (``hand_sends_to``: the periodic tasks'
  thread of the embedded default, marcomage/plumbing/periodic.py) hands them to the server's loop
  too;
- elsewhere (Celery workers, commands, tests) they are sent before returning, over one
  event loop for all of them.

Sending never raises: a channel layer that is down costs the live update only (logged).
"""
import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from marcomage.httppool import server_loop

log = logging.getLogger(__name__)

_this_thread = threading.local()


def hand_sends_to(loop) -> None:
    """This thread's sends go to ``loop`` (the server's own, where its channel layer and
    sockets live), not waited for: for threads of the server process other than its HTTP
    pool's."""
    _this_thread.loop = loop


def _bound_loop():
    loop = getattr(_this_thread, "loop", None)
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop


async def _group_send_all(layer, messages) -> None:
    """Send each (group, message), logging (not raising) a send that fails; in one go
    where the layer can (marcomage.channel_layer)."""
    send_many = getattr(layer, "group_send_many", None)
    if send_many is not None and len(messages) > 1:
        try:
            await send_many(messages)
        except Exception:  # as below
            log.exception("could not publish %s", [m.get("type") for _, m in messages])
        return
    for group, message in messages:
        try:
            await layer.group_send(group, message)
        except Exception:  # a down channel layer must never undo or fail a committed change
            log.exception("could not publish %s to %s", message.get("type"), group)


def group_send_all(messages) -> None:
    """Send each (group, message) pair of ``messages`` in one go (see the module's text)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            running.create_task(_group_send_all(layer, messages))
            return
        loop = server_loop() or _bound_loop()
        if loop is not None:
            asyncio.run_coroutine_threadsafe(_group_send_all(layer, messages), loop)
            return
        async_to_sync(_group_send_all)(layer, messages)
    except Exception:  # no loop to hand it to, a layer that cannot be reached...
        log.exception("could not publish %s", [m.get("type") for _, m in messages])
