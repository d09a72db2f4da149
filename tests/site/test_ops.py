"""What the people who run the site poll and scrape, from the outside: the health probes, the
metrics, the request ids and log lines, the error reports' scrubbing.

The probes are answered before the rest of the site (no host check, no redirect, no
session); the metrics only to a token or to this machine; nothing in them names a player.
"""
import io
import json
import logging
import re
import socket

import pytest
from django.test import Client
from django.urls import reverse

from marcomage.ops import health
from marcomage.plumbing import heartbeats
from marcomage.plumbing.logs import logging_config
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_probe(settings, tmp_path):
    settings.HEARTBEAT_DIR = str(tmp_path / "heartbeats")
    health.forget()
    yield
    health.forget()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- health
def test_liveness_answers_ok_without_touching_anything(django_assert_num_queries):
    with django_assert_num_queries(0):
        response = Client().get("/health/live")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "Set-Cookie" not in response.headers and not response.cookies


def test_readiness_names_its_checks_and_nothing_else():
    heartbeats.beat("beat")
    for queue in health.celery_queues():  # with Redis: as the workers mark their queues
        heartbeats.beat(f"queue-{queue}")
    response = Client().get("/health/ready")
    assert response.status_code == 200
    body = response.json()
    assert body == {"status": "ok", "checks": {
        "database": "ok", "cache": "ok", "channel_layer": "ok", "migrations": "ok",
        "workers": "ok", "beat": "ok"}}
    assert response["Cache-Control"] == "no-store"


def test_probes_answer_any_host_over_plain_http(settings):
    """A load balancer polls the node by its address, over HTTP inside the network."""
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["marcomage.example"]
    client = Client()
    for path in ("/health/live", "/health/ready"):
        response = client.get(path, HTTP_HOST="10.0.0.7:8000")
        assert response.status_code == 200, path
    # The pages themselves still refuse that host.
    assert client.get("/", HTTP_HOST="10.0.0.7:8000").status_code == 400


def test_a_scheduler_that_is_gone_is_reported_but_does_not_take_the_node_out():
    response = Client().get("/health/ready")
    assert response.status_code == 200
    assert response.json()["checks"]["beat"] == "fail"


def test_redis_that_does_not_answer_makes_the_process_not_ready(settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{_closed_port()}/0"
    response = Client().get("/health/ready")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "fail" and body["checks"]["cache"] == "fail"
    assert body["checks"]["workers"] == "fail"  # no worker has marked its queues
    text = response.content.decode()
    assert "127.0.0.1" not in text and "redis" not in text.lower()  # nothing given away


def test_unapplied_migrations_make_the_process_not_ready(monkeypatch):
    from django.db.migrations.executor import MigrationExecutor

    monkeypatch.setattr(MigrationExecutor, "migration_plan",
                        lambda self, targets: [("privacy", "9999_future")])
    assert Client().get("/health/ready").status_code == 503


def test_readiness_checks_once_per_window_however_often_it_is_polled(settings, monkeypatch):
    settings.HEALTH_CACHE_SECONDS = 60
    runs = []
    real = health.run_checks
    monkeypatch.setattr(health, "run_checks", lambda: runs.append(1) or real())
    client = Client()
    for _ in range(50):
        assert client.get("/health/ready").status_code == 200
    assert len(runs) == 1


def test_workers_are_ready_once_each_queue_has_a_live_worker(settings, monkeypatch):
    settings.REDIS_URL = "redis://unused"
    store = {}
    monkeypatch.setattr(heartbeats, "age", lambda name: store.get(name))
    assert health.check_workers() is False
    for queue in health.celery_queues():
        store[f"queue-{queue}"] = 1.0
    assert health.check_workers() is True
    store["queue-events"] = health.WORKER_STALE + 1
    assert health.check_workers() is False


def test_heartbeats_without_redis_cross_processes_through_files(settings, tmp_path):
    settings.REDIS_URL = ""
    assert heartbeats.age("beat") is None
    heartbeats.beat("beat")
    assert (tmp_path / "heartbeats" / "beat").exists()
    assert 0 <= heartbeats.age("beat") < 5


# ---------------------------------------------------------------- metrics
def _metrics(client=None, **extra):
    return (client or Client()).get("/metrics", **extra)


def test_metrics_are_served_to_this_machine_only_without_a_token():
    assert _metrics().status_code == 200
    assert _metrics(REMOTE_ADDR="203.0.113.9").status_code == 404
    # Through a proxy on this machine: the request came from elsewhere.
    assert _metrics(HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 404
    assert _metrics(HTTP_X_REAL_IP="203.0.113.9").status_code == 404


def test_metrics_with_a_token_need_it_from_anywhere(settings):
    settings.METRICS_TOKEN = "s3cret-scrape-token"
    assert _metrics().status_code == 404
    assert _metrics(HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    ok = _metrics(REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer s3cret-scrape-token")
    assert ok.status_code == 200
    assert ok["Content-Type"].startswith("text/plain")


def test_metrics_count_requests_by_view_and_never_name_a_player(client_of):
    alice = PlayerFactory(user__username="alice-metrics", level=10)
    client = client_of(alice)
    client.get(reverse("players:detail", args=["alice-metrics"]))
    client.get("/no/such/page/alice-metrics/")
    text = _metrics().content.decode()
    assert re.search(r'marcomage_http_requests_total\{status="200",view="players:detail"\} '
                     r'[1-9]', text)
    assert re.search(r'marcomage_http_requests_total\{status="404",view="unmatched"\}', text)
    assert "alice-metrics" not in text
    for label_value in re.findall(r'="([^"]*)"', text):
        assert "/" not in label_value, label_value  # view names, never paths
    for name in ("marcomage_http_request_seconds_bucket", "marcomage_queue_length",
                 "marcomage_games_running", "marcomage_health", "marcomage_db_connections"):
        assert name in text, name


def test_a_move_is_timed_as_a_move(client_of):
    from tests.security.conftest import start_game
    alice = PlayerFactory(user__username="alice-mover", level=10)
    bob = PlayerFactory(user__username="bob-mover", level=10)
    game = start_game(alice, bob)
    mover = alice if game.current_seat == 0 else bob
    before = _metrics().content.decode()
    client_of(mover).post(reverse("games:move", args=[game.pk]),
                          {"version": game.version, "position": 1, "action": "discard"},
                          HTTP_HX_REQUEST="true")
    after = _metrics().content.decode()

    def moves(text):
        found = re.search(r"^marcomage_move_seconds_count (\S+)$", text, re.M)
        return float(found.group(1)) if found else 0.0
    assert moves(after) == moves(before) + 1


def test_queue_lengths_without_redis_are_the_background_queues(settings):
    settings.REDIS_URL = ""
    from marcomage.ops.scrape import queue_lengths
    from marcomage.privacy.exports import local_exports
    local_exports.submit(987654)
    try:
        assert queue_lengths()["exports"] == 1
    finally:
        local_exports.discard_waiting()


# ---------------------------------------------------------------- request ids and log lines
def test_each_answer_carries_a_request_id_kept_from_a_sane_caller():
    client = Client()
    fresh = client.get("/")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", fresh)
    assert client.get("/", HTTP_X_REQUEST_ID="lb-1234-abcd")["X-Request-ID"] == "lb-1234-abcd"
    for insane in ("short", "has space in it", "x" * 65, "evil\nlevel=error", "<script>"):
        answered = client.get("/", HTTP_X_REQUEST_ID=insane)["X-Request-ID"]
        assert answered != insane and re.fullmatch(r"[0-9a-f]{32}", answered)


@pytest.fixture
def json_lines():
    """The JSON log lines of the request and task loggers, as production writes them."""
    config = logging_config(json_lines=True, level="INFO")
    from django.utils.module_loading import import_string
    formatter_config = dict(config["formatters"]["line"])
    formatter = import_string(formatter_config.pop("()"))(**formatter_config)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    from marcomage.plumbing.logs import ContextFilter
    handler.addFilter(ContextFilter())
    loggers = [logging.getLogger(name) for name in ("marcomage.request", "marcomage.task")]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)

    def lines():
        return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]
    yield lines
    for logger in loggers:
        logger.removeHandler(handler)


def test_one_json_line_per_request_with_its_id_user_view_status_and_time(json_lines,
                                                                          client_of):
    alice = PlayerFactory(user__username="alice-logs", level=10)
    response = client_of(alice).get(reverse("players:settings"),
                                    HTTP_X_REQUEST_ID="req-alice-0001")
    lines = [line for line in json_lines() if line["logger"] == "marcomage.request"]
    assert len(lines) == 1
    line = lines[0]
    assert line["request_id"] == "req-alice-0001" == response["X-Request-ID"]
    assert line["user_id"] == alice.user_id
    assert line["view"] == "players:settings" and line["status"] == 200
    assert line["ms"] > 0 and line["level"] == "INFO" and "time" in line
    assert "/settings" not in json.dumps(line)  # the path is not logged


def test_a_task_carries_the_request_id_of_the_request_that_queued_it(json_lines):
    """The id goes in the task message's headers; the task's own log line carries it."""
    from celery import current_app
    from kombu import Queue

    from marcomage.plumbing.request_context import request_id_var, user_id_var

    app = current_app
    token, user_token = request_id_var.set("req-task-0002"), user_id_var.set(42)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        with app.connection_for_write("memory://") as connection:
            app.send_task("marcomage.privacy.tasks.privacy_expired_task", queue="ops-test",
                          connection=connection)
            message = connection.SimpleQueue(Queue("ops-test")).get(timeout=2)
    finally:
        app.conf.task_always_eager = eager
        request_id_var.reset(token)
        user_id_var.reset(user_token)
    assert message.headers["request_id"] == "req-task-0002"
    assert message.headers["user_id"] == 42
    # Run as a worker would, with the message's headers (outside any request now).
    from marcomage.privacy.tasks import privacy_expired_task
    privacy_expired_task.apply(headers=message.headers)
    tasks = [line for line in json_lines() if line["logger"] == "marcomage.task"]
    assert tasks and tasks[-1]["request_id"] == "req-task-0002"
    assert tasks[-1]["task"] == "marcomage.privacy.tasks.privacy_expired_task"
    assert tasks[-1]["outcome"] == "success" and tasks[-1]["user_id"] == 42


def test_task_failures_are_counted_per_queue():
    from celery import shared_task

    @shared_task(name="tests.ops.failing_task")
    def failing_task():
        raise RuntimeError("boom")

    from celery import current_app
    propagates = current_app.conf.task_eager_propagates
    current_app.conf.task_eager_propagates = False  # as in a worker: the failure is recorded
    try:
        assert failing_task.apply().state == "FAILURE"
    finally:
        current_app.conf.task_eager_propagates = propagates
    text = _metrics().content.decode()
    assert re.search(r'marcomage_tasks_total\{outcome="failure",queue="default"\} [1-9]', text)
