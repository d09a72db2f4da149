from django.contrib.auth import views as auth_views
from django.urls import path

from . import views_accounts

urlpatterns = [
    path("register/", views_accounts.register, name="register"),
    path("login/", views_accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", views_accounts.PasswordChangeView.as_view(), name="password_change"),
]
