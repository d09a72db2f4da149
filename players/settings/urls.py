from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("settings/avatar/", views.avatar_upload, name="avatar_upload"),
    path("settings/avatar/remove/", views.avatar_remove, name="avatar_remove"),
    path("settings/tokens/", views.token_create, name="token_create"),
    path("settings/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
    path("settings/bot/", views.bot_account, name="bot_account"),
    path("settings/email/", views.email_change, name="email_change"),
    path("settings/email/verify/", views.email_verify_resend, name="email_verify_resend"),
]
