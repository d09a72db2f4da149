"""The API's one error shape, and the errors its code raises.

Every error answer reads ``{"error": {"status": 404, "code": "not_found", "message":
"...", "fields": {...}}}``; ``fields`` (name -> messages) is there for a 400 only.
"""
from django.http import JsonResponse

# games.services.errors.GameError codes -> HTTP status (anything else is a 400).
GAME_ERROR_STATUS = {
    "gone": 404,
    "forbidden": 403,
    "stale": 409,
    "version_missing": 400,
    "not_your_turn": 409,
    "not_running": 409,
    "not_finished": 409,
    "surrender_pending": 409,
    "started": 409,
    "slots": 409,
    "duplicate": 409,
    "unique": 409,
}


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, *, fields=None, headers=None):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.fields, self.headers = fields, headers or {}


def error_body(status: int, code: str, message: str, fields=None) -> dict:
    error = {"status": status, "code": code, "message": message}
    if fields is not None:
        error["fields"] = fields
    return {"error": error}


def error_response(status: int, code: str, message: str, *, fields=None,
                   headers=None) -> JsonResponse:
    response = JsonResponse(error_body(status, code, message, fields), status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def not_found(what: str = "That") -> ApiError:
    return ApiError(404, "not_found", f"{what} does not exist or is not public.")
