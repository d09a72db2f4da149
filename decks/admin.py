from django.contrib import admin

from .models import Deck


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "player", "is_ready", "is_shared", "wins", "losses", "draws",
                    "modified_at")
    list_filter = ("is_ready", "is_shared")
    search_fields = ("name", "player__user__username")
    list_select_related = ("player__user",)
    raw_id_fields = ("player",)
