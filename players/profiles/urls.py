from django.urls import path

from . import views

urlpatterns = [
    path("players/", views.player_list, name="list"),
    path("players/<str:name>/", views.player_detail, name="detail"),
    path("avatars/<str:filename>", views.avatar_file, name="avatar"),
]
