"""The periodic tasks without Celery beat (marcomage/plumbing/periodic.py): what is due runs, a failing
task is reported and the others go on, the long ones start as a child process, and a thread
of the server process hands its live events to the server's loop."""
import asyncio
import threading
from datetime import timedelta

import pytest
from channels.layers import get_channel_layer

from marcomage.plumbing import live_send, periodic

pytestmark = pytest.mark.django_db

SWEEP = "games.tasks.sweep_game_deadlines"


def test_what_is_due_runs_and_the_next_round_waits_its_interval(monkeypatch):
    ran = []
    monkeypatch.setattr(periodic, "task_run", lambda name, entry: ran.append(name))
    loop = periodic.PeriodicLoop({"often": {"task": SWEEP, "schedule": 5.0},
                                  "seldom": {"task": SWEEP, "schedule": timedelta(hours=1)}})
    wait = loop.run_due(now=1000.0)
    assert ran == ["often", "seldom"] and 0 <= wait
    loop.run_due(now=1003.0)
    assert ran == ["often", "seldom"]  # nothing due yet
    loop.run_due(now=1005.0)
    assert ran == ["often", "seldom", "often"]


def test_a_failing_task_is_reported_and_the_others_run():
    reports = []
    loop = periodic.PeriodicLoop({"missing": {"task": "no.such.task", "schedule": 5},
                                  "real": {"task": SWEEP, "schedule": 5}},
                                 report=reports.append)
    loop.run_due()
    assert len(reports) == 1 and "missing" in reports[0]
    assert loop.due["real"] > 0


def test_the_long_tasks_start_as_a_child_process_once_at_a_time(monkeypatch):
    started = []

    class Child:
        pid = 0

        def __init__(self, command, **kwargs):
            started.append(command)
            self.running = True

        def poll(self):
            return None if self.running else 0

        def terminate(self):
            self.running = False

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(periodic.subprocess, "Popen", Child)
    loop = periodic.PeriodicLoop({"long": {"task": SWEEP, "schedule": 5}}, in_child={"long"})
    loop.run_due(now=0.0)
    loop.run_due(now=10.0)  # still running: not started twice
    assert len(started) == 1
    assert started[0][-4:] == ["run_periodic", "--once", "--only", "long"]
    loop.stop_children()
    loop.run_due(now=20.0)
    assert len(started) == 2


def test_a_thread_of_the_server_hands_its_events_to_the_servers_loop():
    """The in-memory channel layer lives on the server's loop: a periodic thread's event
    must be sent there (sent on a loop of its own, it would reach no socket)."""
    layer = get_channel_layer()
    ready, received = threading.Event(), []

    async def server():
        channel = await layer.new_channel()
        await layer.group_add("periodic-test", channel)
        loop = ready.loop = asyncio.get_running_loop()
        ready.set()
        began = loop.time()
        received.append(await asyncio.wait_for(layer.receive(channel), 10))
        # Woken by the send itself: sent from another loop, the message sat unnoticed until
        # the server's loop woke for some other reason (here the time limit, 10 s).
        received.append(loop.time() - began < 5)

    server_thread = threading.Thread(target=lambda: asyncio.run(server()))
    server_thread.start()
    assert ready.wait(10)

    def periodic_thread():
        live_send.hand_sends_to(ready.loop)
        live_send.group_send_all([("periodic-test", {"type": "test.message", "n": 1})])

    sender = threading.Thread(target=periodic_thread)
    sender.start()
    sender.join(10)
    server_thread.join(15)
    assert received == [{"type": "test.message", "n": 1}, True]
