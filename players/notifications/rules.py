"""The rules that decide what a notice does on each channel (no database: the dispatch in
services.py gathers the facts and writes what this decides).

What players of such sites asked for, in order:

1. Nothing by mail or push for a game the player has open (a live socket on it), nor
   while he was active on the site in the last few minutes (he sees the bell), unless he
   chose "always".
2. Mail in digest mode waits for the day's digest.
3. At most one mail per game and turn (the turn's "your turn" and its time-limit warning
   are one mail, not two).
4. Per player, kind and channel, a rate limit (kinds.RATE_LIMITS).

The bell always gets the notice when its site channel is on; one about a game the player
has open is shown as read (he is looking at it).
"""
from dataclasses import dataclass

from players.models import Delivery

from .preferences import Preferences

GAME_OPEN = "the game is open"
ACTIVE = "active on the site"
TURN_MAILED = "already mailed this turn"
RATE_LIMITED = "rate limit"

PENDING, DIGEST, SKIPPED = (Delivery.Status.PENDING, Delivery.Status.DIGEST,
                            Delivery.Status.SKIPPED)


@dataclass(frozen=True)
class Situation:
    """What the dispatch found out about the player when the notice went out."""

    game_open: bool = False
    recently_active: bool = False


def away_refusal(prefs: Preferences, situation: Situation) -> str | None:
    """Why nothing goes by mail or push now (rule 1), or None."""
    if prefs.always:
        return None
    if situation.game_open:
        return GAME_OPEN
    if situation.recently_active:
        return ACTIVE
    return None


def email_decision(prefs: Preferences, situation: Situation, *, turn_mailed: bool,
                   over_limit: bool) -> tuple[str, str]:
    """(status, reason) of the mail of a notice the player wants by mail."""
    if refusal := away_refusal(prefs, situation):
        return SKIPPED, refusal
    if prefs.digest:
        return DIGEST, ""
    if turn_mailed:
        return SKIPPED, TURN_MAILED
    if over_limit:
        return SKIPPED, RATE_LIMITED
    return PENDING, ""


def push_decision(prefs: Preferences, situation: Situation, *,
                  over_limit: bool) -> tuple[str, str]:
    """(status, reason) of the push of a notice to each of the player's subscriptions."""
    if refusal := away_refusal(prefs, situation):
        return SKIPPED, refusal
    if over_limit:
        return SKIPPED, RATE_LIMITED
    return PENDING, ""


def shown_as_read(situation: Situation) -> bool:
    """A notice about the game the player has open is read as it arrives."""
    return situation.game_open
