"""Forum: sections hold threads, threads hold posts; read marks drive the "new" flags.

A thread keeps its post count and the time and author of its last post on its own
row (written by forum.services in the same transaction as the post), so the lists
never count or aggregate posts.
"""
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone

from players.models import Player

THREAD_TITLE_MAX = 80
POST_BODY_MAX = 10_000
# First path parts of the forum's own pages (forum/urls.py): no section may use them.
RESERVED_SECTION_SLUGS = frozenset({"search", "thread", "post", "read-all", "deck"})


def _slug_not_reserved(value):
    if value in RESERVED_SECTION_SLUGS:
        raise ValidationError("This address is used by a forum page; choose another one.")


class ForumSection(models.Model):
    name = models.CharField(max_length=60)
    slug = models.SlugField(max_length=40, unique=True, validators=[_slug_not_reserved])
    description = models.CharField(max_length=200, blank=True)
    position = models.PositiveSmallIntegerField(default=0, help_text="Lower comes first")

    class Meta:
        ordering = ["position", "name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("forum:section", args=[self.slug])


class ForumThread(models.Model):
    class Priority(models.TextChoices):
        NORMAL = "normal", "Normal"
        IMPORTANT = "important", "Important"
        STICKY = "sticky", "Sticky"

    section = models.ForeignKey(ForumSection, on_delete=models.PROTECT, related_name="threads")
    title = models.CharField(max_length=THREAD_TITLE_MAX)
    author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="forum_threads")
    priority = models.CharField(max_length=10, choices=Priority.choices,
                                default=Priority.NORMAL)
    # Sort key of the priority (sticky 2, important 1, normal 0), kept with the priority
    # by the services so the thread list orders on one indexed column.
    priority_rank = models.PositiveSmallIntegerField(default=0, editable=False)
    locked = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    # Denormalised from the posts (forum.services keeps them right).
    last_post_at = models.DateTimeField(default=timezone.now, db_index=True)
    last_post_author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True,
                                         blank=True, related_name="+")
    post_count = models.PositiveIntegerField(default=0)
    # The deck this thread discusses (forum/deck_threads.py opens it on demand). The link
    # lives here, not on the deck, because forum sits above decks in the app layers; a deck
    # page reaches its thread through the reverse accessor ``deck.forum_thread``.
    deck = models.OneToOneField("decks.Deck", on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="forum_thread")

    class Meta:
        ordering = ["-priority_rank", "-last_post_at", "-pk"]
        indexes = [
            models.Index(fields=["section", "priority_rank", "last_post_at"],
                         name="forum_thread_list"),
        ]
        # Moderators hold it (the "Moderators" group): lock, move and rank threads, edit and
        # delete any post.
        permissions = [("moderate_forum", "Can moderate the forum")]

    RANKS = {Priority.NORMAL: 0, Priority.IMPORTANT: 1, Priority.STICKY: 2}

    def __str__(self):
        return self.title

    def save(self, *args, **kwargs):
        # Keep the sort key in step when the admin edits the priority.
        self.priority_rank = self.RANKS.get(self.priority, 0)
        if kwargs.get("update_fields") is not None and "priority" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "priority_rank"}
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("forum:thread", args=[self.pk])

    @property
    def author_name(self):
        return self.author.name if self.author_id else "(deleted player)"

    @property
    def is_sticky(self):
        return self.priority == self.Priority.STICKY

    @property
    def is_important(self):
        return self.priority == self.Priority.IMPORTANT


class ForumPost(models.Model):
    thread = models.ForeignKey(ForumThread, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="forum_posts")
    body = models.TextField(max_length=POST_BODY_MAX, help_text="BBCode source")
    # Rendered once when written (BBCode through the site's sanitiser).
    body_html = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    edited_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["thread", "created_at"], name="forum_post_thread")]

    def __str__(self):
        return f"post {self.pk} in {self.thread_id} by {self.author_name}"

    def get_absolute_url(self):
        return reverse("forum:post", args=[self.pk])

    @property
    def author_name(self):
        return self.author.name if self.author_id else "(deleted player)"


class ForumReadMark(models.Model):
    """Up to when a player has read a thread: posts created later are unread."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="forum_read_marks")
    thread = models.ForeignKey(ForumThread, on_delete=models.CASCADE, related_name="read_marks")
    read_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "thread"], name="forum_read_once"),
        ]

    def __str__(self):
        return f"{self.player} read {self.thread_id} up to {self.read_at}"


class ForumReadAll(models.Model):
    """The "mark everything read" moment of a player: threads whose last post is older
    count as read without a row per thread."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE,
                                  related_name="forum_read_all")
    read_at = models.DateTimeField()

    def __str__(self):
        return f"{self.player} read the whole forum up to {self.read_at}"
