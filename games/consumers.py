"""Live updates over a websocket: "the game changed" notices, presence, your-turn refreshes.

Messages carry no game content. On "changed" the browser fetches its own view of the
board over HTTP (built by the engine's view_for), so nothing hidden can leak here.
"""
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from .models import Game
from .services.events import game_group, player_group

# The browser sends nothing but {"type": "ping"}; longer frames are not ours.
MAX_FRAME_CHARS = 1024


@database_sync_to_async
def _player_id(user):
    player = getattr(user, "player", None)
    return player.pk if player else None


@database_sync_to_async
def _seat(game_id, player_id):
    row = Game.objects.filter(pk=game_id).values("player1_id", "player2_id").first()
    if row is None:
        return None
    if row["player1_id"] == player_id:
        return 0
    if row["player2_id"] == player_id:
        return 1
    return None


class GameLiveConsumer(AsyncJsonWebsocketConsumer):
    """One socket per page: the player's group always, the game's group on a game page."""

    game_id = None
    seat = None

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.player_id = await _player_id(user)
        if self.player_id is None:
            await self.close(code=4401)
            return
        self.groups_joined = [player_group(self.player_id)]
        game_id = self.scope["url_route"]["kwargs"].get("game_id")
        if game_id is not None:
            self.seat = await _seat(game_id, self.player_id)
            if self.seat is None:
                await self.close(code=4404)
                return
            self.game_id = game_id
            self.groups_joined.append(game_group(game_id))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        if self.game_id is not None:
            await self._presence("hello")

    async def disconnect(self, code):
        if self.game_id is not None and self.seat is not None:
            await self._presence("bye")
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        # Anyone can type into a socket: a frame that is not a small JSON object (binary,
        # not JSON, a list, oversized, nested too deep) is dropped instead of raising,
        # which would kill the consumer and log a server error.
        if text_data is None or len(text_data) > MAX_FRAME_CHARS:
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict):
            await self.receive_json(content, **kwargs)

    async def receive_json(self, content, **kwargs):
        # The browser only listens; a ping keeps proxies from closing an idle socket.
        if content.get("type") == "ping":
            await self.send_json({"event": "pong"})

    async def _presence(self, state):
        await self.channel_layer.group_send(game_group(self.game_id), {
            "type": "game.presence", "seat": self.seat, "state": state,
            "sender": self.channel_name})

    # ---- group messages
    async def game_changed(self, event):
        await self.send_json({"event": "changed", "what": event.get("what", "board"),
                              "version": event.get("version")})

    async def turns_changed(self, event):
        await self.send_json({"event": "turns"})

    async def game_presence(self, event):
        if event.get("seat") == self.seat:
            return
        await self.send_json({"event": "presence", "here": event["state"] != "bye"})
        if event["state"] == "hello":
            # Tell the newcomer that this side is here too (once, not in a loop).
            await self.channel_layer.send(event["sender"], {
                "type": "game.presence", "seat": self.seat, "state": "here",
                "sender": self.channel_name})
