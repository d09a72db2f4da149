"""Mutes and bans (players/moderation/)."""
from django.db import models
from django.utils import timezone

from .accounts import User
from .profiles import Player


class Mute(models.Model):
    """A moderator's mute: until ``ends_at`` the player writes nothing other players read
    (docs/moderation.md lists the places; moves are not affected). Kept after it ends, as a
    record.

    A mute is active while it has not ended and nobody lifted it; with several active, the
    one ending last counts.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="mutes")
    moderator = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    reason = models.TextField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)
    ends_at = models.DateTimeField()
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["player", "ends_at"], name="mute_player_ends")]
        permissions = [("mute_player", "Can mute players and lift their mutes")]

    def __str__(self):
        return f"{self.player} muted until {self.ends_at:%Y-%m-%d %H:%M}"


class AccountBan(models.Model):
    """An administrator's ban: the account is deactivated and the reason is shown at login.

    ``lifted_at`` is set when the account is let back in (the row stays as a record).
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="bans")
    banned_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    reason = models.TextField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")

    class Meta:
        ordering = ["-created_at", "-pk"]
        permissions = [("ban_account", "Can ban accounts and lift bans")]

    def __str__(self):
        return f"{self.user} banned on {self.created_at:%Y-%m-%d}"
