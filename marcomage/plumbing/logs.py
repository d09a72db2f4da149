"""Log lines: plain text in development, one JSON object a line in production.

``LOG_FORMAT`` (``json`` or ``text``) picks; without it, JSON when DEBUG is off. Every line
carries the request id and the signed-in user's id of the work it belongs to
(``marcomage.plumbing.request_context``: a request, or a task it queued), so one request's lines,
and its tasks' lines on another machine, are found by one search. python-json-logger
writes the JSON (``pythonjsonlogger``).
"""
import logging

from marcomage.plumbing.request_context import current_request_id, current_user_id


class ContextFilter(logging.Filter):
    """Put the current request id and user id on every record (empty outside a request)."""

    def filter(self, record):
        if not hasattr(record, "request_id"):
            record.request_id = current_request_id()
        if not hasattr(record, "user_id"):
            record.user_id = current_user_id()
        return True


JSON_FIELDS = "{asctime}{levelname}{name}{message}{request_id}{user_id}"
TEXT_FORMAT = "{asctime} {levelname} {name} [{request_id}] {message}"


def logging_config(*, json_lines: bool, level: str) -> dict:
    """Django's LOGGING for either format."""
    formatter = ({"()": "pythonjsonlogger.json.JsonFormatter", "fmt": JSON_FIELDS,
                  "style": "{", "rename_fields": {"asctime": "time", "levelname": "level",
                                                  "name": "logger"}}
                 if json_lines else {"format": TEXT_FORMAT, "style": "{"})
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "marcomage.plumbing.logs.ContextFilter"}},
        "formatters": {"line": formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line",
                                 "filters": ["context"]}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "axes": {"level": "WARNING"},
            "daphne": {"level": "WARNING"},
            # One line per request and per task (marcomage.plumbing.request_observer,
            # marcomage.plumbing.task_signals): INFO, whatever the root's level, unless turned off.
            "marcomage.request": {"level": "INFO"},
            "marcomage.task": {"level": "INFO"},
        },
    }
