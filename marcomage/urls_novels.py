"""URLs of the Novels section (views and the story loader in marcomage/novels.py)."""
from django.urls import path

from . import novels

app_name = "novels"

urlpatterns = [
    path("", novels.library_view, name="library"),
    path("<slug:novel>/", novels.contents_view, name="contents"),
    path("<slug:novel>/<int:chapter>/", novels.chapter_view, name="chapter"),
]
