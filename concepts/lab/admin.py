"""The card lab in the admin: records to read, not to edit (concepts/admin.py imports this
module, as concepts/models.py imports the lab's models, so that Django finds it).

A lab card's definition is what the engine plays under its id for good, playtests are
started on the concept's page and self-play reports are made by the background work
(concepts.lab.playtest, concepts.lab.selfplay): nothing is added or changed here. A record
may be deleted (a lab card only while no playtest or report uses it; a report only when it
is not being made). A report's deck is a copy of its requester's deck, whose cards only he
sees: it is a private field of the admin (players.moderation.admin_privacy), neither shown
nor filtered on.
"""
import json

from django.contrib import admin
from django.utils.html import format_html

from games import engine
from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import LabCard, Playtest, SelfPlayReport

GAME_PLAYERS = ("game__player1__user", "game__player2__user")


def _json_block(value):
    return format_html('<pre class="readonly-json">{}</pre>',
                       json.dumps(value, indent=1, sort_keys=True))


def _card_name(card_id) -> str:
    try:
        return engine.card(card_id).name
    except engine.EngineError:
        return str(card_id)


class LabRecordAdmin(PrivateFieldsAdmin):
    """Listed and shown, deleted if need be; never added or changed here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(LabCard)
class LabCardAdmin(LabRecordAdmin):
    list_display = ("engine_id", "name", "concept", "created_at")
    # The card's name, its concept, the concept's author; an engine id is matched in
    # get_search_results.
    search_fields = ("definition__name", "concept__name", "concept__author__user__username",
                     "^digest")
    list_select_related = ("concept",)
    date_hierarchy = "created_at"
    fields = ("engine_id", "concept", "digest", "definition_shown", "created_at")

    def get_search_results(self, request, queryset, search_term):
        found, duplicates = super().get_search_results(request, queryset, search_term)
        term = search_term.strip()
        if term.isdigit() and int(term) > engine.FIRST_CUSTOM_ID:
            found |= queryset.filter(pk=int(term) - engine.FIRST_CUSTOM_ID)
        return found, duplicates

    @admin.display(description="Engine id", ordering="pk")
    def engine_id(self, card):
        return card.engine_id

    @admin.display(description="Name")
    def name(self, card):
        return card.definition.get("name", "")

    @admin.display(description="Definition")
    def definition_shown(self, card):
        return _json_block(card.definition)


@admin.register(Playtest)
class PlaytestAdmin(LabRecordAdmin):
    list_display = ("created_at", "concept", "player", "game", "replaced_card", "in_ai_deck")
    list_filter = ("in_ai_deck", "game__status")
    search_fields = ("concept__name", "player__user__username", "game__id__exact")
    list_select_related = ("concept", "player__user", *GAME_PLAYERS)
    date_hierarchy = "created_at"
    fields = ("concept", "lab_card", "game", "player", "replaced", "replaced_card",
              "in_ai_deck", "created_at")

    @admin.display(description="Replaced card")
    def replaced_card(self, test):
        return _card_name(test.replaced)


@admin.register(SelfPlayReport)
class SelfPlayReportAdmin(LabRecordAdmin):
    list_display = ("id", "concept", "requested_by", "deck_name", "replaced_card", "games",
                    "level", "status", "percent_done", "created_at", "finished_at")
    list_filter = ("status", "level", "games")
    search_fields = ("concept__name", "requested_by__user__username", "deck_name")
    list_select_related = ("concept", "requested_by__user")
    date_hierarchy = "created_at"
    # Not "deck" (the requester's cards).
    fields = ("concept", "lab_card", "requested_by", "deck_name", "replaced", "replaced_card",
              "games", "level", "seed", "status", "progress", "error", "result_shown",
              "created_at", "updated_at", "finished_at")

    def has_delete_permission(self, request, obj=None):
        being_made = obj is not None and obj.status in (SelfPlayReport.Status.QUEUED,
                                                        SelfPlayReport.Status.RUNNING)
        return super().has_delete_permission(request, obj) and not being_made

    @admin.display(description="Replaced card")
    def replaced_card(self, report):
        return _card_name(report.replaced)

    @admin.display(description="Done")
    def percent_done(self, report):
        return f"{report.percent} %"

    @admin.display(description="Result")
    def result_shown(self, report):
        return _json_block(report.result)
