"""Queries of the news: only what visitors may read (published, its time has come)."""
from django.utils import timezone

from .models import NewsItem

FRONT_PAGE_ITEMS = 3


def news_published():
    """Published news, newest first, with their authors."""
    return (NewsItem.objects.filter(is_published=True, published_at__lte=timezone.now())
            .select_related("author"))


def news_latest(count=FRONT_PAGE_ITEMS):
    return list(news_published()[:count])
