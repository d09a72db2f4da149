"""The permissions behind the site's roles, checked without the admin's per-user caches.

Administrators are superusers: they hold every permission. Moderators hold the permissions
of MODERATOR_PERMISSIONS, normally through the "Moderators" group. The login backend
(players.accounts.user_cache) loads whether the user holds each role permission together with
the user itself, in the one query that reads the user (and keeps it in the cache), so role checks
(the tutorial's gates, the forum's moderation, the profile's forms) cost no SQL. A user
loaded any other way pays one query, once (the answer is kept on the user object).

That query only asks whether the user has any permission or group at all (two one-table
lookups). Asking for each role's permission there, through the permission, group and
content type tables, cost PostgreSQL 3.5 ms of planning for every signed-in user loaded
(the load harness, statement log); it is asked only of the few users with a grant.
"""
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Exists, OuterRef, Q

MODERATORS_GROUP = "Moderators"

# "app_label.codename" of each permission a role needs.
MODERATE_FORUM = "forum.moderate_forum"
REVIEW_CONCEPTS = "concepts.review_concept"
MUTE_PLAYERS = "players.mute_player"
BAN_ACCOUNTS = "players.ban_account"

# What the Moderators group holds (marcomage/migrations/0002_moderators_group.py creates the
# group with the same list; a migration cannot import it, so keep the two in step).
MODERATOR_PERMISSIONS = (MODERATE_FORUM, REVIEW_CONCEPTS, MUTE_PLAYERS)
ROLE_PERMISSIONS = (*MODERATOR_PERMISSIONS, BAN_ACCOUNTS)

_CACHE_ATTRIBUTE = "_marcomage_role_permissions"
# users_with_roles' annotations: has the user any permission, any group of its own?
_GRANTS_DIRECT = "role_grants_direct"
_GRANTS_GROUP = "role_grants_group"


def _annotation_name(permission: str) -> str:
    return "role_" + permission.replace(".", "__")


def _held(permission: str, user_ref) -> Exists:
    app_label, codename = permission.split(".")
    return Exists(Permission.objects.filter(Q(user=user_ref) | Q(group__user=user_ref),
                                            content_type__app_label=app_label,
                                            codename=codename))


def users_with_roles():
    """Users, each with whether it has any permission or group at all (one query a user)."""
    user_model = get_user_model()
    return user_model.objects.annotate(**{
        _GRANTS_DIRECT: Exists(user_model.user_permissions.through.objects
                               .filter(user=OuterRef("pk"))),
        _GRANTS_GROUP: Exists(user_model.groups.through.objects.filter(user=OuterRef("pk"))),
    })


def _has_no_grant(user) -> bool:
    """Loaded by users_with_roles with neither a permission nor a group of its own."""
    return (hasattr(user, _GRANTS_DIRECT) and hasattr(user, _GRANTS_GROUP)
            and not getattr(user, _GRANTS_DIRECT) and not getattr(user, _GRANTS_GROUP))


def _permissions_of(user) -> frozenset:
    """The role permissions the user holds directly or through a group."""
    cached = getattr(user, _CACHE_ATTRIBUTE, None)
    if cached is None:
        if _has_no_grant(user):
            cached = frozenset()
        else:
            row = (get_user_model().objects.filter(pk=user.pk)
                   .values(**{_annotation_name(p): _held(p, OuterRef("pk"))
                              for p in ROLE_PERMISSIONS}).first() or {})
            cached = frozenset(p for p in ROLE_PERMISSIONS if row.get(_annotation_name(p)))
        setattr(user, _CACHE_ATTRIBUTE, cached)
    return cached


def roles_held(user) -> frozenset:
    """The role permissions ``user`` holds (kept on the user object once known)."""
    return _permissions_of(user)


def roles_attach(user, held) -> None:
    """Give a user loaded from elsewhere (the signed-in user cache) its known roles."""
    setattr(user, _CACHE_ATTRIBUTE, frozenset(held))


def user_has_permission(user, permission: str) -> bool:
    """Whether ``user`` holds one of the ROLE_PERMISSIONS (superusers hold them all)."""
    if permission not in ROLE_PERMISSIONS:
        raise ValueError(f"{permission!r} is not a role permission")
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return permission in _permissions_of(user)


def player_has_permission(player, permission: str) -> bool:
    return player is not None and user_has_permission(player.user, permission)


def is_moderator(player) -> bool:
    """Holds any moderator permission (or is an administrator)."""
    if player is None:
        return False
    user = player.user
    if not user.is_active:
        return False
    return user.is_superuser or any(user_has_permission(user, p) for p in MODERATOR_PERMISSIONS)


def passes_tutorial_gates(player) -> bool:
    """Staff and moderators see every section whatever their level."""
    return player is not None and (player.user.is_staff or is_moderator(player))


def forget_permissions(user) -> None:
    """Drop the permissions kept on ``user`` (after its groups or permissions changed)."""
    for name in (_CACHE_ATTRIBUTE, _GRANTS_DIRECT, _GRANTS_GROUP):
        if hasattr(user, name):
            delattr(user, name)
