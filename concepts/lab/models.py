"""The card lab's rows: the definitions the engine plays, playtest games, self-play reports.

Django finds these models through ``concepts.models``, which imports this module.
"""
from django.db import models
from django.utils import timezone

from games import engine
from players.models import AI_LEVEL_CHOICES, Player


class LabCard(models.Model):
    """One definition of a proposed card, as the engine plays it (``engine.custom_card``;
    the games that hold it carry the definition in their state).

    Its engine id is ``engine.FIRST_CUSTOM_ID + pk``, for good: a row is never changed, and
    an edited concept gets a new row for its new definition (the games that played the old
    one keep it in their state)."""

    concept = models.ForeignKey("concepts.Concept", on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="lab_cards")
    # sha256 of the definition's canonical JSON: one row per definition.
    digest = models.CharField(max_length=64, unique=True)
    definition = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "concepts"

    def __str__(self):
        return f"lab card {self.engine_id}: {self.definition.get('name', '')}"

    @property
    def engine_id(self) -> int:
        return engine.FIRST_CUSTOM_ID + self.pk

    def card_def(self):
        """The engine's CardDef of this definition (compiled once and kept by the engine in a
        bounded cache; no catalogue holds it)."""
        return engine.custom_card(self.engine_id, self.definition)


class Playtest(models.Model):
    """A game against the computer with a concept in the player's deck ("Try this card").

    The game itself is an ordinary game (games.Game) whose state holds the proposed card:
    the games services rate nothing and count nothing for it. Its replay is listed with the
    concept."""

    concept = models.ForeignKey("concepts.Concept", on_delete=models.CASCADE,
                                related_name="playtests")
    lab_card = models.ForeignKey(LabCard, on_delete=models.PROTECT, related_name="+")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="playtest")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    # The card of the player's deck the concept took the place of.
    replaced = models.PositiveIntegerField()
    in_ai_deck = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        app_label = "concepts"
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"playtest of concept {self.concept_id} in game {self.game_id}"


class SelfPlayReport(models.Model):
    """Games of the computer against itself: a deck with the concept against the same deck
    with the card it replaced (concepts.lab.selfplay). ``result`` when done: see
    ``selfplay.summarize``."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    concept = models.ForeignKey("concepts.Concept", on_delete=models.CASCADE,
                                related_name="selfplay_reports")
    lab_card = models.ForeignKey(LabCard, on_delete=models.PROTECT, related_name="+")
    requested_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    replaced = models.PositiveIntegerField()
    # The deck both sides play ({"common", "uncommon", "rare", "tokens"}) and its name.
    deck = models.JSONField()
    deck_name = models.CharField(max_length=60)
    games = models.PositiveSmallIntegerField()
    level = models.CharField(max_length=10, choices=AI_LEVEL_CHOICES, default="standard")
    seed = models.BigIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "concepts"
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"self-play report {self.pk} of concept {self.concept_id}: {self.status}"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return round(100 * self.progress / self.games) if self.games else 0
