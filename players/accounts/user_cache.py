"""The signed-in user, with their Player and PlayerSettings, cached between requests.

Every request (and every websocket handshake) of a signed-in player needs the User row (to
check the session), the Player and the PlayerSettings (time zone, display choices): three
queries before the view starts. Here they come from the cache (Redis in production), as
one entry per user, rebuilt into fresh model instances on every look-up, so nothing a
request attaches to them (permission caches, edits) is ever shared.

Security: the session check (the password hash in the session, ``is_active``) reads the
cached User, so the entry must never outlive a change of the rows. It is forgotten

* when any of the three rows is saved or deleted (signals, at once and again after the
  transaction commits, so a request reading in between cannot put the old row back);
* when a queryset ``update()`` changes Player or PlayerSettings rows (their querysets
  send ``profile_rows_updated`` with the users: players.models.profiles; the once-a-minute
  activity mark excepted:
  ``request.user.player.last_activity`` may lag);
* when the user joins or leaves a group or gets a permission (the cached entry holds the
  role permissions too: players.roles); a change to a group's own permissions
  reaches its members after CACHE_SECONDS;
* after CACHE_SECONDS anyway, for a write that bypasses both (a raw ``update()`` of User
  rows: code that deactivates a user must save the user, or call ``user_cache_forget``).
"""
import hashlib

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models.fields.files import FieldFile
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from marcomage.prepared import PreparedQuery
from players.models import Player, PlayerSettings, User, profile_rows_updated
from players.roles import roles_attach, roles_held, users_with_roles

CACHE_SECONDS = 60
# A miss (every signed-in player once a minute) compiles no SQL (marcomage/prepared.py).
_USER_WITH_PLAYER = PreparedQuery(
    lambda pk: users_with_roles().select_related("player__settings").filter(pk=pk))
# Sessions name the backend that logged them in; login() calls that name this one.
BACKEND = "players.accounts.user_cache.CachedModelBackend"
_MODELS = (User, Player, PlayerSettings)


def _fingerprint() -> str:
    """Changes with the database and with the rows' columns: an entry written by other code
    (an older deployment) or for another database (test workers) is never read."""
    columns = "|".join(",".join(f.attname for f in model._meta.concrete_fields)
                       for model in _MODELS)
    database = str(settings.DATABASES[DEFAULT_DB_ALIAS].get("NAME", ""))
    return hashlib.sha1(f"{database}|{columns}".encode()).hexdigest()[:12]


_PREFIX = None


def _key(user_id) -> str:
    global _PREFIX
    if _PREFIX is None:
        _PREFIX = f"signed-in:{_fingerprint()}:"
    return f"{_PREFIX}{user_id}"


def _row(instance) -> tuple:
    """The row's column values (a file field's stored name, as the database holds it)."""
    values = []
    for field in instance._meta.concrete_fields:
        value = getattr(instance, field.attname)
        values.append(value.name if isinstance(value, FieldFile) else value)
    return tuple(values)


def _instance(model, row):
    names = [f.attname for f in model._meta.concrete_fields]
    return model.from_db(DEFAULT_DB_ALIAS, names, list(row))


def _assemble(rows) -> User:
    user_row, player_row, settings_row, held_roles = rows
    user = _instance(User, user_row)
    roles_attach(user, held_roles)
    if player_row is not None:
        player = _instance(Player, player_row)
        # Link both ways, as select_related would: user.player, player.user,
        # player.settings and settings.player cost no query.
        User.player.related.set_cached_value(user, player)
        Player.user.field.set_cached_value(player, user)
        if settings_row is not None:
            player_settings = _instance(PlayerSettings, settings_row)
            Player.settings.related.set_cached_value(player, player_settings)
            PlayerSettings.player.field.set_cached_value(player_settings, player)
    return user


def cached_user(user_id) -> User | None:
    """The User with pk ``user_id``, its ``player`` and ``player.settings`` loaded; None
    when there is no such user. A cache hit makes no query; a miss makes one."""
    try:
        user_id = User._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    key = _key(user_id)
    rows = cache.get(key)
    if rows is not None:
        return _assemble(rows)
    try:
        user = _USER_WITH_PLAYER.get(user_id)
    except (User.DoesNotExist, ValueError):
        return None
    player = getattr(user, "player", None)  # a user without a profile: None, not an error
    player_settings = getattr(player, "settings", None)
    rows = (_row(user), _row(player) if player else None,
            _row(player_settings) if player_settings else None, tuple(sorted(roles_held(user))))
    cache.set(key, rows, CACHE_SECONDS)
    return _assemble(rows)


def user_cache_forget(*user_ids) -> None:
    """Drop these users' entries now and again when the current transaction commits."""
    keys = [_key(user_id) for user_id in user_ids if user_id is not None]
    if not keys:
        return
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


class CachedModelBackend(ModelBackend):
    """Django's ModelBackend, reading the signed-in user through the cache above.

    Django's own session check (the password hash kept in the session) and the
    ``is_active`` check run on what this returns, exactly as with ModelBackend.
    """

    def get_user(self, user_id):
        user = cached_user(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


@receiver(m2m_changed, sender=User.groups.through, dispatch_uid="user_cache_groups_changed")
@receiver(m2m_changed, sender=User.user_permissions.through,
          dispatch_uid="user_cache_permissions_changed")
def _roles_changed(sender, instance, action, reverse, pk_set, **kwargs):
    """A user joined or left a group (the Moderators), or got a permission: forget them."""
    if not action.startswith("post_"):
        return
    if not reverse:
        user_cache_forget(instance.pk)
    else:  # changed from the group's or the permission's side: pk_set holds users
        user_cache_forget(*(pk_set or ()))


@receiver(profile_rows_updated, dispatch_uid="user_cache_profile_rows_updated")
def _rows_updated(sender, user_ids, **kwargs):
    """A queryset update() of Player or PlayerSettings rows (no save signals)."""
    user_cache_forget(*user_ids)


@receiver(post_save, sender=User, dispatch_uid="user_cache_user_saved")
@receiver(post_delete, sender=User, dispatch_uid="user_cache_user_deleted")
def _user_changed(sender, instance, **kwargs):
    user_cache_forget(instance.pk)


@receiver(post_save, sender=Player, dispatch_uid="user_cache_player_saved")
@receiver(post_delete, sender=Player, dispatch_uid="user_cache_player_deleted")
def _player_changed(sender, instance, **kwargs):
    user_cache_forget(instance.user_id)


@receiver(post_save, sender=PlayerSettings, dispatch_uid="user_cache_settings_saved")
@receiver(post_delete, sender=PlayerSettings, dispatch_uid="user_cache_settings_deleted")
def _settings_changed(sender, instance, **kwargs):
    if PlayerSettings.player.field.is_cached(instance):
        user_id = instance.player.user_id
    else:
        user_id = (Player.objects.filter(pk=instance.player_id)
                   .values_list("user_id", flat=True).first())
    user_cache_forget(user_id)
