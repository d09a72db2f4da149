from django.urls import path

from . import views

app_name = "puzzles"

urlpatterns = [
    path("", views.puzzles_home, name="home"),
    path("daily/", views.puzzle_daily, name="daily"),
    path("next/", views.puzzle_next, name="next"),
    path("history/", views.puzzle_history, name="history"),
    path("browse/", views.puzzle_browse, name="browse"),
    path("<int:puzzle_id>/", views.puzzle_detail, name="detail"),
    path("<int:puzzle_id>/answer/", views.puzzle_answer, name="answer"),
]
