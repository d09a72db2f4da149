"""URLs of the Novels section."""
from django.urls import path

from . import views

app_name = "novels"

urlpatterns = [
    path("", views.library_view, name="library"),
    path("<slug:novel>/", views.contents_view, name="contents"),
    path("<slug:novel>/<int:chapter>/", views.chapter_view, name="chapter"),
]
