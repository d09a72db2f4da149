from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import (
    AwardCounters,
    FoilCard,
    GameRating,
    Message,
    Player,
    PlayerSettings,
    Purchase,
    User,
)


class PlayerInline(admin.StackedInline):
    model = Player
    can_delete = False
    extra = 0


@admin.register(User)
class MarcomageUserAdmin(UserAdmin):
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("user", "level", "exp", "gold", "wins", "losses", "draws", "last_activity")
    list_filter = ("level",)
    search_fields = ("user__username", "user__email")
    list_select_related = ("user",)
    raw_id_fields = ("user",)


@admin.register(PlayerSettings)
class PlayerSettingsAdmin(admin.ModelAdmin):
    list_display = ("player", "status", "skin", "timezone", "country")
    list_filter = ("status", "skin")
    search_fields = ("player__user__username", "real_name")
    raw_id_fields = ("player",)


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("subject", "author", "recipient", "kind", "is_read", "created_at")
    list_filter = ("kind", "is_read", "deleted_by_author", "deleted_by_recipient")
    search_fields = ("subject", "author__user__username", "recipient__user__username")
    raw_id_fields = ("author", "recipient")
    date_hierarchy = "created_at"


@admin.register(AwardCounters)
class AwardCountersAdmin(admin.ModelAdmin):
    list_display = ("player", "wall", "tower", "rares", "ai_challenges", "saboteur", "assassin")
    list_filter = ()
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)


@admin.register(FoilCard)
class FoilCardAdmin(admin.ModelAdmin):
    list_display = ("player", "card_id", "created_at")
    list_filter = ("created_at",)
    search_fields = ("player__user__username", "card_id")
    raw_id_fields = ("player",)


@admin.register(Purchase)
class PurchaseAdmin(admin.ModelAdmin):
    list_display = ("player", "item", "card_id", "price", "created_at")
    list_filter = ("item",)
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)


@admin.register(GameRating)
class GameRatingAdmin(admin.ModelAdmin):
    list_display = ("player", "game_id", "opponent_name", "result", "outcome", "exp", "gold",
                    "levels_gained", "created_at")
    list_filter = ("result", "outcome")
    search_fields = ("player__user__username", "opponent_name", "game_id")
    raw_id_fields = ("player",)
