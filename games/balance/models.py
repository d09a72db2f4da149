"""The balance dashboard's tables: per card, the counters and figures of each source and
mode (precomputed, read by the pages as they are), the games already counted, and the
self-play runs."""
from django.db import models

from players.models import AI_LEVEL_CHOICES, Player

from .counting import COUNTERS
from .selfplay import SELFPLAY_MODES


class CardBalance(models.Model):
    """One card's counters and figures for one source of games and one mode.

    Every card has a row for every source and mode (zeros until counted). The figures are
    worked out from the counters whenever these change (``counting.figures``): a win rate
    is None while its group has fewer than ``counting.MIN_GAMES`` games.
    """

    class Source(models.TextChoices):
        ALL = "all", "All games"
        RATED = "rated", "Rated games"
        SELFPLAY = "selfplay", "Self-play"

    class Mode(models.TextChoices):
        ALL = "all", "Every mode"
        NORMAL = "normal", "Normal (neither hidden nor long)"
        HIDDEN = "hidden", "Hidden cards"
        LONG = "long", "Long mode"

    source = models.CharField(max_length=10, choices=Source.choices)
    mode = models.CharField(max_length=10, choices=Mode.choices)
    card_id = models.PositiveIntegerField()
    # Seats whose deck held the card; of those, the ones that played it (and won) and the
    # ones that did not (and won).
    in_deck = models.PositiveIntegerField(default=0)
    played_games = models.PositiveIntegerField(default=0)
    played_wins = models.PositiveIntegerField(default=0)
    unplayed_games = models.PositiveIntegerField(default=0)
    unplayed_wins = models.PositiveIntegerField(default=0)
    # Every play and every discard by the player (summoned copies too).
    times_played = models.PositiveIntegerField(default=0)
    times_discarded = models.PositiveIntegerField(default=0)
    # Win rates (0..1) with their 95 % Wilson intervals, and played minus not played with
    # Newcombe's interval; null below the minimum sample.
    played_rate = models.FloatField(null=True)
    played_low = models.FloatField(null=True)
    played_high = models.FloatField(null=True)
    unplayed_rate = models.FloatField(null=True)
    unplayed_low = models.FloatField(null=True)
    unplayed_high = models.FloatField(null=True)
    difference = models.FloatField(null=True)
    difference_low = models.FloatField(null=True)
    difference_high = models.FloatField(null=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["source", "mode", "card_id"],
                                               name="card_balance_unique")]

    def __str__(self):
        return f"card {self.card_id} ({self.source}, {self.mode})"

    def counts(self) -> dict:
        return {name: getattr(self, name) for name in COUNTERS}


FIGURE_FIELDS = ("played_rate", "played_low", "played_high", "unplayed_rate", "unplayed_low",
                 "unplayed_high", "difference", "difference_low", "difference_high")


class CountedGame(models.Model):
    """A finished game the refresh has read (counted, or left out: aborted, sandboxed).
    No foreign key: a game deleted later stays counted."""

    game_id = models.PositiveBigIntegerField(primary_key=True)
    counted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"game {self.game_id} counted"


class BalanceState(models.Model):
    """The one row (pk 1) saying when real games were last counted and how many; the
    refresh locks it so that two refreshes never count at once."""

    refreshed_at = models.DateTimeField(null=True, blank=True)
    games_all = models.PositiveIntegerField(default=0)
    games_rated = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"balance counted at {self.refreshed_at}"


class SelfPlayRun(models.Model):
    """A run of the computer against itself; the last finished one is the dashboard's
    self-play source."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        STOPPED = "stopped", "Stopped at its time limit"
        FAILED = "failed", "Failed"

    games = models.PositiveIntegerField()
    level = models.CharField(max_length=10, choices=AI_LEVEL_CHOICES, default="standard")
    mode = models.CharField(max_length=10, choices=list(SELFPLAY_MODES.items()),
                            default="normal")
    seed = models.BigIntegerField(default=1)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    requested_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    games_played = models.PositiveIntegerField(default=0)
    turns = models.PositiveIntegerField(default=0)
    cpu_seconds = models.FloatField(default=0)
    wall_seconds = models.FloatField(default=0)
    error = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"self-play run {self.pk}: {self.games} games at {self.level}"

    @property
    def games_per_second(self):
        return self.games_played / self.cpu_seconds if self.cpu_seconds else None

    @property
    def is_finished(self):
        return self.status in (self.Status.DONE, self.Status.STOPPED)
