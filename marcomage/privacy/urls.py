from django.urls import path

from . import views

app_name = "privacy"
urlpatterns = [
    path("data/", views.data_page, name="data"),
    path("data/export/", views.export_ask, name="export"),
    path("data/export/<int:export_id>/", views.export_download, name="download"),
    path("delete/", views.account_delete_page, name="delete"),
]
