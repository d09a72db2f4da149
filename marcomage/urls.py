from django.contrib import admin
from django.urls import include, path

from .site import views

urlpatterns = [
    path("", views.home, name="home"),
    path("help/", views.help_page, name="help"),
    path("notices/seen/", views.notices_reset, name="notices_reset"),
    path("accounts/", include("players.accounts.urls")),
    path("admin/", admin.site.urls),
    path("favicon.ico", views.favicon),
    path("", include("players.urls")),
    path("", include("decks.urls")),
    path("", include("games.urls")),
    path("forum/", include("forum.urls")),
    path("concepts/", include("concepts.urls")),
    path("novels/", include("marcomage.novels.urls")),
]

handler403 = "marcomage.site.views.error_403"
handler404 = "marcomage.site.views.error_404"
handler500 = "marcomage.site.views.error_500"
