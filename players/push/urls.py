from django.urls import path

from . import views

urlpatterns = [
    path("settings/push/subscribe/", views.subscribe, name="push_subscribe"),
    path("settings/push/unsubscribe/", views.unsubscribe, name="push_unsubscribe"),
    path("settings/push/renew/", views.renew, name="push_renew"),
    path("settings/push/devices/<int:subscription_id>/remove/", views.device_remove,
         name="push_device_remove"),
    path("settings/push/test/", views.send_test, name="push_test"),
    path("settings/push/offer/dismiss/", views.offer_dismiss, name="push_offer_dismiss"),
]
