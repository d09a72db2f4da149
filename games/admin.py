from django.contrib import admin

from .models import CardStatistic, ChatMessage, Game, Turn
from .services.statistics import card_statistics_reset_latest


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "player1", "player2", "status", "outcome", "winner", "round",
                    "is_ai", "is_friendly", "is_hidden", "is_long", "last_action_at",
                    "rated_at", "replay_views")
    list_filter = ("status", "outcome", "is_ai", "is_friendly", "is_hidden", "is_long")
    search_fields = ("player1__user__username", "player2__user__username", "ai_challenge")
    raw_id_fields = ("player1", "player2", "winner", "deck1", "deck2",
                     "surrender_requested_by")
    date_hierarchy = "created_at"


@admin.register(Turn)
class TurnAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "actor_seat", "actor", "action", "card", "mode",
                    "is_substitute", "is_ai_move", "created_at")
    list_filter = ("action", "is_substitute", "is_ai_move")
    search_fields = ("game__id", "actor__user__username")
    raw_id_fields = ("game", "actor")


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "author", "body", "created_at")
    search_fields = ("body", "author__user__username")
    list_filter = ("created_at",)
    raw_id_fields = ("game", "author")


@admin.register(CardStatistic)
class CardStatisticAdmin(admin.ModelAdmin):
    list_display = ("card_id", "played", "discarded", "drawn", "played_total",
                    "discarded_total", "drawn_total")
    search_fields = ("card_id",)
    list_filter = ()
    actions = ["reset_latest"]

    @admin.action(description="Reset the 'latest' counters (after new cards were added)")
    def reset_latest(self, request, queryset):
        # Also: manage.py reset_latest_card_statistics (every card at once).
        count = card_statistics_reset_latest(queryset=queryset)
        self.message_user(request, f"The latest counters of {count} card(s) were reset.")
