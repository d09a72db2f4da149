from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", consumers.TournamentLiveConsumer.as_asgi()),
]
