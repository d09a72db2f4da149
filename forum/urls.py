"""URLs of the forum section."""
from django.urls import path  # noqa: F401

app_name = "forum"

urlpatterns = []
