"""Models of the marcomage app. Django looks for an app's models here; they live by
feature under marcomage/site/ and are imported so that Django registers them."""
from marcomage.site.news.models import NewsItem

__all__ = ["NewsItem"]
