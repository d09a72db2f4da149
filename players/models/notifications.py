"""Notifications (players/notifications/): what a player is told, how he wants to be told,
and each sending by mail or push with its attempts.

A ``Notification`` is written in the transaction of the change it tells of (a move, a
challenge, a message), so a notice is never lost with a task; the dispatch after commit
applies the player's preferences and the rules (players/notifications/rules.py) and writes
one ``Delivery`` per mail or push it means to send (or decided not to, with the reason):
those rows make sending idempotent (a delivery is sent once, whoever runs it how often) and
show the attempts, the errors and the next retry in the admin. The daily digest is a
``DigestMail`` per player and local day: at most one a day by construction.
"""
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .profiles import Player


class Notification(models.Model):
    """One thing a player is told: in the bell (the site channel), and by mail or push."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "It's your turn"
        CHALLENGE = "challenge", "A challenge received or answered"
        MESSAGE = "message", "A private message"
        TOURNAMENT = "tournament", "An event you joined pairs you"
        TIME_LIMIT = "time_limit", "A turn time limit about to run out"
        ABORTABLE = "abortable", "An opponent away for three weeks"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # What makes the notice once only: the same trigger twice (a sweep run again, a retried
    # task) finds its key taken ("your_turn:<game>:<version>", "message:<id>").
    key = models.CharField(max_length=120)
    # Plain text (no markup): written by the site from names and numbers, with at most a
    # short preview of what a player wrote (a message, a challenge's note); never a card.
    title = models.CharField(max_length=140)
    body = models.CharField(max_length=300, blank=True)
    # A path on the site: the game itself, the message, the games list.
    url = models.CharField(max_length=200)
    # The game it is about, and the game's version when the turn it is about began: at most
    # one mail per game and turn. A plain number: the players' models sit below the games'.
    game_id = models.PositiveBigIntegerField(null=True, blank=True)
    game_turn = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # When the dispatch applied the rules (and wrote the deliveries); until then the bell
    # does not show it, and the periodic tick dispatches one whose task was lost.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    # Shown in the bell (the player keeps the site channel of its kind on).
    on_site = models.BooleanField(default=False)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="notification_once"),
        ]
        indexes = [
            models.Index(fields=["player", "on_site", "read_at"], name="notification_bell"),
            models.Index(fields=["player", "game_id"], name="notification_game"),
            models.Index(fields=["created_at"], condition=Q(dispatched_at__isnull=True),
                         name="notification_undispatched"),
        ]

    def __str__(self):
        # No title: it may hold a preview of a private message (the admin shows this text).
        return f"notice {self.pk} ({self.kind}) to {self.player_id}"

    @property
    def is_read(self):
        return self.read_at is not None


class NotificationSettings(models.Model):
    """A player's choices: which kinds reach him on which channel, "always" (even while he
    plays), and mail at once or in one daily digest at an hour of his day. A player without
    a row has the defaults (players/notifications/preferences.py)."""

    class EmailMode(models.TextChoices):
        IMMEDIATE = "immediate", "At once (one mail per notice)"
        DIGEST = "digest", "A daily digest (at most one mail a day)"

    player = models.OneToOneField(Player, on_delete=models.CASCADE,
                                  related_name="notification_settings")
    # {kind: [channel, ...]} for the kinds the player changed; a kind missing here has its
    # default channels.
    channels = models.JSONField(default=dict, blank=True)
    always = models.BooleanField(
        default=False, help_text="Send even while the game is open or the player is active")
    email_mode = models.CharField(max_length=10, choices=EmailMode.choices,
                                  default=EmailMode.IMMEDIATE)
    # The hour of the player's own day (PlayerSettings.timezone) the digest goes at.
    digest_hour = models.PositiveSmallIntegerField(default=18,
                                                   validators=[MaxValueValidator(23)])
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "notification settings"

    def __str__(self):
        return f"notification settings of {self.player_id}"


class DigestMail(models.Model):
    """The daily digest of one player for one day of his own calendar: one row, one mail."""

    class Status(models.TextChoices):
        PENDING = "pending", "To send"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed (gave up)"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="digest_mails")
    day = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "day"], name="digest_once_a_day"),
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="digest_due")]

    def __str__(self):
        return f"digest of {self.player_id} for {self.day}"


class Delivery(models.Model):
    """One sending of a notification on one channel (one push subscription), or the rule
    that stopped it."""

    class Channel(models.TextChoices):
        EMAIL = "email", "Email"
        PUSH = "push", "Push"

    class Status(models.TextChoices):
        PENDING = "pending", "To send"
        DIGEST = "digest", "Held for the daily digest"
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Not sent (a rule)"
        FAILED = "failed", "Failed (gave up)"
        GONE = "gone", "Push subscription expired"

    notification = models.ForeignKey(Notification, on_delete=models.CASCADE,
                                     related_name="deliveries")
    channel = models.CharField(max_length=8, choices=Channel.choices)
    # The push subscription's id (players.push); 0 for a mail.
    target = models.PositiveBigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Why a rule stopped it (players/notifications/rules.py), in words.
    reason = models.CharField(max_length=60, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # When it may be tried next: a retry's time, or the lease of the attempt under way (a
    # second runner finds it in the future and leaves the delivery alone).
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    digest = models.ForeignKey(DigestMail, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="deliveries")
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "deliveries"
        constraints = [
            models.UniqueConstraint(fields=["notification", "channel", "target"],
                                    name="delivery_once"),
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due")]

    def __str__(self):
        return f"{self.channel} delivery {self.pk} of notice {self.notification_id}"
