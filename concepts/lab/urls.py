"""URLs of the card lab (in the concepts namespace: concepts.urls adds them)."""
from django.urls import path

from . import views

urlpatterns = [
    path("lab/builder/", views.lab_builder, name="lab_builder"),
    path("<int:concept_id>/lab/try/", views.playtest_start, name="lab_try"),
    path("<int:concept_id>/lab/reports/", views.selfplay_request, name="lab_report_new"),
    path("<int:concept_id>/lab/reports/<int:report_id>/", views.selfplay_report,
         name="lab_report"),
    path("<int:concept_id>/lab/export/", views.card_export, name="lab_export"),
]
