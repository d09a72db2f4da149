"""How long a Prometheus scrape of a node takes: ``python -m devtools.metrics_bench [N]``.

Starts N processes (default 5) that each write one server process's worth of metric values
(40 views x 3 statuses with their histograms, the move, push and task figures, the gauges)
into a folder of their own (prometheus_client's multiprocess mode, as ``manage.py serve``
sets it up), then times ``generate_latest`` over them as ``/metrics`` does, 50 times.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

VIEWS = 40


def child() -> None:
    from marcomage.plumbing import metrics
    for view in range(VIEWS):
        for status in ("200", "302", "404"):
            metrics.HTTP_REQUESTS.labels(f"app:view{view}", status).inc()
        metrics.HTTP_SECONDS.labels(f"app:view{view}").observe(0.02)
    metrics.MOVE_SECONDS.observe(0.05)
    metrics.PUSH_SECONDS.observe(0.05)
    for queue in ("default", "ai", "rating", "sweeps", "events"):
        metrics.TASKS.labels(queue, "success").inc()
        metrics.TASK_SECONDS.labels(queue).observe(0.1)
    metrics.LIVE_SOCKETS.labels("game").inc(200)
    metrics.DB_CONNECTIONS.set(13)
    print("ready", flush=True)
    sys.stdin.read()  # until the parent is done


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["child"]:
        child()
        return 0
    processes = int(argv[0]) if argv else 5
    folder = tempfile.mkdtemp(prefix="marcomage-metrics-bench-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")
    children = [subprocess.Popen([sys.executable, "-m", "devtools.metrics_bench", "child"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for _ in range(processes)]
    try:
        for proc in children:
            proc.stdout.readline()
        from prometheus_client import generate_latest

        from marcomage.plumbing import metrics
        rounds = 50
        start = time.perf_counter()
        for _ in range(rounds):
            body = generate_latest(metrics.registry())
        seconds = (time.perf_counter() - start) / rounds
        print(f"{processes} processes' values: a scrape takes {1000 * seconds:.1f} ms, "
              f"{len(body) / 1024:.0f} kB, {body.count(10)} lines")
    finally:
        for proc in children:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
