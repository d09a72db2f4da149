from django.conf import settings
from django.db import models
from django.utils import timezone

from marcomage.plumbing.bbcode import bbcode_to_html


class NewsItem(models.Model):
    """A news item. Visitors see it once it is published and its time has come."""

    title = models.CharField(max_length=120)
    body = models.TextField(max_length=20_000, help_text=(
        "BBCode: [b]bold[/b], [i]italic[/i], [quote]…[/quote], [url]https://…[/url] and "
        "[link]/a/page/of/this/site/[/link]."))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="news_items")
    published_at = models.DateTimeField(
        "publication time", default=timezone.now, db_index=True,
        help_text="Shown from this time on; a later time schedules the item.")
    is_published = models.BooleanField(
        "published", default=False, help_text="Untick to keep the item as a draft.")

    class Meta:
        app_label = "marcomage"
        ordering = ["-published_at", "-pk"]
        verbose_name = "news item"

    def __str__(self):
        return self.title

    @property
    def body_html(self):
        return bbcode_to_html(self.body)
