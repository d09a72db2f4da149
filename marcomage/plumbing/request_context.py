"""The request id and the signed-in user of the work in hand, for its log lines and tasks.

One id follows a request through everything it starts: its log lines, the Celery tasks it
queues (in the task's message headers, ``marcomage.plumbing.task_signals``) and their log lines. An
incoming ``X-Request-ID`` (a load balancer's or proxy's) is kept when it is sane: short,
printable, no spaces, so a caller cannot write into the logs what a log reader would take
for other fields; anything else gets a new id.
"""
import contextvars
import re
import uuid

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
user_id_var: contextvars.ContextVar[int | None] = contextvars.ContextVar("user_id", default=None)

SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:\-]{8,64}")
HEADER = "X-Request-ID"


def new_request_id() -> str:
    return uuid.uuid4().hex


def request_id_from(incoming: str | None) -> str:
    """``incoming`` when it is a sane request id, else a new one."""
    if incoming and SANE_REQUEST_ID.fullmatch(incoming):
        return incoming
    return new_request_id()


def current_request_id() -> str:
    return request_id_var.get()


def current_user_id() -> int | None:
    return user_id_var.get()
