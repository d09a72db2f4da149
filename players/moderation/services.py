"""State changes of moderation: mutes (moderators), bans (administrators), the group.

Each service checks the actor's permission itself (views check too, to answer 403 early),
so no page or task can mute or ban on behalf of someone who may not.
"""
from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from players import roles
from players.models import AccountBan, Mute, Player

from .selectors import mute_change_refusal, mutes_in_force

REASON_MAX = 500

# How long a moderator may mute for: key -> (label, length).
MUTE_DURATIONS = {
    "1h": ("1 hour", timedelta(hours=1)),
    "6h": ("6 hours", timedelta(hours=6)),
    "1d": ("1 day", timedelta(days=1)),
    "3d": ("3 days", timedelta(days=3)),
    "7d": ("1 week", timedelta(days=7)),
    "30d": ("30 days", timedelta(days=30)),
}


class ModerationError(Exception):
    """A moderation request that cannot be carried out; the text says why."""


class ModerationPermissionError(ModerationError):
    """The actor lacks the permission (views answer 403)."""


def _reason(text: str) -> str:
    text = (text or "").replace("\r\n", "\n").strip()
    if "\x00" in text:
        raise ModerationError("The reason contains a character that is not allowed.")
    if not text:
        raise ModerationError("Please give a reason: the player will read it.")
    if len(text) > REASON_MAX:
        raise ModerationError(f"The reason may be at most {REASON_MAX} characters long.")
    return text


def _check_target(actor_user, target_user, *, what: str) -> None:
    if actor_user.pk == target_user.pk:
        raise ModerationError(f"You cannot {what} yourself.")
    if target_user.is_superuser:
        raise ModerationError(f"An administrator cannot be {what}d here.")


# ---------------------------------------------------------------- mutes
def _mutes_in_force_locked(player: Player):
    """(now, the player's mutes in force with their authors). The player's row is locked
    first, until commit: two moderation acts on one player take turns, and the second reads
    the mutes only once the first is committed (an administrator's new mute included)."""
    list(Player.objects.select_for_update().filter(pk=player.pk).values_list("pk"))
    now = timezone.now()
    return now, list(mutes_in_force(now=now).filter(player=player)
                     .select_related("moderator__user"))


@transaction.atomic
def player_mute(*, moderator: Player, player: Player, duration: str, reason: str) -> Mute:
    """Mute ``player`` for one of MUTE_DURATIONS, with a reason the player will read."""
    if not roles.player_has_permission(moderator, roles.MUTE_PLAYERS):
        raise ModerationPermissionError("Only moderators can mute players.")
    now, in_force = _mutes_in_force_locked(player)
    refusal = mute_change_refusal(moderator, player, what="mute", in_force=in_force)
    if refusal:
        raise ModerationError(refusal)
    if duration not in MUTE_DURATIONS:
        raise ModerationError("Choose one of the offered lengths.")
    reason = _reason(reason)
    # A new mute replaces the ones in force: the player reads one end and one reason.
    mutes_in_force(now=now).filter(player=player).update(lifted_at=now, lifted_by=moderator)
    return Mute.objects.create(player=player, moderator=moderator, reason=reason,
                               created_at=now, ends_at=now + MUTE_DURATIONS[duration][1])


@transaction.atomic
def player_unmute(*, moderator: Player, player: Player) -> int:
    """Lift the player's mutes in force now; returns how many were lifted."""
    if not roles.player_has_permission(moderator, roles.MUTE_PLAYERS):
        raise ModerationPermissionError("Only moderators can lift a mute.")
    now, in_force = _mutes_in_force_locked(player)
    refusal = mute_change_refusal(moderator, player, what="unmute", in_force=in_force)
    if refusal:
        raise ModerationError(refusal)
    return mutes_in_force(now=now).filter(player=player).update(lifted_at=now,
                                                                lifted_by=moderator)


# ---------------------------------------------------------------- bans
def _sessions_end(user) -> int:
    """Delete every stored session logged in as ``user``; returns how many.

    Sessions are not indexed by user, so each live one is decoded (bans are rare). With a
    session engine that cannot be listed (signed cookies, plain cache) nothing is deleted,
    and the deactivated account is still logged out: Django's ModelBackend refuses to load
    an inactive user for a session.
    """
    engine = settings.SESSION_ENGINE
    if engine not in ("django.contrib.sessions.backends.db",
                      "django.contrib.sessions.backends.cached_db"):
        return 0
    store_class = import_module(engine).SessionStore
    ended = 0
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get("_auth_user_id") == str(user.pk):
            store_class(session_key=session.session_key).delete()
            ended += 1
    return ended


@transaction.atomic
def account_ban(*, admin, user, reason: str) -> AccountBan:
    """Deactivate ``user``'s account, end their sessions and record the reason shown at login.

    ``admin`` and ``user`` are User rows.
    """
    if not roles.user_has_permission(admin, roles.BAN_ACCOUNTS):
        raise ModerationPermissionError("Only administrators can ban an account.")
    _check_target(admin, user, what="ban")
    reason = _reason(reason)
    if not user.is_active and AccountBan.objects.filter(user=user,
                                                         lifted_at__isnull=True).exists():
        raise ModerationError("This account is already banned.")
    ban = AccountBan.objects.create(user=user, banned_by=admin, reason=reason)
    # Saved (not a queryset update): the save signal forgets the cached signed-in user,
    # so the ban takes hold on the account's next request and socket.
    user.is_active = False
    user.save(update_fields=["is_active"])
    _sessions_end(user)
    return ban


@transaction.atomic
def account_unban(*, admin, user) -> int:
    """Let a banned account back in; returns how many bans were lifted."""
    if not roles.user_has_permission(admin, roles.BAN_ACCOUNTS):
        raise ModerationPermissionError("Only administrators can lift a ban.")
    lifted = AccountBan.objects.filter(user=user, lifted_at__isnull=True).update(
        lifted_at=timezone.now(), lifted_by=admin)
    if lifted:
        user.is_active = True
        user.save(update_fields=["is_active"])
    return lifted


# ---------------------------------------------------------------- the Moderators group
def moderators_group_ensure() -> Group:
    """The Moderators group with its permissions (remade if missing, e.g. after a flush)."""
    group, _ = Group.objects.get_or_create(name=roles.MODERATORS_GROUP)
    wanted = Q()
    for permission in roles.MODERATOR_PERMISSIONS:
        app_label, codename = permission.split(".")
        wanted |= Q(content_type__app_label=app_label, codename=codename)
    group.permissions.add(*Permission.objects.filter(wanted))
    return group


def moderator_add(player: Player) -> None:
    """Make ``player`` a moderator (a member of the Moderators group)."""
    player.user.groups.add(moderators_group_ensure())
    roles.forget_permissions(player.user)
