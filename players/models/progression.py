"""What players earn by playing: award counters, the rating of each game and the rating's history
(players/progression/)."""
from django.db import models

from .profiles import Player


class AwardCounters(models.Model):
    """Lifetime achievement counters of one player (rules-engine.md §16.4).

    One column per counter so the admin and the player pages read them plainly;
    the names equal ``games.engine.awards.COUNTERS``.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="award_counters")
    wall = models.PositiveIntegerField(default=0)
    wall_damage = models.PositiveIntegerField(default=0)
    quarry = models.PositiveIntegerField(default=0)
    magic = models.PositiveIntegerField(default=0)
    dungeons = models.PositiveIntegerField(default=0)
    tower = models.PositiveIntegerField(default=0)
    tower_damage = models.PositiveIntegerField(default=0)
    rares = models.PositiveIntegerField(default=0)
    ai_challenges = models.PositiveIntegerField(default=0)
    saboteur = models.PositiveIntegerField(default=0)
    gentle_touch = models.PositiveIntegerField(default=0)
    desolator = models.PositiveIntegerField(default=0)
    dragon = models.PositiveIntegerField(default=0)
    carpenter = models.PositiveIntegerField(default=0)
    titan = models.PositiveIntegerField(default=0)
    assassin = models.PositiveIntegerField(default=0)
    snob = models.PositiveIntegerField(default=0)
    collector = models.PositiveIntegerField(default=0)
    builder = models.PositiveIntegerField(default=0)
    survivor = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name_plural = "award counters"

    def __str__(self):
        return f"award counters of {self.player}"

    def as_dict(self):
        from games.engine import awards_rules

        return {name: getattr(self, name) for name in awards_rules.COUNTERS}


class GameRating(models.Model):
    """What the rating of one finished game gave one player (kept for the battle report
    and the player's statistics)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game_id = models.PositiveIntegerField(db_index=True)
    opponent_name = models.CharField(max_length=150, blank=True)
    outcome = models.CharField(max_length=12)
    result = models.CharField(max_length=5)  # win / loss / draw
    exp = models.PositiveIntegerField(default=0)
    gold = models.PositiveIntegerField(default=0)
    awards = models.JSONField(default=list, blank=True)
    levels_gained = models.PositiveSmallIntegerField(default=0)
    # The EXP phases of the battle report (rating_rules.SideRating without the totals) and
    # the achievements the game's awards reached ([{"name", "gold"}]): the end screen's.
    breakdown = models.JSONField(default=dict, blank=True)
    achievements = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game_id"], name="rating_once_per_game"),
        ]

    def __str__(self):
        return f"{self.player}: game {self.game_id} {self.result} +{self.exp} EXP"


class RatingHistory(models.Model):
    """A player's Glicko-2 rating after one rated game (the profile's rating chart)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history")
    game_id = models.PositiveIntegerField(db_index=True)
    opponent_name = models.CharField(max_length=150, blank=True)
    result = models.CharField(max_length=5)  # win / loss / draw
    rating = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField()
    rating_before = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "created_at", "pk"]
        verbose_name_plural = "rating history"
        constraints = [
            models.UniqueConstraint(fields=["player", "game_id"],
                                    name="rating_history_once_per_game"),
        ]

    def __str__(self):
        return f"{self.player}: game {self.game_id} -> {self.rating:.0f}"
