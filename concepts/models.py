"""Card concepts: cards players propose, and the review state the staff gives them.

The effect is BBCode; its HTML is rendered once when the concept is written (by
concepts.services), like private messages and forum posts.
"""
from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone

from players.models import Player

NAME_MAX = 64
EFFECT_MAX = 1000
NOTE_MAX = 1000
FEEDBACK_MAX = 2000
COST_MAX = 200


class Concept(models.Model):
    class Rarity(models.TextChoices):
        COMMON = "Common", "Common"
        UNCOMMON = "Uncommon", "Uncommon"
        RARE = "Rare", "Rare"

    class State(models.TextChoices):
        WAITING = "waiting", "Waiting"
        INTERESTING = "interesting", "Interesting"
        IMPLEMENTED = "implemented", "Implemented"
        REJECTED = "rejected", "Rejected"

    # A deleted account keeps its concepts (they may have become real cards).
    author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="concepts")
    name = models.CharField(max_length=NAME_MAX)
    rarity = models.CharField(max_length=10, choices=Rarity.choices, default=Rarity.COMMON)
    bricks = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(COST_MAX)])
    gems = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(COST_MAX)])
    recruits = models.PositiveSmallIntegerField(default=0,
                                                validators=[MaxValueValidator(COST_MAX)])
    # Names from the engine's keyword list, in the engine's order (concepts.cards).
    keywords = models.JSONField(default=list, blank=True)
    # The number of the keywords that take one (Charge, Enduring): {"Charge": 3}.
    keyword_params = models.JSONField(default=dict, blank=True)
    effect = models.TextField(max_length=EFFECT_MAX, help_text="BBCode source")
    effect_html = models.TextField(blank=True, editable=False)
    # The effect built in the card lab's builder (concepts.lab.effects): the steps of an
    # engine card definition, checked by the engine; None when the author built none.
    effect_tree = models.JSONField(null=True, blank=True)
    note = models.TextField(max_length=NOTE_MAX, blank=True, help_text="The author's note")
    picture = models.ImageField(upload_to="concepts/", blank=True)
    state = models.CharField(max_length=12, choices=State.choices, default=State.WAITING)
    feedback = models.TextField(max_length=FEEDBACK_MAX, blank=True,
                                help_text="The staff's answer, shown on the concept's page")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    modified_at = models.DateTimeField(default=timezone.now, db_index=True)
    # The concept's thread in the forum's "concepts" section, once someone opened one.
    thread = models.OneToOneField("forum.ForumThread", on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="concept")

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["author", "state"], name="concept_author_state"),
            models.Index(fields=["state", "created_at"], name="concept_state_created"),
        ]
        # Moderators hold it: set the review state and feedback, edit and delete any concept.
        permissions = [("review_concept", "Can review, edit and delete any card concept")]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("concepts:detail", args=[self.pk])

    @property
    def author_name(self):
        return self.author.name if self.author_id else "(deleted player)"

    @property
    def is_closed(self):
        """Implemented and rejected concepts are read-only for their author."""
        return self.state in (self.State.IMPLEMENTED, self.State.REJECTED)

    @property
    def keyword_labels(self):
        params = self.keyword_params or {}
        return [f"{k} ({params[k]})" if k in params else k for k in self.keywords or ()]

    @property
    def picture_filename(self):
        return self.picture.name.rsplit("/", 1)[-1] if self.picture else ""


class ConceptVisit(models.Model):
    """When a player last opened the concepts list: later concepts are marked new."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, primary_key=True,
                                  related_name="concept_visit")
    seen_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.player} saw the concepts at {self.seen_at:%Y-%m-%d %H:%M}"


# The card lab's models (concepts/lab/models.py) belong to this app.
from .lab.models import LabCard, Playtest, SelfPlayReport  # noqa: E402,F401
