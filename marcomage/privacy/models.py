"""Data exports and the names of deleted accounts, held for a while."""
from django.db import models

from players.models import Player


class DataExport(models.Model):
    """One "Download my data" archive of a player, from its request to its expiry."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Being prepared"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="data_exports")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    requested_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The archive's file name under PRIVATE_ROOT/exports/ (random: never guessed, never shown).
    file_name = models.CharField(max_length=80, blank=True, default="")
    size = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-requested_at"]

    def __str__(self):
        return f"data export {self.pk} of player {self.player_id}: {self.status}"


class HeldName(models.Model):
    """A deleted account's name, which nobody may register until ``held_until``."""

    name = models.CharField(max_length=150, unique=True)  # case-folded
    held_until = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"{self.name} held until {self.held_until:%Y-%m-%d}"
