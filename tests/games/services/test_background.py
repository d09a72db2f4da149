"""games.services.background: at most N jobs at once, the others wait in order (each once),
a job that raises is reported and the queue goes on; with no threads, jobs wait for
drain()."""
import sys
import threading

import pytest

from games.services.background import BackgroundQueue

WAIT = 20  # seconds: a bound for conditions that hold at once when the code is right


class Jobs:
    """Jobs that start, then wait until the test lets them finish."""

    def __init__(self, fail=()):
        self.started = {}
        self.release = {}
        self.order = []
        self.running = 0
        self.most = 0
        self.fail = set(fail)
        self.lock = threading.Lock()

    def events(self, key):
        with self.lock:
            self.started.setdefault(key, threading.Event())
            return self.started[key], self.release.setdefault(key, threading.Event())

    def run(self, key):
        started, release = self.events(key)
        with self.lock:
            self.order.append(key)
            self.running += 1
            self.most = max(self.most, self.running)
        started.set()
        try:
            assert release.wait(WAIT)
            if key in self.fail:
                raise RuntimeError(f"job {key} broke")
        finally:
            with self.lock:
                self.running -= 1


@pytest.mark.parametrize("threads", [1, 2])
def test_at_most_the_given_threads_run_the_others_wait_in_order(threads):
    jobs = Jobs()
    queue = BackgroundQueue("test", jobs.run, threads=lambda: threads)
    for key in (1, 2, 3, 4):
        queue.submit(key)
    queue.submit(4)  # already waiting: once only
    for key in range(1, threads + 1):
        assert jobs.events(key)[0].wait(WAIT)
    assert queue.waiting() == [k for k in (1, 2, 3, 4) if k > threads]
    for key in (1, 2, 3, 4):
        jobs.events(key)[1].set()
        assert jobs.events(key)[0].wait(WAIT)
    assert queue.wait_idle(WAIT)
    assert jobs.most == threads and sorted(jobs.order) == [1, 2, 3, 4]
    assert jobs.order[:threads] == list(range(1, threads + 1))


def test_a_job_that_raises_is_reported_and_the_next_one_runs():
    jobs, failed = Jobs(fail={"bad"}), []
    queue = BackgroundQueue("test", jobs.run, threads=lambda: 1, on_error=failed.append)
    for key in ("bad", "good"):
        jobs.events(key)[1].set()
        queue.submit(key)
    assert queue.wait_idle(WAIT)
    assert failed == ["bad"] and jobs.order == ["bad", "good"]


def test_without_threads_jobs_wait_for_drain_in_the_calling_thread():
    ran = []
    queue = BackgroundQueue("test", lambda key: ran.append((key, threading.current_thread())),
                            threads=lambda: 0)
    queue.submit("a")
    queue.submit("b")
    assert ran == [] and queue.waiting() == ["a", "b"]
    assert queue.drain() == 2
    assert ran == [("a", threading.current_thread()), ("b", threading.current_thread())]
    assert queue.wait_idle(0) and queue.drain() == 0


def test_while_jobs_run_the_interpreter_lock_changes_hands_sooner():
    usual = sys.getswitchinterval()
    seen = []
    queue = BackgroundQueue("test", lambda key: seen.append(sys.getswitchinterval()),
                            threads=lambda: 1, switch_interval=usual / 10)
    queue.submit("a")
    assert queue.wait_idle(WAIT)
    assert seen == [usual / 10] and sys.getswitchinterval() == usual
