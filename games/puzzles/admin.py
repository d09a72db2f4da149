"""Puzzles in the admin: records to read, not to edit.

A puzzle is what the miner proved (the position, the accepted moves, the line after every
move, where it came from) and its rating is what the players' answers made it: none of it
is changed here, nor are the players' answers, their puzzle ratings or the list of mined
games (services.puzzle_save, services.puzzle_answer, mining). A bad puzzle may be deleted
(its days and answers go with it); a mined game's record may be deleted so that the miner
looks through the game again. The one thing chosen by hand is a coming day's puzzle: a
day still to come may be given its puzzle here (``services.daily_puzzle`` then keeps it);
today's and the past days' stay as the players answered them (the answers' "daily" flags
and the daily streaks were counted from them).
"""
import json

from django import forms
from django.contrib import admin
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.html import format_html

from games.admin import ReadOnlyAdmin
from players.moderation.admin_privacy import PrivateFieldsAdmin

from .models import DailyPuzzle, MinedGame, Puzzle, PuzzleAttempt, PuzzlePlayer

GAME_PLAYERS = ("player1__user", "player2__user")


def _json_block(value):
    return format_html('<pre class="readonly-json">{}</pre>',
                       json.dumps(value, indent=1, sort_keys=True))


class RecordAdmin(ReadOnlyAdmin):
    """Listed and shown; never added, changed or deleted here (the statistics count them)."""

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Puzzle)
class PuzzleAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "turns", "origin", "rating_shown", "attempts", "solved",
                    "solved_shown", "source_game", "created_at")
    list_filter = ("kind", "origin", "turns")
    search_fields = ("id__exact", "^fingerprint", "source_game__player1__user__username",
                     "source_game__player2__user__username")
    list_select_related = tuple(f"source_game__{name}" for name in GAME_PLAYERS)
    date_hierarchy = "created_at"
    fieldsets = (
        (None, {"fields": ("title", "kind", "turns", "seat", "solution_shown", "worlds")}),
        ("Rating", {"fields": ("rating", "deviation", "volatility", "attempts", "solved")}),
        ("Source", {"fields": ("origin", "source_game", "source_turn", "source_shown",
                               "fingerprint", "created_at")}),
        ("Position and lines", {"classes": ("collapse",),
                                "fields": ("position_shown", "lines_shown")}),
    )

    @admin.display(description="Rating", ordering="rating")
    def rating_shown(self, puzzle):
        return round(puzzle.rating)

    @admin.display(description="Solved %", ordering="solved")
    def solved_shown(self, puzzle):
        return puzzle.solved_percent

    @admin.display(description="Accepted moves")
    def solution_shown(self, puzzle):
        return _json_block(puzzle.solution)

    @admin.display(description="Source (self-play: seed, decks, moves)")
    def source_shown(self, puzzle):
        return _json_block(puzzle.source)

    @admin.display(description="Position (the engine's state)")
    def position_shown(self, puzzle):
        return _json_block(puzzle.state)

    @admin.display(description="What follows each legal move")
    def lines_shown(self, puzzle):
        return _json_block(puzzle.lines)


class DailyPuzzleForm(forms.ModelForm):
    class Meta:
        model = DailyPuzzle
        fields = ("day", "puzzle")

    def clean_day(self):
        day = self.cleaned_data["day"]
        if day <= timezone.localdate():
            raise forms.ValidationError(
                "Only a day still to come may be given its puzzle: today's and the past "
                "days' were answered by the players.")
        return day


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(PrivateFieldsAdmin):
    form = DailyPuzzleForm
    list_display = ("day", "puzzle", "answers")
    search_fields = ("puzzle__id__exact",)
    list_select_related = ("puzzle",)
    raw_id_fields = ("puzzle",)
    date_hierarchy = "day"

    def get_queryset(self, request):
        answered = Q(puzzle__attempts_made__daily=True,
                     puzzle__attempts_made__created_at__date=F("day"))
        return super().get_queryset(request).annotate(
            answer_count=Count("puzzle__attempts_made", filter=answered))

    @admin.display(description="Answers that day", ordering="answer_count")
    def answers(self, daily):
        return daily.answer_count

    def _to_come(self, obj) -> bool:
        return obj is None or obj.day > timezone.localdate()

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._to_come(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._to_come(obj)


@admin.register(PuzzlePlayer)
class PuzzlePlayerAdmin(RecordAdmin):
    list_display = ("player", "rating_shown", "deviation_shown", "solved", "failed", "streak",
                    "best_streak", "daily_streak", "last_daily")
    search_fields = ("player__user__username",)
    list_select_related = ("player__user",)

    @admin.display(description="Rating", ordering="rating")
    def rating_shown(self, row):
        return round(row.rating)

    @admin.display(description="Deviation", ordering="deviation")
    def deviation_shown(self, row):
        return round(row.deviation)


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(RecordAdmin):
    list_display = ("created_at", "player", "puzzle", "answer", "correct", "daily",
                    "rating_before_shown", "rating_change")
    list_filter = ("correct", "daily", "puzzle__kind")
    search_fields = ("player__user__username", "puzzle__id__exact")
    list_select_related = ("player__user", "puzzle")
    date_hierarchy = "created_at"

    @admin.display(description="Rating before", ordering="rating_before")
    def rating_before_shown(self, attempt):
        return round(attempt.rating_before)

    @admin.display(description="Change")
    def rating_change(self, attempt):
        return f"{attempt.rating_change:+d}"


@admin.register(MinedGame)
class MinedGameAdmin(ReadOnlyAdmin):
    list_display = ("game", "positions", "found", "mined_at")
    search_fields = ("game__id__exact", "game__player1__user__username",
                     "game__player2__user__username")
    list_select_related = tuple(f"game__{name}" for name in GAME_PLAYERS)
    date_hierarchy = "mined_at"
