from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import (
    AccountBan,
    AwardCounters,
    Delivery,
    DigestMail,
    FoilCard,
    GameRating,
    Message,
    Mute,
    Notification,
    NotificationSettings,
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


class DeliveryInline(admin.TabularInline):
    model = Delivery
    extra = 0
    can_delete = False
    fields = ("channel", "target", "status", "reason", "attempts", "next_attempt_at",
              "sent_at", "last_error")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Notification)
class NotificationAdmin(PrivateFieldsAdmin):
    """What each player was told, and each mail and push of it: never the notice's text
    (it may quote a private message)."""

    list_display = ("pk", "player", "kind", "game_id", "created_at", "dispatched_at",
                    "on_site", "read_at")
    list_filter = ("kind", "on_site")
    search_fields = ("player__user__username",)
    fields = ("player", "kind", "key", "url", "game_id", "game_turn", "created_at",
              "dispatched_at", "on_site", "read_at")
    readonly_fields = fields
    list_select_related = ("player__user",)
    date_hierarchy = "created_at"
    inlines = [DeliveryInline]

    def has_add_permission(self, request):
        return False


@admin.action(description="Try again now")
def deliveries_try_again(modeladmin, request, queryset):
    from .notifications.services import deliveries_retry

    count = deliveries_retry(queryset.values_list("pk", flat=True))
    modeladmin.message_user(request, f"{count} deliver{'y' if count == 1 else 'ies'} queued "
                                     "to be tried again.")


@admin.register(Delivery)
class DeliveryAdmin(PrivateFieldsAdmin):
    """Every mail and push: sent, waiting for its next attempt (with the last error), held
    for the digest, stopped by a rule (why), or given up. "Try again now" sends a failed or
    waiting one at once."""

    list_display = ("pk", "player_name", "kind", "channel", "status", "reason", "attempts",
                    "next_attempt_at", "sent_at", "short_error")
    list_filter = ("status", "channel", "notification__kind", "reason")
    search_fields = ("notification__player__user__username",)
    fields = ("notification", "channel", "target", "status", "reason", "attempts",
              "next_attempt_at", "created_at", "sent_at", "digest", "last_error")
    readonly_fields = fields
    list_select_related = ("notification__player__user",)
    date_hierarchy = "created_at"
    actions = [deliveries_try_again]

    def has_add_permission(self, request):
        return False

    @admin.display(description="player")
    def player_name(self, delivery):
        return delivery.notification.player.name

    @admin.display(description="kind")
    def kind(self, delivery):
        return delivery.notification.get_kind_display()

    @admin.display(description="last error")
    def short_error(self, delivery):
        return delivery.last_error[:80]


@admin.register(DigestMail)
class DigestMailAdmin(PrivateFieldsAdmin):
    list_display = ("pk", "player", "day", "status", "attempts", "next_attempt_at", "sent_at",
                    "last_error")
    list_filter = ("status",)
    search_fields = ("player__user__username",)
    readonly_fields = ("player", "day", "status", "attempts", "next_attempt_at", "last_error",
                       "created_at", "sent_at")
    list_select_related = ("player__user",)
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False


@admin.register(NotificationSettings)
class NotificationSettingsAdmin(PrivateFieldsAdmin):
    list_display = ("player", "email_mode", "digest_hour", "always", "updated_at")
    list_filter = ("email_mode", "always")
    search_fields = ("player__user__username",)
    raw_id_fields = ("player",)


# The apps before this one in INSTALLED_APPS have registered their admins by now.
adopt_registered_admins(admin.site)
