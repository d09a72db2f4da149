"""News in the admin: staff with the news permissions write and publish the items."""
from django.contrib import admin

from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import NewsItem


@admin.register(NewsItem)
class NewsItemAdmin(PrivateFieldsAdmin):
    list_display = ("title", "author", "published_at", "is_published")
    list_filter = ("is_published",)
    search_fields = ("title", "body")
    date_hierarchy = "published_at"
    fields = ("title", "body", "published_at", "is_published", "author")
    readonly_fields = ("author",)

    def save_model(self, request, obj, form, change):
        if obj.author_id is None:
            obj.author = request.user  # whoever writes it first signs it
        super().save_model(request, obj, form, change)
