"""The NinjaAPI of /api/v1/: the features' routers mounted, the default authentication
(players/tokens/auth.py) and the one error shape (marcomage/plumbing/api_base/errors.py) given to
every exception.

The docs page is /api/v1/docs (Swagger UI served from django-ninja's own static files),
the schema /api/v1/openapi.json.
"""
import logging

from django.conf import settings
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from decks.api import router as decks_router
from games.api.analysis import router as analysis_router
from games.api.bot import router as bot_router
from games.api.games import router as games_router
from games.puzzles.api import router as puzzles_router
from games.services.errors import GameError
from games.statistics.api import router as statistics_router
from games.tournaments.api import router as tournaments_router
from marcomage.plumbing.api_base.errors import GAME_ERROR_STATUS, ApiError, error_response
from players.profiles.api import router as players_router
from players.tokens.auth import token_auth

log = logging.getLogger(__name__)

DESCRIPTION = """
The public API of MArcomage: cards and keywords, players' public profiles and ratings,
shared decks, finished games with their replays and post-game analyses, the spectator's
view of running games (when both players allow spectators), statistics, and endpoints for
bot accounts.

Read endpoints need no token (a per-address rate limit applies). A personal access token,
created on the settings page, is sent as `Authorization: Bearer <token>`: its account has
its own, higher rate limit (shared by all the account's tokens), and with the **bot**
scope (bot accounts only) it opens the `bot` endpoints. A wrong token is a 401 and counts
against its address's anonymous limit. Lists are paginated with `page` and `page_size` (at most 100).

Every error has one shape: `{"error": {"status", "code", "message", "fields"?}}`
(`fields` for a 400: parameter -> messages). A 429 carries `Retry-After`.
"""

class SiteApi(NinjaAPI):
    def get_openapi_operation_id(self, operation) -> str:
        """The operation ids of the schema as they were when each subject's router was a
        module of marcomage/api/ named as its tag (``marcomage_api_<tag>_<function>``):
        code that clients generated from the schema keeps its names wherever a router
        lives now."""
        if not operation.tags:  # a router without tags: django-ninja's own id
            return super().get_openapi_operation_id(operation)
        return f"marcomage_api_{operation.tags[0]}_{operation.view_func.__name__}"


api = SiteApi(title="MArcomage API", version="1", description=DESCRIPTION,
               urls_namespace="api", auth=token_auth, docs_url="/docs",
               openapi_url="/openapi.json")

# Each feature's router, in the order of the documentation page.
ROUTERS = (decks_router, players_router, games_router, analysis_router, statistics_router,
           bot_router, puzzles_router, tournaments_router)
for router in ROUTERS:
    api.add_router("", router)


def _field_errors(errors) -> dict:
    fields: dict[str, list[str]] = {}
    for error in errors:
        location = [str(part) for part in error.get("loc", ())]
        # ("query", "filters", "page") -> "page"; ("body", "move", "version") -> "version"
        name = location[-1] if location else "request"
        fields.setdefault(name, []).append(str(error.get("msg", "is not valid")))
    return fields


@api.exception_handler(ApiError)
def _api_error(request, exc: ApiError):
    return error_response(exc.status, exc.code, exc.message, fields=exc.fields,
                          headers=exc.headers)


@api.exception_handler(ValidationError)
def _validation_error(request, exc: ValidationError):
    return error_response(400, "invalid", "Some parameters are not valid.",
                          fields=_field_errors(exc.errors))


@api.exception_handler(GameError)
def _game_error(request, exc: GameError):
    return error_response(GAME_ERROR_STATUS.get(exc.code, 400), exc.code, exc.message)


@api.exception_handler(Http404)
def _not_found(request, exc):
    return error_response(404, "not_found", "Not found.")


@api.exception_handler(AuthenticationError)
def _unauthorized(request, exc: AuthenticationError):
    message = exc.message if exc.message != "Unauthorized" else "A valid token is needed."
    return error_response(401, "unauthorized", message,
                          headers={"WWW-Authenticate": 'Bearer realm="api"'})


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    codes = {403: "forbidden", 404: "not_found", 405: "method_not_allowed", 429: "rate_limited"}
    return error_response(exc.status_code, codes.get(exc.status_code, "error"), str(exc))


@api.exception_handler(RequestDataTooBig)
def _too_large(request, exc):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
    return error_response(413, "too_large", f"The request's body is too large: at most "
                                            f"{limit} KB.")


@api.exception_handler(TooManyFieldsSent)
@api.exception_handler(TooManyFilesSent)
def _too_many_fields(request, exc):
    return error_response(413, "too_large", "The request has too many fields.")


@api.exception_handler(SuspiciousOperation)
def _bad_request(request, exc):
    return error_response(400, "bad_request", "The request cannot be read.")


@api.exception_handler(Exception)
def _unexpected(request, exc: Exception):
    log.exception("API error on %s", request.path)
    return error_response(500, "internal", "Something went wrong on our side; it has been "
                                           "logged.")
