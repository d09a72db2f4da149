"""One middleware that watches every request: its id, its log line and its metrics.

First in MIDDLEWARE but for the probes (``marcomage.ops.probes``): the request id is set
before anything else can log, and the time counted is the whole of Django's.

- The request id (``marcomage.plumbing.request_context``): the caller's sane ``X-Request-ID`` or a
  new one, for the request's log lines and the tasks it queues, and sent back in the
  answer's ``X-Request-ID``.
- One log line per request (logger ``marcomage.request``): method, view name, status,
  milliseconds, request id and user id. The path is not logged: it may name someone's game
  or message; the view name says what was asked for.
- The metrics (``marcomage.plumbing.metrics``): requests by view and status, their time by view, a
  move's time, this process's database connections.
"""
import logging
import time

from marcomage.plumbing import metrics
from marcomage.plumbing.request_context import HEADER, request_id_from, request_id_var, user_id_var

log = logging.getLogger("marcomage.request")

# The move endpoints: their time is also the move latency (marcomage_move_seconds).
MOVE_VIEWS = frozenset({"games:move"})


def view_name_of(request) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "static" if request.path.startswith("/static/") else "unmatched"
    return match.view_name or "unnamed"


def user_id_of(request) -> int | None:
    """The signed-in user's id, when the request has looked its user up (never looked up
    here: a request that did not need its user costs no cache read for its log line)."""
    user = request.__dict__.get("_cached_user")
    return user.pk if getattr(user, "is_authenticated", False) else None


class RequestObserverMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = request_id_from(request.META.get("HTTP_X_REQUEST_ID"))
        request.request_id = request_id
        id_token = request_id_var.set(request_id)
        user_token = user_id_var.set(None)
        started = time.perf_counter()
        status = 500
        try:
            response = self.get_response(request)
            status = response.status_code
            response[HEADER] = request_id
            return response
        finally:
            seconds = time.perf_counter() - started
            view = view_name_of(request)
            user_id = user_id_of(request)
            metrics.HTTP_REQUESTS.labels(view, str(status)).inc()
            metrics.HTTP_SECONDS.labels(view).observe(seconds)
            if view in MOVE_VIEWS:
                metrics.MOVE_SECONDS.observe(seconds)
            metrics.db_connections_update()
            log.info("%s %s %s %.1f ms", request.method, view, status, seconds * 1000,
                     extra={"method": request.method, "view": view, "status": status,
                            "ms": round(seconds * 1000, 1), "user_id": user_id})
            request_id_var.reset(id_token)
            user_id_var.reset(user_token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        # The middleware after the authentication's have looked the user up by now
        # (players.middleware marks every signed-in player's activity): the view's log
        # lines and the tasks it queues carry the user's id.
        user_id_var.set(user_id_of(request))
