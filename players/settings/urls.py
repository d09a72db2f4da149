from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("settings/avatar/", views.avatar_upload, name="avatar_upload"),
    path("settings/avatar/remove/", views.avatar_remove, name="avatar_remove"),
]
