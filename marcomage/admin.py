"""Admin pages of the marcomage app (Django's autodiscovery imports this module)."""
from marcomage.site.news import admin as news_admin  # noqa: F401  (registers NewsItem)
