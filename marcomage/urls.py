from django.contrib import admin
from django.urls import include, path

from .api.urls import urlpatterns as api_urls
from .site import views
from .site.about import views as about_views
from .site.news import views as news_views
from .site.webapp import views as webapp_views

urlpatterns = [
    # The games' pages first: they take most requests (a move, a board), and every pattern
    # tried before the one that matches costs time and stays in the request's list of tried
    # patterns (each include tried raises and catches its not-found). Nothing else starts
    # with games/, replays/ or statistics/ but the balance pages below, which they do not match.
    path("", include("games.urls")),
    path("", views.home, name="home"),
    path("help/", views.help_page, name="help"),
    path("notices/seen/", views.notices_reset, name="notices_reset"),
    path("news/", news_views.news_archive, name="news"),
    path("about/modified-cards/", about_views.modified_cards, name="modified_cards"),
    path("about/faq/", about_views.faq, name="faq"),
    path("about/credits/", about_views.credits_page, name="credits"),
    path("about/history/", about_views.game_history, name="game_history"),
    path("accounts/", include("players.accounts.urls")),
    path("accounts/", include("marcomage.privacy.urls")),
    path("", include("marcomage.ops.urls")),
    path("admin/", admin.site.urls),
    path("favicon.ico", views.favicon),
    # The installable app: served from the root (a service worker's scope is its folder).
    path("sw.js", webapp_views.service_worker, name="service_worker"),
    path("manifest.webmanifest", webapp_views.manifest, name="webmanifest"),
    path("offline/", webapp_views.offline, name="offline"),
    path("", include("players.urls")),
    path("", include("decks.urls")),
    path("statistics/balance/", include("games.balance.urls")),
    path("", include("games.tournaments.urls")),
    path("forum/", include("forum.urls")),
    path("concepts/", include("concepts.urls")),
    path("puzzles/", include("games.puzzles.urls")),
    path("novels/", include("marcomage.novels.urls")),
    *api_urls,
]

handler403 = "marcomage.site.views.error_403"
handler404 = "marcomage.site.views.error_404"
handler500 = "marcomage.site.views.error_500"
