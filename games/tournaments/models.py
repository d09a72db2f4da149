"""Arena and Swiss events: the event, its entries, its pairings and the administrators'
schedules of recurring events.

Scores are kept in half points as integers everywhere (a win 2, a draw 1, a loss 0): an
arena's points are those numbers (doubled on a winning streak), a Swiss score is half of
them (a win 1, a draw ½), so one column serves both.
"""
import re

from django.db import models
from django.db.models import Q

from games.models import Game
from players.models import Player


class DeckRule(models.TextChoices):
    ANY = "any", "Own decks"
    STARTER = "starter", "Starter decks only"
    COMMONS = "commons", "Commons only"


class Kind(models.TextChoices):
    ARENA = "arena", "Arena"
    SWISS = "swiss", "Swiss"


# Turn time limits an event may have (seconds): games of events always have one.
EVENT_TURN_TIMEOUTS = (60, 120, 300, 600, 1800, 3600)
ARENA_MINUTES = (15, 30, 45, 60, 90, 120)
SWISS_ROUNDS = range(3, 12)
SWISS_ROUND_MINUTES = (10, 15, 20, 30, 45, 60, 90, 120, 240)


class EventOptions(models.Model):
    """What an event is played like; shared by events and the schedules that create them."""

    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.ARENA)
    # Arena: how long it runs. Swiss: how many rounds, and how long a round may last (a
    # round's games still running then are called off: a draw for the event).
    duration_minutes = models.PositiveSmallIntegerField(default=30)
    rounds = models.PositiveSmallIntegerField(default=5)
    round_minutes = models.PositiveSmallIntegerField(default=30)
    hidden = models.BooleanField(default=False, help_text="Hidden cards")
    long_mode = models.BooleanField(default=False, help_text="Long mode")
    deck_rule = models.CharField(max_length=8, choices=DeckRule.choices, default=DeckRule.ANY)
    turn_timeout = models.PositiveIntegerField(default=300, help_text="Seconds a turn may take")
    min_level = models.PositiveSmallIntegerField(default=0)
    rated = models.BooleanField(default=True, help_text="Rated games (EXP and Glicko-2)")
    bots_allowed = models.BooleanField(default=False)
    max_players = models.PositiveSmallIntegerField(default=200)

    class Meta:
        abstract = True


class Schedule(EventOptions):
    """An event the administrators let the site create every day or week (the periodic
    task ``tournaments_tick`` creates each one ``announce_hours`` before it starts)."""

    class Every(models.TextChoices):
        DAY = "day", "Every day"
        WEEK = "week", "Every week"

    every = models.CharField(max_length=4, choices=Every.choices, default=Every.DAY)
    weekday = models.PositiveSmallIntegerField(
        default=0, help_text="Weekly events: 0 = Monday ... 6 = Sunday")
    start_time = models.TimeField(help_text="UTC")
    announce_hours = models.PositiveSmallIntegerField(default=12)
    active = models.BooleanField(default=True)

    def __str__(self):
        return f"{self.name} ({self.get_every_display().lower()})"


class Policy(models.Model):
    """The administrators' rules for events created by players (one row, pk 1)."""

    # Level 3: about ten games played (the tutorial opens Replays there), enough to know the
    # game and the site, while an account made a minute ago cannot announce events; lichess
    # asks a few games of its players. Two open events per player and the flood limit bound
    # the rest.
    create_min_level = models.PositiveSmallIntegerField(
        default=3, help_text="Players from this level on may create events (3: about ten "
                             "games played)")
    open_events_per_player = models.PositiveSmallIntegerField(
        default=2, help_text="Events a player may have upcoming or running at once")

    class Meta:
        verbose_name_plural = "policy"

    def __str__(self):
        return "Tournament policy"

    @classmethod
    def current(cls) -> "Policy":
        return cls.objects.get_or_create(pk=1)[0]


class Tournament(EventOptions):
    class Status(models.TextChoices):
        UPCOMING = "upcoming", "Upcoming"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.UPCOMING,
                              db_index=True)
    created_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="tournaments_created")
    schedule = models.ForeignKey(Schedule, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="tournaments")
    starts_at = models.DateTimeField(db_index=True)
    # Arena: when it ends (starts_at + duration). Swiss: set when it ends.
    ends_at = models.DateTimeField(null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    round_started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Bumped on every change the event page shows: the live frames carry it.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at", "pk"]
        constraints = [
            # A schedule creates its event for one start once, whoever runs the task.
            models.UniqueConstraint(fields=["schedule", "starts_at"],
                                    condition=Q(schedule__isnull=False),
                                    name="tournament_schedule_once"),
        ]

    def __str__(self):
        return self.name if self.name_shows_kind else f"{self.name} ({self.get_kind_display()})"

    @property
    def name_shows_kind(self) -> bool:
        """Does the name already say what kind of event it is ("Newcomer Arena", "Carol's
        Swiss")? Then the pages do not add the kind again."""
        words = re.findall(r"[a-z]+", self.name.lower())
        return self.get_kind_display().lower() in words

    @property
    def is_arena(self):
        return self.kind == Kind.ARENA

    @property
    def is_open(self):
        """Upcoming or running: the events a player is "in"."""
        return self.status in (self.Status.UPCOMING, self.Status.RUNNING)


class Entry(models.Model):
    """A player in an event: the deck he plays, his score, whether he is free to be paired."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Playing"
        PAUSED = "paused", "Paused"
        WITHDRAWN = "withdrawn", "Withdrawn"

    class Paused(models.TextChoices):
        """Why a paused entry is paused (he comes back with the page's button)."""
        ASKED = "", "He asked"
        AWAY = "away", "He left the event's pages"
        TIME = "time", "He lost a game on time"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="tournament_entries")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    paused_reason = models.CharField(max_length=4, choices=Paused.choices, blank=True,
                                     default=Paused.ASKED)
    # The deck copied at joining (starter decks: drawn for each game instead).
    deck_name = models.CharField(max_length=60, blank=True, default="")
    deck_cards = models.JSONField(default=dict, blank=True)
    rating = models.FloatField(default=1500.0, help_text="The player's rating when he joined")
    score = models.PositiveIntegerField(default=0)
    games = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    # Arena: consecutive wins (two make the next games count double), the last opponent.
    streak = models.PositiveSmallIntegerField(default=0)
    last_opponent = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                      related_name="+")
    # Swiss: a bye had; tie-breaks: Buchholz in half points, Sonneborn-Berger in quarter
    # points (rules.tie_breaks), so both stay integers.
    had_bye = models.BooleanField(default=False)
    buchholz = models.PositiveIntegerField(default=0)
    sonneborn = models.PositiveIntegerField(default=0)
    # The pairing whose game the player is in now (null: free). Claimed by a conditional
    # UPDATE, so a player is never in two games of one event at once.
    current_pairing = models.ForeignKey("Pairing", on_delete=models.SET_NULL, null=True,
                                        blank=True, related_name="+")
    free_since = models.DateTimeField(null=True, blank=True)
    # The place in the final standings, set when the event ends (profiles list it).
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-score", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_once"),
        ]
        indexes = [
            models.Index(fields=["player", "tournament"], name="entry_player"),
        ]
        verbose_name_plural = "entries"

    def __str__(self):
        return f"{self.player} in {self.tournament_id}"

    @property
    def points(self):
        """The score as players read it: an arena's points, a Swiss score (half points
        halved). Needs the tournament loaded."""
        return self.score if self.tournament.kind == Kind.ARENA else self.score / 2


class Pairing(models.Model):
    """Two entries paired for one game (Swiss: in one round), or a Swiss bye."""

    class Result(models.TextChoices):
        PENDING = "pending", "Playing"
        WHITE = "white", "First player won"
        BLACK = "black", "Second player won"
        DRAW = "draw", "Draw"
        BYE = "bye", "Bye"
        # An arena's game still running when the arena ended: it does not count.
        UNSCORED = "unscored", "Not counted"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField(default=0)
    # "white" sits at seat 0 of the game, "black" at seat 1 (null for a bye).
    white = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(Entry, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="+")
    game = models.OneToOneField(Game, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="tournament_pairing")
    result = models.CharField(max_length=8, choices=Result.choices, default=Result.PENDING,
                              db_index=True)
    white_points = models.PositiveSmallIntegerField(default=0)
    black_points = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "-round", "-created_at", "-pk"]
        indexes = [
            models.Index(fields=["tournament", "round"], name="pairing_round"),
        ]

    def __str__(self):
        return f"Pairing {self.pk} of {self.tournament_id}"
