"""Web push subscriptions of the players' browsers (players/push/)."""
from django.db import models

from .profiles import Player


class PushSubscription(models.Model):
    """One browser's web push subscription (the Push API's PushSubscription), owned by the
    player who was signed in when it subscribed.

    ``endpoint`` is the push service's URL for that browser (unique: a browser that
    subscribes again for another account moves to that account); ``p256dh`` and ``auth`` are
    the browser's keys for encrypting the pushes (RFC 8291), base64url as the browser gives
    them. ``failures`` counts refused or failed sends since the last success.
    ``session_hash``: SHA-256 of the session that subscribed it: logging out of that session
    removes it, so that a shared browser stops showing the account's notifications.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE,
                               related_name="push_subscriptions")
    endpoint = models.CharField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    label = models.CharField(max_length=80, blank=True)
    session_hash = models.CharField(max_length=64, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["player", "-created_at"]

    def __str__(self):
        return f"{self.player}: push to {self.label or 'a browser'} ({self.pk})"
