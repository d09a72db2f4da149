from django.urls import path

from . import views

urlpatterns = [
    path("players/<str:name>/mute/", views.player_mute_view, name="mute"),
    path("players/<str:name>/unmute/", views.player_unmute_view, name="unmute"),
    path("players/<str:name>/ban/", views.account_ban_view, name="ban"),
    path("players/<str:name>/unban/", views.account_unban_view, name="unban"),
]
