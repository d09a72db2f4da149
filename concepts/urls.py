"""URLs of the concepts section."""
from django.urls import path

from . import views
from .lab.urls import urlpatterns as lab_urlpatterns

app_name = "concepts"

urlpatterns = [
    path("", views.concept_list, name="list"),
    path("new/", views.concept_new, name="new"),
    path("preview/", views.concept_preview, name="preview"),
    path("pictures/<str:filename>", views.concept_picture, name="picture"),
    path("<int:concept_id>/", views.concept_detail, name="detail"),
    path("<int:concept_id>/edit/", views.concept_edit, name="edit"),
    path("<int:concept_id>/delete/", views.concept_delete, name="delete"),
    path("<int:concept_id>/state/", views.concept_state, name="state"),
    path("<int:concept_id>/discuss/", views.concept_discuss, name="discuss"),
    *lab_urlpatterns,
]
