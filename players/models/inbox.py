"""Private messages (players/inbox/)."""
from django.db import models
from django.utils import timezone

from .profiles import Player


class Message(models.Model):
    """A private message between players, or a message written by the site (author null).

    Each side deletes for itself: the row goes only when both have deleted it.
    """

    class Kind(models.TextChoices):
        PERSONAL = "personal", "Personal"
        SYSTEM = "system", "System"
        BATTLE_REPORT = "battle_report", "Battle report"
        LEVEL_UP = "level_up", "Level up"
        CHALLENGE = "challenge", "Challenge"

    author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="messages_sent")
    recipient = models.ForeignKey(Player, on_delete=models.CASCADE,
                                  related_name="messages_received")
    subject = models.CharField(max_length=100)
    body = models.TextField(max_length=4000, help_text="BBCode source")
    # Rendered once when written (BBCode through the site's sanitiser).
    body_html = models.TextField(blank=True)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PERSONAL)
    is_read = models.BooleanField(default=False)
    deleted_by_author = models.BooleanField(default=False)
    deleted_by_recipient = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "deleted_by_recipient", "is_read"],
                         name="message_inbox"),
            models.Index(fields=["author", "deleted_by_author"], name="message_sent"),
        ]

    def __str__(self):
        # No subject: this text shows in the admin, which must not reveal what was written.
        return f"message {self.pk}: {self.author or 'MArcomage'} → {self.recipient}"

    @property
    def is_system(self):
        return self.author_id is None

    @property
    def author_name(self):
        return self.author.name if self.author_id else "MArcomage"
