"""Error reports to Sentry (sentry-sdk), only when ``SENTRY_DSN`` is set.

What players write to each other never leaves the site in a report: the SDK sends no
request bodies, cookies, user details or frame variables, and ``scrub`` removes from
whatever it would still send (headers, query strings, breadcrumbs, extra data, exception
texts) the fields that hold private texts (messages, chat lines, notes, deck notes,
subjects, passwords, tokens), authentication and cookie headers, and anything shaped like
an e-mail address. The request id goes along as a tag, to find the request's log lines.
"""
import re

from marcomage.plumbing.request_context import current_request_id

FILTERED = "[Filtered]"
# Field names whose values are private texts or secrets, wherever they appear in an event.
PRIVATE_KEYS = frozenset({
    "body", "body_html", "text", "message_text", "content", "subject", "note", "notes",
    "deck_note", "chat", "line", "challenge_message", "real_name", "about", "signature",
    "email", "e_mail", "password", "password1", "password2", "old_password",
    "new_password1", "new_password2", "token", "csrfmiddlewaretoken", "sessionid",
    "csrftoken", "authorization", "cookie", "set-cookie", "x-csrftoken", "proxy-authorization",
})
PRIVATE_HEADERS = frozenset({"authorization", "cookie", "set-cookie", "x-csrftoken",
                             "proxy-authorization", "x-api-key"})
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _scrub_value(value):
    if isinstance(value, str):
        return EMAIL.sub(FILTERED, value)
    if isinstance(value, dict):
        return {key: (FILTERED if str(key).lower() in PRIVATE_KEYS else _scrub_value(item))
                for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub_value(item) for item in value]
    return value


def scrub(event, hint=None):
    """Sentry's ``before_send`` (and ``before_send_transaction``): the event without private
    texts (see the module)."""
    request = event.get("request")
    if isinstance(request, dict):
        request.pop("data", None)
        request.pop("cookies", None)
        headers = request.get("headers")
        if isinstance(headers, dict):
            request["headers"] = {name: (FILTERED if name.lower() in PRIVATE_HEADERS
                                         else _scrub_value(value))
                                  for name, value in headers.items()}
        if request.get("query_string"):
            request["query_string"] = FILTERED
    user = event.get("user")
    if isinstance(user, dict):
        event["user"] = {"id": user["id"]} if "id" in user else {}
    _cache_commands_only(event)
    for key in ("extra", "contexts", "tags", "breadcrumbs", "exception", "logentry",
                "message", "threads", "spans"):
        if key in event:
            event[key] = _scrub_value(event[key])
    _drop_frame_variables(event)
    return event


def _cache_commands_only(event) -> None:
    """Redis breadcrumbs and spans keep the command, not its keys and values: a cached
    session's key is the session cookie itself."""
    crumbs = event.get("breadcrumbs")
    crumbs = crumbs.get("values", []) if isinstance(crumbs, dict) else crumbs or []
    for crumb in crumbs:
        if isinstance(crumb, dict) and crumb.get("category") == "redis":
            command = (crumb.get("data") or {}).get("redis.command", "")
            crumb["message"] = command
            crumb["data"] = {"redis.command": command}
    for span in event.get("spans") or []:
        if isinstance(span, dict) and str(span.get("op", "")).startswith(("db.redis", "cache")):
            command = str(span.get("description") or "").split(" ", 1)[0]
            span["description"] = command
            span["data"] = {}


def _drop_frame_variables(event) -> None:
    for part in ("exception", "threads"):
        for value in (event.get(part) or {}).get("values", []) or []:
            for frame in ((value.get("stacktrace") or {}).get("frames") or []):
                frame.pop("vars", None)


def _tag_request_id(event, hint=None):
    request_id = current_request_id()
    if request_id:
        event.setdefault("tags", {})["request_id"] = request_id
    return scrub(event, hint)


def sentry_init(dsn: str, *, environment: str = "", release: str = "",
                traces_sample_rate: float = 0.0, transport=None) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    options = {
        "dsn": dsn,
        "environment": environment or None,
        "release": release or None,
        "max_request_body_size": "never",
        "include_local_variables": False,
        "traces_sample_rate": traces_sample_rate,
        "before_send": _tag_request_id,
        "before_send_transaction": _tag_request_id,
        "integrations": [DjangoIntegration(), CeleryIntegration(),
                         # Log lines of ERROR and above are reported too (scrubbed alike).
                         LoggingIntegration()],
    }
    if transport is not None:
        options["transport"] = transport
    sentry_sdk.init(**options)
