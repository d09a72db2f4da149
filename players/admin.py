from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import (
    AccountBan,
    AwardCounters,
    FoilCard,
    GameRating,
    Message,
    Mute,
    Player,
    PlayerSettings,
    Purchase,
    PushSubscription,
    User,
)
from .moderation.admin_privacy import (
    PrivateFieldsAdmin,
    PrivateLookupsRefused,
    adopt_registered_admins,
)


class PlayerInline(admin.StackedInline):
    model = Player
    can_delete = False
    extra = 0


@admin.register(User)
class MarcomageUserAdmin(PrivateLookupsRefused, UserAdmin):
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(PrivateFieldsAdmin):
    list_display = ("user", "level", "exp", "gold", "wins", "losses", "draws", "last_activity")
    list_filter = ("level",)
    search_fields = ("user__username", "user__email")
    list_select_related = ("user",)
    raw_id_fields = ("user",)


@admin.register(PlayerSettings)
class PlayerSettingsAdmin(PrivateFieldsAdmin):
    list_display = ("player", "status", "skin", "timezone", "country")
    list_filter = ("status", "skin")
    search_fields = ("player__user__username", "real_name")
    raw_id_fields = ("player",)


@admin.register(Message)
class MessageAdmin(PrivateFieldsAdmin):
    """Private messages stay private, even from the staff: the admin shows who wrote to whom
    and when, never the subject or the text (not listed, shown, searched, filtered on or
    sorted by: PrivateFieldsAdmin refuses ``?body__contains=`` and the like)."""

    list_display = ("pk", "author", "recipient", "created_at")
    list_filter = ("kind",)
    search_fields = ("author__user__username", "recipient__user__username")
    fields = ("author", "recipient", "kind", "is_read", "deleted_by_author",
              "deleted_by_recipient", "created_at")
    readonly_fields = fields
    list_select_related = ("author__user", "recipient__user")
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False  # the admin cannot write in a player's name


class ReadOnlyRecordAdmin(PrivateFieldsAdmin):
    """Mutes and bans are made on the players' pages (the services deactivate accounts and
    end sessions); the admin only lists the record."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Mute)
class MuteAdmin(ReadOnlyRecordAdmin):
    list_display = ("player", "moderator", "created_at", "ends_at", "lifted_at", "reason")
    search_fields = ("player__user__username", "moderator__user__username")
    list_select_related = ("player__user", "moderator__user")
    date_hierarchy = "created_at"


@admin.register(AccountBan)
class AccountBanAdmin(ReadOnlyRecordAdmin):
    list_display = ("user", "banned_by", "created_at", "lifted_at", "reason")
    search_fields = ("user__username", "banned_by__username")
    list_select_related = ("user", "banned_by")
    date_hierarchy = "created_at"


@admin.register(AwardCounters)
class AwardCountersAdmin(PrivateFieldsAdmin):
    list_display = ("player", "wall", "tower", "rares", "ai_challenges", "saboteur", "assassin")
    list_filter = ()
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)


@admin.register(FoilCard)
class FoilCardAdmin(PrivateFieldsAdmin):
    list_display = ("player", "card_id", "created_at")
    list_filter = ("created_at",)
    search_fields = ("player__user__username", "card_id")
    raw_id_fields = ("player",)


@admin.register(Purchase)
class PurchaseAdmin(PrivateFieldsAdmin):
    list_display = ("player", "item", "card_id", "price", "created_at")
    list_filter = ("item",)
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)


@admin.register(GameRating)
class GameRatingAdmin(PrivateFieldsAdmin):
    list_display = ("player", "game_id", "opponent_name", "result", "outcome", "exp", "gold",
                    "levels_gained", "created_at")
    list_filter = ("result", "outcome")
    search_fields = ("player__user__username", "opponent_name", "game_id")
    raw_id_fields = ("player",)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ReadOnlyRecordAdmin):
    """The browsers that get a player's notifications: listed, and removed (the player
    removes them on his settings page too); their address and keys are never shown."""

    list_display = ("player", "label", "push_service", "created_at", "last_success_at",
                    "failures")
    fields = ("player", "label", "push_service", "created_at", "last_success_at",
              "last_failure_at", "failures")
    readonly_fields = fields
    search_fields = ("player__user__username",)
    list_select_related = ("player__user",)
    date_hierarchy = "created_at"

    @admin.display(description="push service")
    def push_service(self, row):
        from urllib.parse import urlsplit

        return urlsplit(row.endpoint).hostname or "?"


# The apps before this one in INSTALLED_APPS have registered their admins by now.
adopt_registered_admins(admin.site)
