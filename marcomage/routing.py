"""Every websocket route of the site, gathered from the apps that own them.

A socket opened at any other path is refused during the handshake (close code 4404),
instead of the router raising "No route found" (a server error).
"""
from importlib import import_module

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path


class UnknownPathConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.close(code=4404)


websocket_urlpatterns = []
for _app in ("games", "games.tournaments", "players"):
    try:
        _module = import_module(f"{_app}.routing")
    except ModuleNotFoundError as exc:  # an app without live features has no routing module
        if exc.name != f"{_app}.routing":
            raise
        continue
    websocket_urlpatterns += _module.websocket_urlpatterns
websocket_urlpatterns.append(re_path(r"", UnknownPathConsumer.as_asgi()))
