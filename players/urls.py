"""Every page of the players app, under the one namespace "players" (accounts excepted:
they are mounted under /accounts/ by marcomage/urls.py)."""
from .inbox.urls import urlpatterns as inbox_urls
from .moderation.urls import urlpatterns as moderation_urls
from .notifications.urls import urlpatterns as notifications_urls
from .profiles.urls import urlpatterns as profiles_urls
from .push.urls import urlpatterns as push_urls
from .settings.urls import urlpatterns as settings_urls
from .shop.urls import urlpatterns as shop_urls
from .tutorial.urls import urlpatterns as tutorial_urls

app_name = "players"
urlpatterns = [*profiles_urls, *moderation_urls, *tutorial_urls, *inbox_urls, *settings_urls,
               *shop_urls, *push_urls, *notifications_urls]
