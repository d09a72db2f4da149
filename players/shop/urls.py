from django.urls import path

from . import views

urlpatterns = [
    path("shop/", views.shop, name="shop"),
    path("shop/confirm/", views.shop_confirm, name="shop_confirm"),
    path("shop/buy/", views.shop_buy_view, name="shop_buy"),
]
