from django.urls import path

from . import views, views_messages, views_settings, views_shop

app_name = "players"
urlpatterns = [
    path("players/", views.player_list, name="list"),
    path("players/<str:name>/", views.player_detail, name="detail"),
    path("avatars/<str:filename>", views.avatar_file, name="avatar"),
    path("hints/<slug:key>/dismiss/", views.hint_dismiss, name="hint_dismiss"),
    path("messages/", views_messages.inbox, name="inbox"),
    path("messages/sent/", views_messages.sent, name="sent"),
    path("messages/new/", views_messages.message_new, name="message_new"),
    path("messages/delete/", views_messages.message_delete_view, name="message_delete"),
    path("messages/<int:pk>/", views_messages.message_detail, name="message_detail"),
    path("settings/", views_settings.settings_page, name="settings"),
    path("settings/avatar/", views_settings.avatar_upload, name="avatar_upload"),
    path("settings/avatar/remove/", views_settings.avatar_remove, name="avatar_remove"),
    path("shop/", views_shop.shop, name="shop"),
    path("shop/confirm/", views_shop.shop_confirm, name="shop_confirm"),
    path("shop/buy/", views_shop.shop_buy_view, name="shop_buy"),
]
