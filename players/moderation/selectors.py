"""Read-only questions about mutes and bans (one query each)."""
from django.utils import timezone

from players.models import AccountBan, Mute

from . import roles


def mutes_in_force(*, now=None):
    """Mutes that have not ended and were not lifted (of every player)."""
    return Mute.objects.filter(ends_at__gt=now or timezone.now(), lifted_at__isnull=True)


def active_mute(player, *, now=None) -> Mute | None:
    """The player's mute in force now (the one ending last), or None."""
    if player is None:
        return None
    return mutes_in_force(now=now).filter(player=player).order_by("-ends_at", "-pk").first()


def moment_text(moment) -> str:
    """A date and time in the viewer's time zone, with the zone's name."""
    local = timezone.localtime(moment)
    return f"{local:%Y-%m-%d %H:%M} ({local.tzname()})"


def mute_text(*, ends_at, reason: str) -> str:
    """What a muted player reads wherever writing is refused, and on their pages."""
    return (f"You are muted until {moment_text(ends_at)}: you cannot write in game chats, "
            f"the forum or private messages until then. Reason: {reason}")


def mute_refusal(player, *, now=None) -> str | None:
    """The refusal a channel shows a muted player; None when the player may write."""
    mute = active_mute(player, now=now)
    if mute is None:
        return None
    return mute_text(ends_at=mute.ends_at, reason=mute.reason)


def active_ban(user) -> AccountBan | None:
    """The ban that keeps this account out (the newest not lifted), or None."""
    if user is None or user.pk is None:
        return None
    return (AccountBan.objects.filter(user=user, lifted_at__isnull=True)
            .order_by("-created_at", "-pk").first())


def ban_text(ban: AccountBan) -> str:
    return (f"This account was banned on {moment_text(ban.created_at)}. "
            f"Reason: {ban.reason}")


def moderation_panel(viewer, player) -> dict | None:
    """What the viewer may do to ``player`` from the profile page, and the player's active
    mute and ban; None for everybody who may do nothing (no extra query then)."""
    if viewer.pk == player.pk:
        return None
    can_mute = roles.player_has_permission(viewer, roles.MUTE_PLAYERS)
    can_ban = roles.player_has_permission(viewer, roles.BAN_ACCOUNTS)
    if not (can_mute or can_ban):
        return None
    return {"can_mute": can_mute, "can_ban": can_ban, "mute": active_mute(player),
            "ban": active_ban(player.user) if can_ban else None}
