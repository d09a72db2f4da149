"""What every Celery task carries and reports, wherever it runs (a worker, or eagerly in
the process that queued it).

- The request id and user id of the request that queued it go in the task's message
  headers (``before_task_publish``) and are put back while it runs, so its log lines
  name the request (``marcomage.plumbing.request_context``).
- One log line per task (logger ``marcomage.task``): name, queue, outcome, milliseconds.
- Metrics (``marcomage.plumbing.metrics``): tasks by queue and outcome, their time by queue.
- Signs of life for the readiness probe (``marcomage.plumbing.heartbeats``): a worker marks each
  queue it takes every few seconds; beat marks itself each time it sends a task.
"""
import fnmatch
import logging
import threading
import time

from celery import signals
from django.conf import settings

from marcomage.plumbing import heartbeats, metrics
from marcomage.plumbing.request_context import request_id_var, user_id_var

log = logging.getLogger("marcomage.task")

_running: dict = {}  # task id -> (started, context tokens), while it runs
_is_beat = []


def queue_of(task) -> str:
    """The queue a task came from: its message's routing key, or (run eagerly) the route
    its name would take."""
    delivery = getattr(task.request, "delivery_info", None) or {}
    queue = delivery.get("routing_key")
    if queue:
        return queue
    for pattern, route in settings.CELERY_TASK_ROUTES.items():
        if fnmatch.fnmatchcase(task.name, pattern):
            return route.get("queue", settings.CELERY_TASK_DEFAULT_QUEUE)
    return settings.CELERY_TASK_DEFAULT_QUEUE


@signals.before_task_publish.connect
def _carry_request(sender=None, headers=None, **kwargs):
    if headers is not None:
        if request_id_var.get():
            headers.setdefault("request_id", request_id_var.get())
        if user_id_var.get() is not None:
            headers.setdefault("user_id", user_id_var.get())
    if _is_beat:
        heartbeats.beat("beat")


@signals.beat_init.connect
def _beat_started(sender=None, **kwargs):
    _is_beat.append(True)
    heartbeats.beat("beat")


@signals.task_prerun.connect
def _task_started(task_id=None, task=None, **kwargs):
    tokens = []
    # A worker puts a message's headers in the task's request; an eager run keeps them apart.
    carried = {}
    if task is not None:
        carried = task.request.get("headers") or {}
        for key in ("request_id", "user_id"):
            if task.request.get(key) is not None:
                carried = {**carried, key: task.request.get(key)}
    if carried.get("request_id"):
        tokens.append((request_id_var, request_id_var.set(str(carried["request_id"]))))
        tokens.append((user_id_var, user_id_var.set(carried.get("user_id"))))
    _running[task_id] = (time.perf_counter(), tokens)


@signals.task_postrun.connect
def _task_ended(task_id=None, task=None, state=None, **kwargs):
    started, tokens = _running.pop(task_id, (None, []))
    seconds = time.perf_counter() - started if started is not None else 0.0
    queue = queue_of(task) if task is not None else "unknown"
    outcome = {"SUCCESS": "success", "FAILURE": "failure", "RETRY": "retry"}.get(
        state or "", (state or "unknown").lower())
    metrics.TASKS.labels(queue, outcome).inc()
    metrics.TASK_SECONDS.labels(queue).observe(seconds)
    log.info("task %s %s %s %.1f ms", getattr(task, "name", "?"), queue, outcome,
             seconds * 1000, extra={"task": getattr(task, "name", "?"), "queue": queue,
                                    "outcome": outcome, "ms": round(seconds * 1000, 1)})
    for var, token in reversed(tokens):
        try:
            var.reset(token)
        except ValueError:  # set in another context (a thread pool's): nothing to undo here
            pass


@signals.worker_ready.connect
def _worker_heartbeats(sender=None, **kwargs):
    """Mark each queue this worker takes, every few seconds, on a thread of its main process
    (alive as long as the worker is)."""
    try:
        queues = sorted(q.name for q in sender.task_consumer.queues)
    except AttributeError:
        queues = [settings.CELERY_TASK_DEFAULT_QUEUE]

    def mark():
        while True:
            for queue in queues:
                heartbeats.beat(f"queue-{queue}")
            time.sleep(heartbeats.EVERY)

    threading.Thread(target=mark, daemon=True, name="heartbeats").start()
