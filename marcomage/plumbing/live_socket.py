"""The base of the site's websocket consumers (the game pages', the event pages').

Every socket accepted here is counted against its account's and its address's caps
(marcomage/plumbing/socket_cap.py): one past a cap closes the oldest of that account or address,
which hears ``live.socket.replaced`` and closes with socket_cap.CLOSE_CODE and the reason.
"""
import orjson
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from marcomage.plumbing import socket_cap

# Sent to an account's sockets when its sessions end for good (the account deleted): each
# closes with SIGNED_OUT_CODE, as a socket without a session is refused (4401).
REVOKED = "live.socket.revoked"
SIGNED_OUT_CODE = 4401


class LiveSocketConsumer(AsyncJsonWebsocketConsumer):
    """A JSON socket whose database work goes only through ``database_sync_to_async``
    (which closes old connections itself, before and after) or threads that close their
    own: it skips Channels' ``close_old_connections`` hop to the shared sync thread before
    every message (one hop per frame, group message and ping: 5.9 % of a server process's
    interpreter time at 400 games, py-spy --gil; the event pages' sockets queued behind one
    another on that thread for every change of an arena of 200)."""

    counted_in = ()  # the sets of socket_cap this socket is counted in, once accepted

    @classmethod
    async def encode_json(cls, content):
        # A pushed board's frame (60 kB of HTML) took the json module 140 us, 300 under load
        # (py-spy at think time 0: 5.8 % of a server process); orjson takes 40.
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS).decode()

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError("No handler for message type %s" % message["type"])
        await handler(message)

    # The groups this socket joined (its own list: Channels' ``groups`` attribute is joined
    # by Channels itself at connect), left together when it closes.
    async def _join(self, group):
        if not hasattr(self, "groups_joined"):
            self.groups_joined = []
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def _leave_groups(self):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []

    # ---- the caps on live sockets per account and per address (marcomage/plumbing/socket_cap.py)
    async def accept(self, subprotocol=None, headers=None):
        await super().accept(subprotocol, headers)
        client = self.scope.get("client") or (None,)
        self.counted_in = socket_cap.caps_of(self.scope.get("user"), client[0])
        await socket_cap.socket_opened(self.channel_layer, self.channel_name, self.counted_in)

    async def websocket_disconnect(self, message):
        counted, self.counted_in = self.counted_in, ()
        await socket_cap.socket_closed(self.channel_name, counted)
        await super().websocket_disconnect(message)

    async def live_socket_replaced(self, event):
        """The oldest socket of an account or address past its cap: closed, with the reason
        its page shows (the page then waits for the player before it connects again)."""
        await self.close(code=socket_cap.CLOSE_CODE, reason=event.get("reason") or None)

    async def live_socket_revoked(self, event):
        """The account's sessions ended (the account was deleted): no more live updates."""
        await self.close(code=SIGNED_OUT_CODE, reason="Signed out.")
