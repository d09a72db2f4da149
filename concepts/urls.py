"""URLs of the concepts section."""
from django.urls import path  # noqa: F401

app_name = "concepts"

urlpatterns = []
