"""URLs of the Novels section (views in marcomage/novels.py)."""
from django.urls import path  # noqa: F401

app_name = "novels"

urlpatterns = []
