"""Personal access tokens for the API, and turning a fresh account into a bot.

A token reads ``mcg_<prefix>_<secret>``: the prefix (8 hex digits, public, unique) finds
the row, the secret is 32 random bytes; only the SHA-256 of the whole token is stored, so
a copy of the database opens no account. The token is shown once, when it is created.

An account holds at most MAX_ACTIVE_TOKENS live tokens and creates at most
TOKENS_PER_HOUR in any hour, revoked ones included (counted from the table itself, so the
limit holds across server processes and without the cache): creating and revoking in a
loop fills no table. The API's rate limit is per account, so more tokens never buy more
requests (auth.py).
"""
import hashlib
import hmac
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from players.models import AccessToken, Player

TOKEN_START = "mcg_"
MAX_ACTIVE_TOKENS = 10
TOKENS_PER_HOUR = 10
# last_used_at is written at most this often per token, so reading the API costs no write
# on every request.
LAST_USED_PRECISION = timedelta(minutes=1)
SCOPES = tuple(value for value, _label in AccessToken.Scope.choices)


class TokenError(Exception):
    def __init__(self, message: str, *, code: str = "invalid"):
        super().__init__(message)
        self.message, self.code = message, code


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def token_create(*, player: Player, name: str, scopes) -> tuple[AccessToken, str]:
    """(the new token's row, the token itself: shown once, never stored)."""
    name = " ".join((name or "").split())[:40]
    scopes = sorted(set(scopes or ()))
    if not name:
        raise TokenError("Give the token a name, e.g. the program that will use it.")
    if not scopes or any(scope not in SCOPES for scope in scopes):
        raise TokenError("Choose the token's scopes: read, bot or both.")
    if AccessToken.Scope.BOT in scopes and not player.is_bot:
        raise TokenError("Only a bot account may have a token with the bot scope.",
                         code="not_bot")
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        if AccessToken.objects.filter(player=player, revoked_at=None).count() >= MAX_ACTIVE_TOKENS:
            raise TokenError(f"You have {MAX_ACTIVE_TOKENS} tokens: revoke one first.",
                             code="too_many")
        hour_ago = timezone.now() - timedelta(hours=1)
        if (AccessToken.objects.filter(player=player, created_at__gte=hour_ago).count()
                >= TOKENS_PER_HOUR):
            raise TokenError(f"You have created {TOKENS_PER_HOUR} tokens in the last hour: "
                             "please wait a while before creating another. Nothing was "
                             "changed.", code="flood")
        while True:
            prefix = secrets.token_hex(4)
            if not AccessToken.objects.filter(prefix=prefix).exists():
                break
        raw = f"{TOKEN_START}{prefix}_{secrets.token_urlsafe(32)}"
        token = AccessToken.objects.create(player=player, name=name, prefix=prefix,
                                           secret_hash=_hash(raw), scopes=scopes)
    return token, raw


def token_revoke(*, player: Player, token_id) -> AccessToken:
    """Revoke one of ``player``'s own tokens (anybody else's looks like a missing one)."""
    try:
        token = AccessToken.objects.get(pk=token_id, player=player, revoked_at=None)
    except (AccessToken.DoesNotExist, ValueError, TypeError):
        raise TokenError("That token does not exist or is already revoked.", code="gone")
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    return token


def token_authenticate(raw: str) -> AccessToken | None:
    """The active token ``raw`` names, with its player loaded; None for anything else."""
    raw = (raw or "").strip()
    if not raw.startswith(TOKEN_START) or len(raw) > 100:
        return None
    prefix, _, secret = raw[len(TOKEN_START):].partition("_")
    if len(prefix) != 8 or not secret:
        return None
    token = (AccessToken.objects.select_related("player__user")
             .filter(prefix=prefix, revoked_at=None, player__user__is_active=True).first())
    if token is None or not hmac.compare_digest(token.secret_hash, _hash(raw)):
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def tokens_of(player: Player) -> list[AccessToken]:
    """The player's active tokens, newest first (the settings page's list)."""
    return list(AccessToken.objects.filter(player=player, revoked_at=None)
                .order_by("-created_at", "-pk"))


def bot_conversion_allowed(player: Player) -> bool:
    """Only an account that never had a game (nor a challenge or hosted game) becomes a bot.

    Games live in the games app above this layer: the check reads them through the
    Player's reverse relations, without importing that app.
    """
    return not player.is_bot and not Player.objects.filter(pk=player.pk).filter(
        games_as_player1__isnull=False).exists() and not Player.objects.filter(
        pk=player.pk, games_as_player2__isnull=False).exists()


@transaction.atomic
def player_become_bot(*, player: Player) -> Player:
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.is_bot:
        raise TokenError("This account is already a bot.", code="already")
    if not bot_conversion_allowed(locked):
        raise TokenError("Only an account that has not played any game may become a bot.",
                         code="played")
    locked.is_bot = True
    locked.save(update_fields=["is_bot"])
    player.is_bot = True
    return locked
