from django.contrib import admin

from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import ForumPost, ForumReadAll, ForumReadMark, ForumSection, ForumThread
from .services import refresh_thread_counters


@admin.register(ForumSection)
class ForumSectionAdmin(PrivateFieldsAdmin):
    list_display = ("name", "slug", "position", "description")
    list_editable = ("position",)
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug", "description")


class ForumPostInline(admin.TabularInline):
    model = ForumPost
    fields = ("author", "created_at", "body", "edited_at")
    readonly_fields = ("created_at", "edited_at")
    raw_id_fields = ("author",)
    extra = 0
    show_change_link = True


@admin.register(ForumThread)
class ForumThreadAdmin(PrivateFieldsAdmin):
    list_display = ("title", "section", "author", "priority", "locked", "post_count",
                    "last_post_at", "created_at")
    list_filter = ("section", "priority", "locked")
    list_editable = ("priority", "locked")
    search_fields = ("title", "author__user__username")
    raw_id_fields = ("author", "last_post_author", "deck")
    readonly_fields = ("post_count", "last_post_at", "last_post_author", "created_at")
    date_hierarchy = "last_post_at"
    list_select_related = ("section", "author__user")
    actions = ["lock", "unlock"]

    @admin.action(description="Lock the selected threads")
    def lock(self, request, queryset):
        queryset.update(locked=True)

    @admin.action(description="Unlock the selected threads")
    def unlock(self, request, queryset):
        queryset.update(locked=False)


@admin.register(ForumPost)
class ForumPostAdmin(PrivateFieldsAdmin):
    list_display = ("pk", "thread", "author", "created_at", "edited_at")
    list_filter = ("thread__section",)
    search_fields = ("body", "thread__title", "author__user__username")
    raw_id_fields = ("thread", "author", "edited_by")
    readonly_fields = ("body_html", "created_at")
    date_hierarchy = "created_at"
    list_select_related = ("thread", "author__user")

    def save_model(self, request, obj, form, change):
        from marcomage.plumbing.bbcode import bbcode_to_html

        obj.body_html = bbcode_to_html(obj.body)
        super().save_model(request, obj, form, change)

    # Keep the threads' post counts and last-post fields right after deletions here.
    def delete_model(self, request, obj):
        thread = obj.thread
        super().delete_model(request, obj)
        refresh_thread_counters(thread)

    def delete_queryset(self, request, queryset):
        threads = list(ForumThread.objects.filter(posts__in=queryset).distinct())
        super().delete_queryset(request, queryset)
        for thread in threads:
            refresh_thread_counters(thread)


@admin.register(ForumReadMark)
class ForumReadMarkAdmin(PrivateFieldsAdmin):
    list_display = ("player", "thread", "read_at")
    search_fields = ("player__user__username", "thread__title")
    raw_id_fields = ("player", "thread")
    list_select_related = ("player__user", "thread")


@admin.register(ForumReadAll)
class ForumReadAllAdmin(PrivateFieldsAdmin):
    list_display = ("player", "read_at")
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)
    list_select_related = ("player__user",)
