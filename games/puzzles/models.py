"""Puzzles: positions with one winning (or saving) move, players' answers and ratings.

A Puzzle keeps the whole position (``state``: the engine's JSON, which holds what the
mover may not see; only ``engine.view_for(state, seat)`` ever reaches a page), the
accepted moves and the line that follows every legal move (shown only after an answer),
where it came from (a finished game and the turn, or a self-play game's seed), and its own
Glicko-2 rating, which moves as players solve or miss it.
"""
from django.db import models

from games.models import Game
from players.models import Player
from players.progression.glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY


class Puzzle(models.Model):
    class Kind(models.TextChoices):
        WIN = "win", "Find the win"
        DEFEND = "defend", "Save the game"

    class Origin(models.TextChoices):
        GAME = "game", "A game on the site"
        SELF_PLAY = "self-play", "The computer against itself"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    # Within how many of the mover's turns the win comes (1 for a defence: the opponent's
    # next turn is survived).
    turns = models.PositiveSmallIntegerField(default=1)
    seat = models.PositiveSmallIntegerField()  # the mover
    state = models.JSONField()  # engine.state_to_json of the position: never sent as is
    # The accepted moves' keys ("play:3:0"): one card and mode, maybe in several slots.
    solution = models.JSONField()
    # key -> {"right": bool, "steps": [...]}: what follows each legal move (solver.line_after).
    lines = models.JSONField()
    worlds = models.PositiveIntegerField(default=0)  # sampled worlds the solution held in
    origin = models.CharField(max_length=10, choices=Origin.choices)
    source_game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+")
    source_turn = models.PositiveIntegerField(default=0)  # logged turns before the position
    # Self-play: the seed, the decks' names and the moves that led here (to replay it).
    source = models.JSONField(default=dict, blank=True)
    fingerprint = models.CharField(max_length=64, unique=True)  # the same position once
    rating = models.FloatField(default=DEFAULT_RATING, db_index=True)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rating", "pk"]

    def __str__(self):
        return f"Puzzle {self.pk} ({self.get_kind_display()}, {round(self.rating)})"

    @property
    def title(self) -> str:
        if self.kind == self.Kind.DEFEND:
            return "Save the game: stop your opponent winning on his next turn"
        if self.turns == 1:
            return "Find the win: win this turn"
        return f"Find the win: win within {self.turns} of your turns, whatever your opponent does"

    @property
    def solved_percent(self) -> int:
        return round(100 * self.solved / self.attempts) if self.attempts else 0


class DailyPuzzle(models.Model):
    """The puzzle of one day (chosen the first time the day's puzzle is asked for)."""

    day = models.DateField(unique=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="days")

    class Meta:
        ordering = ["-day"]

    def __str__(self):
        return f"{self.day}: puzzle {self.puzzle_id}"


class PuzzlePlayer(models.Model):
    """A player's puzzle rating (Glicko-2, apart from the games' rating) and streaks."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="puzzle_rating")
    rating = models.FloatField(default=DEFAULT_RATING)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    # Puzzles solved in a row (a wrong answer ends it), and the best such run.
    streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    # Days in a row the daily puzzle was solved, and the last such day.
    daily_streak = models.PositiveIntegerField(default=0)
    last_daily = models.DateField(null=True, blank=True)
    solved = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.player}: puzzles {round(self.rating)}"


class PuzzleAttempt(models.Model):
    """A player's one rated answer to a puzzle (the first; later looks change nothing)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="puzzle_attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts_made")
    answer = models.CharField(max_length=20)  # the move's key ("play:3:0")
    correct = models.BooleanField()
    daily = models.BooleanField(default=False)  # the day's puzzle when answered
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    puzzle_rating_before = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["player", "puzzle"],
                                               name="one_attempt_per_puzzle")]

    def __str__(self):
        return f"{self.player}: puzzle {self.puzzle_id} ({'solved' if self.correct else 'missed'})"

    @property
    def rating_change(self) -> int:
        return round(self.rating_after - self.rating_before)


class MinedGame(models.Model):
    """A finished game the miner has looked through (so it is not searched again)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    positions = models.PositiveIntegerField(default=0)
    found = models.PositiveIntegerField(default=0)
    mined_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"game {self.game_id}: {self.found} puzzles"
