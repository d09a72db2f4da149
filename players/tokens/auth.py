"""Who calls the public API, and how often they may: the authentication of its routers.

``Authorization: Bearer <token>`` names a personal access token (``services.py``); without the header the caller is anonymous, which every
read endpoint allows. A header with a bad, revoked or foreign-scheme token is a 401,
never silently anonymous, so a bot notices a revoked token at once.

Rate limits (settings.API_RATE_LIMITS) are counted per account (all the tokens of one
player share one count: a second token brings no fresh allowance), or per address without
a token, by django-ratelimit in the cache, like marcomage/plumbing/flood.py; over the limit the
answer is a 429 with Retry-After (the seconds left in the window). A header with a token
that opens nothing counts against its address's anonymous limit before the 401, so
guessing tokens is limited like any anonymous caller. A cache that is down skips the
limit, as flood control does, and FLOOD_CONTROL=false turns these limits off with the
site's others.
"""
import logging
from dataclasses import dataclass

from django.conf import settings
from django_ratelimit import ALL
from django_ratelimit.core import get_usage
from ninja.errors import AuthenticationError, AuthorizationError
from ninja.security import HttpBearer

from marcomage.plumbing.api_base.errors import ApiError
from players.models import AccessToken, Player
from players.tokens.services import token_authenticate

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ApiClient:
    """The caller: a token and its player, or neither (anonymous). Always truthy."""

    token: AccessToken | None = None

    @property
    def player(self) -> Player | None:
        return self.token.player if self.token else None

    def has_scope(self, scope: str) -> bool:
        return self.token is not None and scope in self.token.scopes


def rate_limit(request, client: ApiClient) -> None:
    """Count this request against the caller's allowance; ApiError 429 beyond it."""
    if not settings.FLOOD_CONTROL:  # the site's switch for every rate limit
        return
    if client.token is not None:
        # The group keeps its historical name "token"; the key is the account.
        kind, rate = "token", settings.API_RATE_LIMITS["token"]
        account = f"player:{client.token.player_id}"

        def key(_group, _request):
            return account
    else:
        kind, rate, key = "anonymous", settings.API_RATE_LIMITS["anonymous"], "ip"
    try:
        usage = get_usage(request, group=f"{settings.API_RATE_GROUP_PREFIX}{kind}", key=key,
                          rate=rate, method=ALL, increment=True)
    except Exception:  # a cache that is down skips the limit; it never blocks the API
        log.warning("API rate limit skipped: the cache failed", exc_info=True)
        return
    if usage and usage["should_limit"]:
        wait = max(1, int(usage["time_left"]))
        raise ApiError(429, "rate_limited",
                       f"Too many requests: wait {wait} seconds and try again.",
                       headers={"Retry-After": str(wait)})


class TokenAuth(HttpBearer):
    """Anonymous or a valid token (any scope); counts the request against its limit."""

    def __call__(self, request) -> ApiClient:
        header = request.headers.get("Authorization", "")
        if not header:
            client = ApiClient()
        else:
            scheme, _, raw = header.partition(" ")
            token = self.authenticate(request, raw) if scheme.lower() == "bearer" else None
            if token is None:
                rate_limit(request, ApiClient())  # a guess costs its address's allowance
                raise AuthenticationError(message="The token is unknown, revoked or not sent "
                                                  "as 'Authorization: Bearer <token>'.")
            client = ApiClient(token)
        rate_limit(request, client)
        self.check(client)
        return client

    def authenticate(self, request, token):
        """The AccessToken behind a raw bearer token, or None (unknown or revoked)."""
        return token_authenticate(token)

    def check(self, client: ApiClient) -> None:
        """Subclasses refuse clients here."""


class TokenRequired(TokenAuth):
    """A valid token of any scope (a player acting through the API: answering a puzzle)."""

    def check(self, client: ApiClient) -> None:
        if client.token is None:
            raise AuthenticationError(message="This endpoint needs a token: "
                                              "'Authorization: Bearer <token>'.")


class BotAuth(TokenAuth):
    """A token with the "bot" scope of a bot account."""

    def check(self, client: ApiClient) -> None:
        if client.token is None:
            raise AuthenticationError(message="This endpoint needs a bot token: "
                                              "'Authorization: Bearer <token>'.")
        if not client.has_scope(AccessToken.Scope.BOT) or not client.player.is_bot:
            raise AuthorizationError(message="This endpoint needs a token with the 'bot' "
                                             "scope, of a bot account.")


token_auth = TokenAuth()
token_required = TokenRequired()
bot_auth = BotAuth()
