"""A player's notification preferences, read with their defaults.

A player who never saved the notification part of the settings page has no row: he gets
the defaults (kinds.DEFAULT_CHANNELS, mail at once, the digest at 18:00), and nothing is
written until he chooses.
"""
from dataclasses import dataclass

from players.models import NotificationSettings

from .kinds import CHANNELS, DEFAULT_CHANNELS, KINDS

DEFAULT_DIGEST_HOUR = 18


@dataclass(frozen=True)
class Preferences:
    channels: dict  # kind -> frozenset of channels
    always: bool = False
    email_mode: str = NotificationSettings.EmailMode.IMMEDIATE
    digest_hour: int = DEFAULT_DIGEST_HOUR

    def wants(self, kind: str, channel: str) -> bool:
        return channel in self.channels.get(kind, ())

    @property
    def digest(self) -> bool:
        return self.email_mode == NotificationSettings.EmailMode.DIGEST


def channels_with_defaults(stored) -> dict:
    """{kind: frozenset(channels)} for every kind: the stored choice (only known channels),
    else the default."""
    stored = stored if isinstance(stored, dict) else {}
    result = {}
    for kind in KINDS:
        chosen = stored.get(kind)
        if isinstance(chosen, list):
            result[kind] = frozenset(c for c in chosen if c in CHANNELS)
        else:
            result[kind] = frozenset(DEFAULT_CHANNELS[kind])
    return result


def preferences_from_row(row: NotificationSettings | None) -> Preferences:
    if row is None:
        return Preferences(channels=channels_with_defaults(None))
    return Preferences(channels=channels_with_defaults(row.channels), always=row.always,
                       email_mode=row.email_mode, digest_hour=row.digest_hour)


def preferences_of(player_id: int) -> Preferences:
    """The preferences of the player ``player_id`` (one query)."""
    return preferences_from_row(
        NotificationSettings.objects.filter(player_id=player_id).first())
