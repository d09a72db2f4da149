from django.db import models
from django.db.models.functions import Lower

from players.models import Player

DECK_SECTION_SIZE = 15


def _empty_section():
    return [0] * DECK_SECTION_SIZE


def _no_tokens():
    return ["none", "none", "none"]


class Deck(models.Model):
    """A player's deck: 15 card ids per rarity section (0 = empty slot) and 3 token counters.

    Card facts come from the engine's catalogue; only ids are stored here.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=40)
    common = models.JSONField(default=_empty_section)
    uncommon = models.JSONField(default=_empty_section)
    rare = models.JSONField(default=_empty_section)
    tokens = models.JSONField(default=_no_tokens)
    note = models.TextField(max_length=2000, blank=True)
    is_ready = models.BooleanField(default=False, help_text="All 45 slots filled")
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    # Shown to the other players on the Shared decks page, who may copy it into their own.
    is_shared = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    modified_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["player", "name"]
        constraints = [
            # Case-insensitive, like the services' check, so two concurrent renames
            # to "Fire" and "fire" cannot both pass it.
            models.UniqueConstraint("player", Lower("name"), name="deck_name_unique_per_player_ci"),
        ]
        indexes = [
            # The Shared decks page: only shared decks, newest change first by default.
            models.Index(fields=["-modified_at"], name="deck_shared_recent",
                         condition=models.Q(is_shared=True)),
        ]

    def __str__(self):
        return f"{self.name} ({self.player})"

    def card_ids(self):
        return [*self.common, *self.uncommon, *self.rare]

    def card_count(self):
        """How many of the 45 slots hold a card."""
        return sum(1 for cid in self.card_ids() if cid)
