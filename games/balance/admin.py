"""The balance tables in the admin: counted figures to read, never to edit.

The rows are written by the refresh and the self-play runs (services.balance_refresh,
services.selfplay_run), which add to the counters: a counter changed, a counted game
dropped (it would be counted again) or a row deleted here would leave the dashboard's
figures wrong for good, so nothing is added, changed or deleted here. Self-play runs are
started on the balance dashboard.
"""
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from games import engine
from games.admin import ReadOnlyAdmin

from .counting import COUNTERS
from .models import FIGURE_FIELDS, BalanceState, CardBalance, CountedGame, SelfPlayRun


class RecordAdmin(ReadOnlyAdmin):
    """Listed and shown; never added, changed or deleted here."""

    def has_delete_permission(self, request, obj=None):
        return False


def _card_name(card_id) -> str:
    try:
        return engine.card(card_id).name
    except engine.EngineError:
        return "—"


def _percent(value) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


@admin.register(CardBalance)
class CardBalanceAdmin(RecordAdmin):
    list_display = ("card_id", "card_name", "source", "mode", "in_deck", "played_games",
                    "played_rate_shown", "unplayed_rate_shown", "difference_shown",
                    "times_played", "times_discarded")
    list_filter = ("source", "mode")
    # The card's id; its name is matched in get_search_results (the names are the engine's).
    search_fields = ("card_id__exact",)
    ordering = ("card_id", "source", "mode")
    fieldsets = (
        (None, {"fields": ("card_id", "card_name", "source", "mode")}),
        ("Counters", {"fields": COUNTERS}),
        ("Figures (none below the minimum sample)", {"fields": FIGURE_FIELDS}),
    )

    def get_search_results(self, request, queryset, search_term):
        found, duplicates = super().get_search_results(request, queryset, search_term)
        term = search_term.strip().lower()
        if term:
            ids = [card.id for card in engine.all_cards() if term in card.name.lower()]
            if ids:
                found |= queryset.filter(card_id__in=ids)
        return found, duplicates

    @admin.display(description="Card")
    def card_name(self, row):
        return _card_name(row.card_id)

    @admin.display(description="Win rate played", ordering="played_rate")
    def played_rate_shown(self, row):
        return _percent(row.played_rate)

    @admin.display(description="Win rate not played", ordering="unplayed_rate")
    def unplayed_rate_shown(self, row):
        return _percent(row.unplayed_rate)

    @admin.display(description="Difference", ordering="difference")
    def difference_shown(self, row):
        return _percent(row.difference)


@admin.register(CountedGame)
class CountedGameAdmin(RecordAdmin):
    list_display = ("game_id", "game_link", "counted_at")
    search_fields = ("game_id__exact",)
    date_hierarchy = "counted_at"

    @admin.display(description="Game")
    def game_link(self, counted):
        # No foreign key: the game may have been deleted since (the page then says so).
        return format_html('<a href="{}">game {}</a>',
                           reverse("admin:games_game_change", args=[counted.game_id]),
                           counted.game_id)


@admin.register(BalanceState)
class BalanceStateAdmin(RecordAdmin):
    list_display = ("__str__", "refreshed_at", "games_all", "games_rated")


@admin.register(SelfPlayRun)
class SelfPlayRunAdmin(RecordAdmin):
    """The last finished run is the dashboard's self-play source: none is deleted here."""

    list_display = ("id", "status", "games", "games_played", "level", "mode", "seed",
                    "requested_by", "cpu_seconds_shown", "created_at", "finished_at")
    list_filter = ("status", "level", "mode")
    search_fields = ("requested_by__user__username", "id__exact")
    list_select_related = ("requested_by__user",)
    date_hierarchy = "created_at"

    @admin.display(description="CPU seconds", ordering="cpu_seconds")
    def cpu_seconds_shown(self, run):
        return round(run.cpu_seconds, 1)
