from django.urls import path

from . import views

urlpatterns = [
    path("messages/", views.inbox, name="inbox"),
    path("messages/sent/", views.sent, name="sent"),
    path("messages/new/", views.message_new, name="message_new"),
    path("messages/delete/", views.message_delete_view, name="message_delete"),
    path("messages/<int:pk>/", views.message_detail, name="message_detail"),
]
