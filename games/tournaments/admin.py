"""The administrators' side of events: schedules of daily and weekly events, the policy
for events created by players, and the events themselves (created here they start like
any other; the options are checked as the players' are)."""
from django import forms
from django.contrib import admin

from players.moderation.admin_privacy import PrivateFieldsAdmin

from .forms import minutes_label, seconds_label
from .models import (
    ARENA_MINUTES,
    EVENT_TURN_TIMEOUTS,
    SWISS_ROUND_MINUTES,
    SWISS_ROUNDS,
    Entry,
    Pairing,
    Policy,
    Schedule,
    Tournament,
)
from .services import TournamentError, options_check, set_end

OPTION_FIELDS = ("name", "kind", "duration_minutes", "rounds", "round_minutes", "hidden",
                 "long_mode", "deck_rule", "turn_timeout", "min_level", "rated",
                 "bots_allowed", "max_players")


def _choice(values, words, **kwargs):
    return forms.TypedChoiceField(choices=[(value, words(value)) for value in values],
                                  coerce=int, **kwargs)


class OptionsCheckedForm(forms.ModelForm):
    """The event's options go through the services' own check (the same choices as the
    players' form and the API); the lengths and limits are offered as those choices, not as
    free numbers the check would refuse."""

    duration_minutes = _choice(ARENA_MINUTES, minutes_label, initial=30,
                               label="Arena: duration")
    rounds = _choice(SWISS_ROUNDS, str, initial=5, label="Swiss: rounds")
    round_minutes = _choice(SWISS_ROUND_MINUTES, minutes_label, initial=30,
                            label="Swiss: time limit of a round")
    turn_timeout = _choice(EVENT_TURN_TIMEOUTS, seconds_label, initial=300,
                           label="Turn time limit")

    def clean(self):
        data = super().clean()
        try:
            options_check({name: data.get(name) for name in OPTION_FIELDS})
        except TournamentError as exc:
            raise forms.ValidationError(exc.message)
        return data


@admin.register(Schedule)
class ScheduleAdmin(PrivateFieldsAdmin):
    form = OptionsCheckedForm
    list_display = ("name", "kind", "every", "weekday", "start_time", "announce_hours", "active")
    list_filter = ("kind", "every", "active")


@admin.register(Policy)
class PolicyAdmin(PrivateFieldsAdmin):
    list_display = ("__str__", "create_min_level", "open_events_per_player")

    def has_add_permission(self, request):
        # One policy row: addable while there is none, and only by whom the model allows.
        return super().has_add_permission(request) and not Policy.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("player", "status", "score", "games", "wins", "draws", "losses", "final_rank")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(PrivateFieldsAdmin):
    form = OptionsCheckedForm
    list_display = ("name", "kind", "status", "starts_at", "ends_at", "created_by", "schedule")
    list_filter = ("kind", "status")
    search_fields = ("name",)
    readonly_fields = ("status", "created_by", "schedule", "ends_at", "current_round",
                       "round_started_at", "finished_at", "version")
    inlines = [EntryInline]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if obj.status == Tournament.Status.UPCOMING:
            set_end(obj)


@admin.register(Pairing)
class PairingAdmin(PrivateFieldsAdmin):
    list_display = ("pk", "tournament", "round", "white", "black", "game", "result")
    list_filter = ("result",)
    raw_id_fields = ("tournament", "white", "black", "game")
