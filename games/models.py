"""Games between two players (or a player and the AI), their turn log, chat and card statistics.

The engine owns the rules and the game state's format (``state`` holds
``games.engine.state_to_json(...)``); these models add what the web side needs:
who plays, the modes, the lifecycle, the timestamps behind the inactivity rules,
and the optimistic-concurrency ``version``.
"""
from django.db import models
from django.db.models import Q

from decks.models import Deck
from marcomage.plumbing.bbcode import bbcode_to_html
from players.models import AI_LEVEL_CHOICES, Player

# Turn timeouts a player may choose (seconds; 0 = no timeout).
TURN_TIMEOUTS = (0, 300, 1800, 3600, 10800, 21600, 43200, 86400)


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an opponent"
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    class Outcome(models.TextChoices):
        PENDING = "Pending", "Pending"
        DESTRUCTION = "Destruction", "Tower destroyed"
        CONSTRUCTION = "Construction", "Tower built"
        RESOURCE = "Resource", "Resources gathered"
        TIMEOUT = "Timeout", "Round limit reached"
        DRAW = "Draw", "Draw"
        SURRENDER = "Surrender", "Surrender"
        ABORT = "Abort", "Aborted"
        ABANDON = "Abandon", "Abandoned by the opponent"

    # player1 = host/challenger (seat 0); player2 = joiner/challenged (seat 1), null for the AI
    # or while a hosted game waits for someone to join.
    player1 = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="games_as_player1")
    player2 = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, blank=True,
                                related_name="games_as_player2")
    winner = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="games_won")
    outcome = models.CharField(max_length=12, choices=Outcome.choices, default=Outcome.PENDING)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.WAITING,
                              db_index=True)
    # A waiting game with player2 set is a challenge to that player; without, a hosted game.
    is_friendly = models.BooleanField(default=False)
    is_ai = models.BooleanField(default=False)
    is_long = models.BooleanField(default=False)
    is_hidden = models.BooleanField(default=False)
    # A game the site arranged between two players who asked for it by joining an event
    # (games.services.lobby.game_start_arranged): it holds none of their game slots, and
    # its end by the site is worded as the event's rule (a turn time limit, a round's).
    is_arranged = models.BooleanField(default=False)
    ai_challenge = models.CharField(max_length=40, blank=True, default="")
    ai_deck_name = models.CharField(max_length=60, blank=True, default="")
    # The computer's level (engine.AI_LEVELS) in a game against it; AI challenges stay
    # "standard" (the original's challenge AI). Meaningless in a game between players.
    ai_level = models.CharField(max_length=10, choices=AI_LEVEL_CHOICES, default="standard")
    turn_timeout = models.PositiveIntegerField(default=0, help_text="Seconds; 0 = none")
    challenge_message = models.TextField(max_length=1000, blank=True, default="")

    # The engine state; empty while the game waits for its second player.
    state = models.JSONField(default=dict, blank=True)
    # The state at the start, from which the Turn log replays the game step by step.
    initial_state = models.JSONField(default=dict, blank=True)
    # Bumped on every change: moves, chat, surrender requests, leaving.
    version = models.PositiveIntegerField(default=1)
    # Copied from the state for lists and indicators (seat 0/1 on turn, null when not running).
    current_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    round = models.PositiveIntegerField(default=0)

    deck1 = models.ForeignKey(Deck, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    deck2 = models.ForeignKey(Deck, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    # The host's/challenger's deck is copied when the game is created (later edits of the
    # deck do not change a waiting game).
    deck1_cards = models.JSONField(default=dict, blank=True)

    surrender_requested_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True,
                                               blank=True, related_name="+")
    player1_left = models.BooleanField(default=False)
    player2_left = models.BooleanField(default=False)
    # When each player last read the chat (new-message highlight).
    player1_chat_seen_at = models.DateTimeField(null=True, blank=True)
    player2_chat_seen_at = models.DateTimeField(null=True, blank=True)
    last_chat_at = models.DateTimeField(null=True, blank=True)
    # Set by the timeout sweep when the player on turn overran the turn timeout (the version
    # it was noticed at, so a later move clears it implicitly).
    timeout_noticed_version = models.PositiveIntegerField(null=True, blank=True)
    # Set by the time-warning sweep when it told the player on turn that his turn time limit
    # is about to run out (the version it was told at: once per turn).
    timeout_warned_version = models.PositiveIntegerField(null=True, blank=True)
    # Marked by the activity sweep (online/offline/inactive/dead) so a change is announced once.
    player1_activity = models.CharField(max_length=10, blank=True, default="")
    player2_activity = models.CharField(max_length=10, blank=True, default="")
    # The version at which the deadline sweep announced that Finish became available.
    ending_noticed_version = models.PositiveIntegerField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # Not indexed: every move sets it, and an indexed column changed by a move's UPDATE
    # makes PostgreSQL write a new entry into each of the table's indexes instead of a
    # heap-only ("HOT") update. Its readers filter by player or status first.
    last_action_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Claimed by the rating service (games.tasks.game_rate_task); never set here.
    rated_at = models.DateTimeField(null=True, blank=True)
    # How many viewer sessions opened this finished game's public replay.
    replay_views = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-last_action_at", "-created_at"]
        indexes = [
            models.Index(fields=["status", "player1"], name="game_status_p1"),
            models.Index(fields=["status", "player2"], name="game_status_p2"),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(player1=models.F("player2")),
                                   name="game_players_differ"),
        ]

    def __str__(self):
        return f"Game {self.pk}: {self.player1_name} vs {self.player2_name}"

    # ---- small read-only helpers for templates and services
    @property
    def player1_name(self):
        return self.player1.name

    @property
    def player2_name(self):
        if self.player2_id:
            return self.player2.name
        if self.is_ai:
            return "MArcomage"
        return ""

    @property
    def ai_name(self):
        """Who the computer plays as: an AI challenge's own character, else the site's AI."""
        if not self.is_ai:
            return ""
        return self.ai_deck_name if self.ai_challenge else "MArcomage"

    @property
    def challenge_message_html(self):
        """The challenge's message, BBCode through the site's sanitiser (never raw)."""
        return bbcode_to_html(self.challenge_message)

    @property
    def is_challenge(self):
        return self.status == self.Status.WAITING and self.player2_id is not None

    @property
    def is_hosted(self):
        return self.status == self.Status.WAITING and self.player2_id is None and not self.is_ai

    @staticmethod
    def my_turn_q(player) -> Q:
        """Games waiting for ``player``'s move (``current_seat`` is set only while running)."""
        return Q(player1=player, current_seat=0) | Q(player2=player, current_seat=1)

    @property
    def outcome_label(self) -> str:
        """The outcome in a few words for lists and boards. The site's own endings of an
        event's game are its rules (a turn's time limit, a round's), not the three weeks
        of absence those outcomes mean elsewhere; and "abandoned" is said of the game, not
        of one player (the loser's list read "Abandoned by the opponent")."""
        if self.outcome == self.Outcome.ABANDON:
            return "Turn time limit passed" if self.is_arranged else "Abandoned"
        if self.outcome == self.Outcome.ABORT and self.is_arranged:
            return "Called off at the round's time limit"
        return self.get_outcome_display()

    def seat_of(self, player):
        """0 or 1 for a player of this game, None for anybody else."""
        if player is None:
            return None
        if player.pk == self.player1_id:
            return 0
        if self.player2_id is not None and player.pk == self.player2_id:
            return 1
        return None

    def player_at(self, seat):
        return self.player1 if seat == 0 else self.player2

    def player_id_at(self, seat):
        return self.player1_id if seat == 0 else self.player2_id

    def has_left(self, seat):
        return self.player1_left if seat == 0 else self.player2_left


class Turn(models.Model):
    """Append-only log of everything that changed a running game, in order.

    ``number`` 1.. follows the game; with ``Game.initial_state`` the log replays
    the game (play/discard go through the engine again, endings are recorded).
    """

    class Action(models.TextChoices):
        PLAY = "play", "Play"
        DISCARD = "discard", "Discard"
        SURRENDER = "surrender", "Surrender"
        ABORT = "abort", "Abort"
        FINISH = "finish", "Finish (abandoned)"
        # A sandbox tool in a game against the standard AI (record: tool and arguments).
        SANDBOX = "sandbox", "Sandbox change"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The human who acted (null for the AI); for a substitute move, the absent player.
    actor = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    action = models.CharField(max_length=10, choices=Action.choices)
    position = models.PositiveSmallIntegerField(default=0)
    card = models.PositiveIntegerField(default=0)
    mode = models.PositiveSmallIntegerField(default=0)
    is_substitute = models.BooleanField(default=False)
    is_ai_move = models.BooleanField(default=False)
    round = models.PositiveIntegerField(default=0)
    record = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_unique"),
        ]

    def __str__(self):
        return f"Game {self.game_id} turn {self.number}: {self.action} {self.card}"


class ChatMessage(models.Model):
    """A line of a game's chat; author null = a line written by the site (e.g. someone left)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")
    body = models.TextField(max_length=1000)
    # Rendered once when written (BBCode through the sanitiser).
    body_html = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["game", "created_at", "pk"]

    def __str__(self):
        # No text: this shows in the admin, and the chat is for the two players alone.
        return f"Game {self.game_id}: chat line {self.pk}"


class GameNote(models.Model):
    """A player's private note on one game: only its writer ever sees it (not the opponent,
    not a spectator, not the replay). It outlives the game's end for as long as the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_notes")
    text = models.TextField(max_length=2000)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="game_note_once"),
        ]

    def __str__(self):
        return f"note of {self.player_id} on game {self.game_id}"


class CardStatistic(models.Model):
    """How often a card was played, discarded and drawn in human games.

    The "latest" counters are reset when new cards are added (admin action);
    the totals never are.
    """

    card_id = models.PositiveIntegerField(unique=True)
    played = models.PositiveIntegerField(default=0)
    discarded = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    played_total = models.PositiveIntegerField(default=0)
    discarded_total = models.PositiveIntegerField(default=0)
    drawn_total = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["card_id"]

    def __str__(self):
        return f"card {self.card_id}: {self.played}/{self.discarded}/{self.drawn}"


class GameAnalysis(models.Model):
    """The post-game analysis of a finished game, made once (games.services.analysis).

    ``result`` (when done): ``{"level", "simulations", "turns": [{"number", "seat",
    "win": [p0, p1], "loss", "marked", "played": {...}, "best": {...}}], "final": [p0, p1]}``
    where ``win`` are the two seats' win probabilities before that turn as its mover saw
    it, ``loss`` the mover's win probability the turn's move cost against the computer's
    choice ``best``.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    requested_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True,
                                     blank=True, related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    # Turns judged so far and the number to judge.
    progress = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "game analyses"

    def __str__(self):
        return f"analysis of game {self.game_id}: {self.status}"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return round(100 * self.progress / self.total) if self.total else 0


class AiLevelGame(models.Model):
    """One game between two computer levels, played by ``manage.py ai_ratings``
    (games.ai_ratings): what the levels' ratings are worked out from. ``period``: the run
    and round it was played in (a rating period of Glicko-2)."""

    level_a = models.CharField(max_length=16)
    level_b = models.CharField(max_length=16)
    hidden = models.BooleanField(default=False)
    score_a = models.FloatField()  # 1 A won, 0.5 a draw, 0 B won
    turns = models.PositiveIntegerField()
    period = models.PositiveIntegerField(db_index=True)
    # The budgets (simulation counts) the two levels had: a run at other budgets rates
    # other players, so only the levels' default budgets are rated.
    simulations_a = models.PositiveIntegerField(null=True, blank=True)
    simulations_b = models.PositiveIntegerField(null=True, blank=True)
    played_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["period", "pk"]

    def __str__(self):
        return f"{self.level_a} vs {self.level_b}: {self.score_a}"


class AiLevelRating(models.Model):
    """A computer level's Glicko-2 rating in one mode (normal or hidden cards), from every
    recorded AiLevelGame of that mode (games.ai_ratings.services.ai_ratings_refresh)."""

    level = models.CharField(max_length=16)
    hidden = models.BooleanField(default=False)
    rating = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField()
    # The level's score against the standard AI (a draw counts half), None when unplayed.
    score_vs_standard = models.FloatField(null=True, blank=True)
    games_vs_standard = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["level", "hidden"],
                                               name="ai_level_rating_unique")]

    def __str__(self):
        return f"{self.level}{' (hidden)' if self.hidden else ''}: {self.rating:.0f}"
