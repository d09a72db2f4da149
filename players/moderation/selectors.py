"""Read-only questions about mutes and bans (one query each)."""
from django.utils import timezone

from players import roles
from players.models import AccountBan, Mute, Player


def mutes_in_force(*, now=None):
    """Mutes that have not ended and were not lifted (of every player)."""
    return Mute.objects.filter(ends_at__gt=now or timezone.now(), lifted_at__isnull=True)


def active_mute(player, *, now=None, with_author=False) -> Mute | None:
    """The player's mute in force now (the one ending last), or None; ``with_author`` loads
    who set it in the same query."""
    if player is None:
        return None
    in_force = mutes_in_force(now=now).filter(player=player)
    if with_author:
        in_force = in_force.select_related("moderator__user")
    return in_force.order_by("-ends_at", "-pk").first()


def mute_change_refusal(moderator: Player, player: Player, *, what: str,
                        in_force: list[Mute]) -> str | None:
    """Why ``moderator`` may not mute or unmute (``what``) ``player``, or None if they may.

    Lifting or replacing a mute takes the same rights as setting one: nobody acts on their
    own mute; nobody acts on an administrator here; only an administrator acts on a
    moderator; and a moderator never undoes an administrator's decision (a mute in force
    set by someone who is an administrator now). ``in_force`` are the player's mutes in force, their authors'
    users loaded. A mute whose author's account is gone binds nobody.
    """
    if moderator.user.pk == player.user.pk:
        return f"You cannot {what} yourself."
    if player.user.is_superuser:
        return f"An administrator cannot be {what}d here."
    if moderator.user.is_superuser:
        return None
    if roles.is_moderator(player):
        return f"Only an administrator can {what} a moderator."
    if any(mute.moderator is not None and mute.moderator.user.is_superuser
           for mute in in_force):
        return ("This mute was set by an administrator: only an administrator can lift or "
                "replace it.")
    return None


def moment_text(moment) -> str:
    """A date and time in the viewer's time zone, with the zone's name."""
    local = timezone.localtime(moment)
    return f"{local:%Y-%m-%d %H:%M} ({local.tzname()})"


def mute_text(*, ends_at, reason: str) -> str:
    """What a muted player reads wherever writing is refused, and on their pages."""
    return (f"You are muted until {moment_text(ends_at)}: until then you cannot write where "
            "other players read it (game chats, challenges, private messages, the forum, card "
            "concepts, events, shared decks and your profile). Reason: " + reason)


def mute_refusal(player, *, now=None) -> str | None:
    """The refusal a channel shows a muted player; None when the player may write.

    The one rule of every place where a player writes text that others read: each service
    that publishes such text asks it before the change (tests/security/test_mutes.py walks
    them through the site's own doors)."""
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
    mute and ban; None for everybody who may do nothing (no extra query then).
    ``can_change_mute`` is False (with ``mute_refusal`` saying why) when the services would
    refuse this viewer's mute or unmute of this player."""
    if viewer.pk == player.pk:
        return None
    can_mute = roles.player_has_permission(viewer, roles.MUTE_PLAYERS)
    can_ban = roles.player_has_permission(viewer, roles.BAN_ACCOUNTS)
    if not (can_mute or can_ban):
        return None
    mute = active_mute(player, with_author=True)
    # Mutes replace each other, so the one in force is the only one to weigh.
    refusal = mute_change_refusal(viewer, player, what="mute",
                                  in_force=[mute] if mute else []) if can_mute else None
    return {"can_mute": can_mute, "can_change_mute": can_mute and refusal is None,
            "mute_refusal": refusal, "can_ban": can_ban, "mute": mute,
            "ban": active_ban(player.user) if can_ban else None}
