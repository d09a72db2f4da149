"""A player's profile (progression, economy, activity) and settings, one each per user.

Their rows, with the User's, are what the signed-in user cache holds
(players/accounts/user_cache.py): a queryset ``update()`` here tells it which users' rows
changed (``profile_rows_updated``), since update() sends no save signals.
"""
import re

from django.core.exceptions import ValidationError
from django.db import models
from django.dispatch import Signal
from django.utils import timezone

from games import engine

from .accounts import User

# The computer's levels (engine.AI_LEVELS), weakest first, as model choices.
AI_LEVEL_CHOICES = [(level, level.capitalize()) for level in engine.AI_LEVELS]

# A game_background naming a background the administrator imported: "original-<n>" for the
# original game's bg_<n>.jpg (1 to 999, decks/card_art.py).
ORIGINAL_BACKGROUND = re.compile(r"original-([1-9][0-9]{0,2})")

# Sent after a queryset update() changed Player or PlayerSettings rows, with ``user_ids``
# (the users whose rows changed). The user cache listens: it cannot be imported here (it
# imports these models).
profile_rows_updated = Signal()


class ProfileQuerySet(models.QuerySet):
    """Rows the signed-in user cache holds (players.accounts.user_cache): ``update()``
    skips save() and its signals, so it names the changed rows' users itself."""

    user_field = "user_id"
    # Columns nobody reads from the cached copy: changing only these keeps the entry.
    uncached = frozenset()

    def update(self, **kwargs):
        if set(kwargs) <= self.uncached:
            return super().update(**kwargs)
        user_ids = list(self.values_list(self.user_field, flat=True))
        count = super().update(**kwargs)
        profile_rows_updated.send(sender=self.model, user_ids=user_ids)
        return count


class PlayerQuerySet(ProfileQuerySet):
    # The activity mark, written once a minute per player (players.middleware): pages read
    # activity from rows they load (an opponent, a profile), never from the signed-in
    # player's cached copy, which may lag by the cache's lifetime.
    uncached = frozenset({"last_activity"})


def avatar_filename_of(stored: str | None) -> str:
    """The players:avatar URL's file name of an avatar as its column stores it ("" for none)."""
    return stored.rsplit("/", 1)[-1] if stored else ""


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


def original_background_value(number):
    """The game_background of imported background ``number``."""
    return f"original-{number}"


def original_background_number(value):
    """The number of the imported background a game_background names, or None (one of the
    site's own backgrounds, or no background at all)."""
    match = ORIGINAL_BACKGROUND.fullmatch(value or "")
    return int(match.group(1)) if match else None


def validate_game_background(value):
    """One of the site's own backgrounds or an imported one's "original-<n>". Whether that
    one is imported is the settings form's check: the imports change without the rows."""
    if value not in PlayerSettings.Background.values and original_background_number(value) is None:
        raise ValidationError("That is not a game background.", code="invalid")


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
        # The site's own backgrounds, drawn by static/css/games.css. game_background may also
        # name a background the administrator imported ("original-3"): the settings form
        # offers those that exist (players/settings/backgrounds.py).
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
    game_background = models.CharField(max_length=16, default=Background.PLAIN,
                                       validators=[validate_game_background])
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
        return avatar_filename_of(self.avatar.name if self.avatar else "")
