from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/games/", consumers.GameLiveConsumer.as_asgi()),
    path("ws/games/<int:game_id>/", consumers.GameLiveConsumer.as_asgi()),
]
