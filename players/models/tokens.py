"""Personal access tokens of the API (players/tokens/)."""
from django.db import models

from .profiles import Player


class AccessToken(models.Model):
    """A personal access token for the API (players/tokens/services.py).

    Only a SHA-256 hash of the secret is stored; ``prefix`` (public, unique) finds the row
    without comparing hashes across the table. The secret is shown once, at creation.
    """

    class Scope(models.TextChoices):
        READ = "read", "Read: public data"
        BOT = "bot", "Bot: receive events, answer challenges, play (bot accounts only)"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="access_tokens")
    name = models.CharField(max_length=40)
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["player", "-created_at"]

    def __str__(self):
        return f"{self.player}: token {self.name} ({self.prefix})"

    @property
    def is_active(self):
        return self.revoked_at is None
