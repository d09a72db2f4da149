from django.urls import path

from . import views

app_name = "balance"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("selfplay/", views.selfplay_start, name="selfplay_start"),
]
