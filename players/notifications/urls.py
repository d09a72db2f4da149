from django.urls import path

from . import views

urlpatterns = [
    path("notifications/", views.notifications_page, name="notifications"),
    path("notifications/bell/", views.notifications_bell, name="notifications_bell"),
    path("notifications/read/", views.notifications_read, name="notifications_read"),
    path("notifications/<int:notification_id>/", views.notification_open,
         name="notification_open"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
