from django.urls import path

from . import views

urlpatterns = [
    path("hints/<slug:key>/dismiss/", views.hint_dismiss, name="hint_dismiss"),
]
