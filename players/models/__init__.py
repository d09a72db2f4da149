"""The players app's models, one module per context; every model is importable from here.

Django finds them through this package (``from players.models import Player`` keeps
working).
"""
from .accounts import User
from .inbox import Message
from .moderation import AccountBan, Mute
from .notifications import Delivery, DigestMail, Notification, NotificationSettings
from .profiles import (
    AI_LEVEL_CHOICES,
    Player,
    PlayerQuerySet,
    PlayerSettings,
    PlayerSettingsQuerySet,
    ProfileQuerySet,
    original_background_number,
    profile_rows_updated,
)
from .progression import AwardCounters, GameRating, RatingHistory
from .push import PushSubscription
from .shop import FoilCard, Purchase
from .tokens import AccessToken

__all__ = [
    "AI_LEVEL_CHOICES", "AccessToken", "AccountBan", "AwardCounters", "Delivery", "DigestMail",
    "FoilCard", "GameRating", "Message", "Mute", "Notification", "NotificationSettings",
    "Player", "PlayerQuerySet", "PlayerSettings", "PlayerSettingsQuerySet", "ProfileQuerySet",
    "Purchase", "PushSubscription", "RatingHistory", "User", "original_background_number",
    "profile_rows_updated",
]
