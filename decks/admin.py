"""Decks in the admin: whose, what name, shared or not, the record; never the cards or the
note, which only the owner sees (another player sees the cards of a shared deck on the site,
never the note). The cards are what a running game's player holds and draws from."""
from django.contrib import admin

from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import Deck


@admin.register(Deck)
class DeckAdmin(PrivateFieldsAdmin):
    list_display = ("name", "player", "is_ready", "is_shared", "wins", "losses", "draws",
                    "modified_at")
    list_filter = ("is_ready", "is_shared")
    search_fields = ("name", "player__user__username")
    list_select_related = ("player__user",)
    # The name (an offensive one) and sharing may be changed here; decks are built on the site.
    fields = ("player", "name", "is_shared", "is_ready", "wins", "losses", "draws",
              "created_at", "modified_at")
    readonly_fields = ("player", "is_ready", "wins", "losses", "draws", "created_at",
                       "modified_at")

    def has_add_permission(self, request):
        return False
