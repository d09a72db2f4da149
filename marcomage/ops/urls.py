"""The probes' addresses (answered first by ``marcomage.ops.views.ProbeMiddleware``)."""
from django.urls import path

from . import views

app_name = "ops"
urlpatterns = [
    path("health/live", views.live, name="live"),
    path("health/ready", views.ready, name="ready"),
    path("metrics", views.metrics_page, name="metrics"),
]
