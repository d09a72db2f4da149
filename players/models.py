from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from games import engine

# The computer's levels (engine.AI_LEVELS), weakest first, as model choices.
AI_LEVEL_CHOICES = [(level, level.capitalize()) for level in engine.AI_LEVELS]


class User(AbstractUser):
    """The login account. Game-related data lives on Player."""

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]


class ProfileQuerySet(models.QuerySet):
    """Rows the signed-in user cache holds (players.accounts.user_cache): ``update()``
    skips save() and its signals, so it forgets the changed rows' users itself."""

    user_field = "user_id"
    # Columns nobody reads from the cached copy: changing only these keeps the entry.
    uncached = frozenset()

    def update(self, **kwargs):
        from players.accounts.user_cache import user_cache_forget  # it imports this module

        if set(kwargs) <= self.uncached:
            return super().update(**kwargs)
        user_ids = list(self.values_list(self.user_field, flat=True))
        count = super().update(**kwargs)
        user_cache_forget(*user_ids)
        return count


class PlayerQuerySet(ProfileQuerySet):
    # The activity mark, written once a minute per player (players.middleware): pages read
    # activity from rows they load (an opponent, a profile), never from the signed-in
    # player's cached copy, which may lag by the cache's lifetime.
    uncached = frozenset({"last_activity"})


class PlayerSettingsQuerySet(ProfileQuerySet):
    user_field = "player__user_id"


class Player(models.Model):
    """A player's profile: progression, economy, activity. One per user."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="player")
    level = models.PositiveSmallIntegerField(default=0)
    exp = models.PositiveIntegerField(default=0)
    gold = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    extra_game_slots = models.PositiveSmallIntegerField(default=0)
    extra_deck_slots = models.PositiveSmallIntegerField(default=0)
    last_activity = models.DateTimeField(default=timezone.now, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the player last opened the inbox: later messages are marked as new.
    messages_seen_at = models.DateTimeField(null=True, blank=True)
    # A bot account is played by a program through the API (players/tokens/); marked
    # "bot" wherever the player is shown. Only an account that never played may become one.
    is_bot = models.BooleanField(default=False)
    # Glicko-2 rating beside the EXP levels (players/progression/glicko2.py), updated by
    # games.services.rating after every rated game between two accounts (never the AI).
    rating = models.FloatField(default=1500.0, db_index=True)
    rating_deviation = models.FloatField(default=350.0)
    rating_volatility = models.FloatField(default=0.06)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["user__username"]

    def __str__(self):
        return self.user.username

    @property
    def name(self):
        return self.user.username


class PlayerSettings(models.Model):
    """Profile fields and every layout/behaviour option a player can set.

    Kept apart from Player so that pages reading progression do not load the
    profile text, and so the settings page owns one model.
    """

    class Skin(models.TextChoices):
        # Each skin but AUTO is a stylesheet static/css/skins/<value>.css; AUTO follows the
        # device's light or dark mode with the Parchment and Night sheets.
        AUTO = "auto", "Automatic (follows your device's light or dark mode)"
        LIGHT = "light", "Parchment (light)"
        MEADOW = "meadow", "Meadow (light)"
        FROST = "frost", "Frost (light)"
        SANDSTONE = "sandstone", "Sandstone (light)"
        INK = "ink", "Ink (light, highest contrast)"
        DARK = "dark", "Night (dark)"
        ABYSS = "abyss", "Abyss (dark)"
        FORGE = "forge", "Forge (dark)"
        GROVE = "grove", "Grove (dark)"

    class Status(models.TextChoices):
        NONE = "none", "No status"
        LOOKING = "looking", "Looking for a game"
        QUICK = "quick", "Looking for a quick game"
        DND = "dnd", "Do not disturb"
        NEWBIE = "newbie", "Newbie"

    class Gender(models.TextChoices):
        UNSPECIFIED = "", "Not specified"
        MALE = "male", "Male"
        FEMALE = "female", "Female"
        OTHER = "other", "Other"

    class Background(models.TextChoices):
        PLAIN = "plain", "Plain"
        STONE = "stone", "Stone"
        FOREST = "forest", "Forest"
        NIGHT = "night", "Night sky"

    class PlayersFilter(models.TextChoices):
        ALL = "all", "All players"
        ACTIVE = "active", "Active players"
        ONLINE = "online", "Online players"
        LOOKING = "looking", "Looking for a game"

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="settings")
    # Profile (all optional)
    real_name = models.CharField(max_length=60, blank=True)
    country = models.CharField(max_length=2, blank=True)
    birthdate = models.DateField(null=True, blank=True)
    gender = models.CharField(max_length=10, choices=Gender.choices, blank=True)
    hobbies = models.TextField(max_length=500, blank=True)
    avatar = models.ImageField(upload_to="avatars/", blank=True)
    # Display
    timezone = models.CharField(max_length=64, default="UTC")
    skin = models.CharField(max_length=10, choices=Skin.choices, default=Skin.AUTO)
    game_background = models.CharField(max_length=10, choices=Background.choices,
                                       default=Background.PLAIN)
    players_filter = models.CharField(max_length=10, choices=PlayersFilter.choices,
                                      default=PlayersFilter.ALL)
    auto_refresh = models.PositiveSmallIntegerField(default=0, help_text="Seconds; 0 = off")
    cards_per_row = models.PositiveSmallIntegerField(default=8)
    advanced_games_list = models.BooleanField(default=False)
    show_card_images = models.BooleanField(default=True)
    keyword_insignias = models.BooleanField(default=True)
    hide_card_pool = models.BooleanField(default=False)
    play_card_buttons = models.BooleanField(default=True)
    nationality_in_list = models.BooleanField(default=True)
    reverse_chat_order = models.BooleanField(default=False)
    integrated_chat = models.BooleanField(default=True)
    avatars_in_game = models.BooleanField(default=True)
    avatars_in_list = models.BooleanField(default=True)
    mini_card_flags = models.BooleanField(default=False)
    # A compact, text-first card face (the original site's "old card appearance").
    old_card_appearance = models.BooleanField(default=False)
    # The game board's motion (the played card flying, numbers counting, damage flashes);
    # always off when the device asks for reduced motion.
    board_animations = models.BooleanField(default=True)
    # Behaviour
    battle_reports = models.BooleanField(default=True)
    forum_notifications = models.BooleanField(default=True)
    concepts_notifications = models.BooleanField(default=True)
    random_deck_selection = models.BooleanField(default=False)
    unique_game_opponent = models.BooleanField(
        default=False, help_text="Refuse a second simultaneous game with the same opponent")
    auto_ai_move = models.BooleanField(default=True)
    # Other players may watch this player's running games (games.services.spectators).
    allow_spectators = models.BooleanField(default=True)
    # The computer's level in games against it (the quick game uses it; docs/ai.md).
    ai_level = models.CharField(max_length=10, choices=AI_LEVEL_CHOICES, default="standard")
    # New players announce themselves as newbies until they choose otherwise.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEWBIE)
    # Keys of the tutorial hints the player closed (see players/hints.py).
    dismissed_hints = models.JSONField(default=list, blank=True)

    objects = PlayerSettingsQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "player settings"

    def __str__(self):
        return f"settings of {self.player}"

    @property
    def avatar_filename(self):
        """The avatar's file name for the players:avatar URL ("" when there is none)."""
        return self.avatar.name.rsplit("/", 1)[-1] if self.avatar else ""


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


class FoilCard(models.Model):
    """A card a player bought the foil (shiny, cosmetic) version of."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="foil_cards")
    card_id = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "card_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "card_id"], name="foil_card_once"),
        ]

    def __str__(self):
        return f"{self.player}: foil card {self.card_id}"


class Purchase(models.Model):
    """What a player bought in the shop; the token makes a repeated submit a no-op."""

    class Item(models.TextChoices):
        GAME_SLOT = "game_slot", "Extra game slot"
        DECK_SLOT = "deck_slot", "Extra deck slot"
        FOIL = "foil", "Foil card"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="purchases")
    item = models.CharField(max_length=10, choices=Item.choices)
    card_id = models.PositiveIntegerField(null=True, blank=True)
    price = models.PositiveIntegerField()
    token = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["player", "token"], name="purchase_token_once"),
        ]

    def __str__(self):
        return f"{self.player}: {self.get_item_display()} for {self.price} gold"


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


class Mute(models.Model):
    """A moderator's mute: until ``ends_at`` the player cannot write in game chats, the forum
    or private messages (moves are not affected). Kept after it ends, as a record.

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


class AccessToken(models.Model):
    """A personal access token for the API (players/tokens/services.py).

    Only a SHA-256 hash of the secret is stored; ``prefix`` (public, unique) finds the row
    without comparing hashes across the table. The secret is shown once, at creation.
    """

    class Scope(models.TextChoices):
        READ = "read", "Read: public data"
        BOT = "bot", "Bot: receive events, answer challenges, play (bot accounts only)"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="access_tokens")
    name = models.CharField(max_length=40)
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["player", "-created_at"]

    def __str__(self):
        return f"{self.player}: token {self.name} ({self.prefix})"

    @property
    def is_active(self):
        return self.revoked_at is None
