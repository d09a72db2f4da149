from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("tournaments/<int:tournament_id>/live/", views.tournament_live, name="live"),
    path("tournaments/<int:tournament_id>/standings/", views.tournament_standings,
         name="standings"),
    path("tournaments/<int:tournament_id>/join/", views.tournament_join, name="join"),
    path("tournaments/<int:tournament_id>/leave/", views.tournament_leave, name="leave"),
    path("tournaments/<int:tournament_id>/pause/", views.tournament_pause, name="pause"),
    path("tournaments/<int:tournament_id>/cancel/", views.tournament_cancel, name="cancel"),
]
