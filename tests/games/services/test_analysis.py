"""games.services.analysis: who may ask, stored once, the task's result and progress; without
a Celery worker the analysis runs on the process's background threads, never in the
request that asked (marcomage.plumbing.background)."""
import io
import threading
from datetime import timedelta
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import DatabaseError
from django.utils import timezone

from games import services as gs
from games.models import Game, GameAnalysis
from games.services import analysis
from games.services.sweeps import sweep_stalled_tasks
from marcomage.plumbing import background
from tests.games.analysis_helpers import (
    analyses_kept_for_the_test,
    queued_analyses,
    run_queued_analyses,
)
from tests.games.conftest import discard_on_turn

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.ANALYSIS_SIMULATIONS = 12


@pytest.fixture(autouse=True)
def _analyses_in_the_test(settings):
    yield from analyses_kept_for_the_test(settings)


@pytest.fixture
def finished_game(started_game, django_capture_on_commit_callbacks):
    """A played-out game, alice surrendering after some turns: a public replay. The turns
    are discards: played cards ended the game before the surrender in some deals."""
    game = started_game(hidden=True)
    for turn in range(1, 13):
        discard_on_turn(game, position=1 + turn % 8)
    game.refresh_from_db()
    gs.game_surrender(game_id=game.pk, player=game.player1)
    gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def _request(game, player, capture):
    """Ask, then let the background thread's work run (here: in the test's thread)."""
    with capture(execute=True):
        made = analysis.analysis_request(game_id=game.pk, player=player)
    run_queued_analyses()
    return made


def test_a_player_asks_once_and_the_task_judges_every_move(finished_game, alice,
                                                           django_capture_on_commit_callbacks):
    first, queued = _request(finished_game, alice, django_capture_on_commit_callbacks)
    assert queued
    first.refresh_from_db()
    assert first.status == GameAnalysis.Status.DONE and first.percent == 100
    result = first.result
    moves = finished_game.turns.filter(action__in=["play", "discard"]).count()
    assert len(result["turns"]) == moves == first.total == first.progress
    assert result["final"] == [0.0, 1.0]  # alice surrendered
    for entry in result["turns"]:
        assert entry["seat"] in (0, 1) and abs(sum(entry["win"]) - 1) < 1e-3
        assert 0 <= entry["loss"] <= 1 and entry["step"] == entry["number"] - 1
        assert entry["best"]["kind"] in ("play", "discard") and entry["played"]["card"]
    # Asked again (by anybody allowed): the same analysis, nothing queued.
    with mock.patch("games.services.analysis.analysis_queue") as queue:
        again, queued = analysis.analysis_request(game_id=finished_game.pk, player=alice)
    assert again.pk == first.pk and not queued and not queue.called
    assert GameAnalysis.objects.count() == 1


def test_anyone_may_ask_for_a_public_replay_but_not_for_a_private_game(
        finished_game, carol, django_capture_on_commit_callbacks):
    made, _ = _request(finished_game, carol, django_capture_on_commit_callbacks)
    assert made.game_id == finished_game.pk
    Game.objects.filter(pk=finished_game.pk).update(outcome=Game.Outcome.ABORT)
    GameAnalysis.objects.all().delete()
    with pytest.raises(gs.GameError) as refused:
        analysis.analysis_request(game_id=finished_game.pk, player=carol)
    assert refused.value.code == "gone"
    with pytest.raises(gs.GameError):
        analysis.analysis_for(game_id=finished_game.pk, player=None)
    # Its players still may.
    made, _ = _request(finished_game, finished_game.player2,
                       django_capture_on_commit_callbacks)
    assert made.game_id == finished_game.pk


def test_a_running_game_is_not_analysed(started_game, alice, carol):
    game = started_game()
    with pytest.raises(gs.GameError) as player_refused:
        analysis.analysis_request(game_id=game.pk, player=alice)
    assert player_refused.value.code == "not_finished"
    with pytest.raises(gs.GameError) as outsider_refused:
        analysis.analysis_request(game_id=game.pk, player=carol)
    assert outsider_refused.value.code == "gone"  # no telling that it exists
    for bad in (0, -1, 10**9, 2**70, "x", None):
        with pytest.raises(gs.GameError):
            analysis.analysis_request(game_id=bad, player=alice)
    assert not GameAnalysis.objects.exists()


def test_a_failed_analysis_is_queued_again(finished_game, alice,
                                           django_capture_on_commit_callbacks):
    with mock.patch("games.services.analysis.judge_game", side_effect=RuntimeError("bug")):
        failed, _ = _request(finished_game, alice, django_capture_on_commit_callbacks)
    failed.refresh_from_db()
    assert failed.status == GameAnalysis.Status.FAILED and "logged" in failed.error
    again, queued = _request(finished_game, alice, django_capture_on_commit_callbacks)
    again.refresh_from_db()
    assert queued and again.pk == failed.pk and again.status == GameAnalysis.Status.DONE


def test_the_task_reports_its_progress_and_a_repeat_does_nothing(finished_game, alice):
    made = GameAnalysis.objects.create(game=finished_game, requested_by=alice)
    seen = []
    with mock.patch.object(analysis, "PROGRESS_EVERY", 2):
        original = analysis.judge_game

        def judge(game, *, simulations, progress):
            return original(game, simulations=simulations,
                            progress=lambda done, total: (seen.append((done, total)),
                                                          progress(done, total)))

        with mock.patch.object(analysis, "judge_game", judge):
            assert analysis.analysis_run(analysis_id=made.pk) is True
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] and len(seen) > 3
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert analysis.analysis_run(analysis_id=made.pk) is False  # done already
    assert analysis.analysis_run(analysis_id=made.pk + 99) is False  # gone
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE and made.progress == seen[-1][0]


def test_the_costliest_moves_of_the_players_are_marked():
    entries = [{"seat": i % 2, "loss": loss, "by_player": True, "marked": False}
               for i, loss in enumerate([0.5, 0.02, 0.3, 0.4, 0.2, 0.11, 0.15, 0.09, 0.12,
                                          0.13, 0.14, 0.6, 0.7, 0.25])]
    entries.append({"seat": 1, "loss": 0.9, "by_player": False, "marked": False})
    analysis._mark(entries)
    marked = [(e["seat"], e["loss"]) for e in entries if e["marked"]]
    assert sorted(loss for seat, loss in marked if seat == 0) == [0.15, 0.2, 0.3, 0.5, 0.7]
    assert sorted(loss for seat, loss in marked if seat == 1) == [0.11, 0.13, 0.25, 0.4, 0.6]
    assert all(loss >= analysis.MARK_THRESHOLD for _, loss in marked)


def test_a_stalled_analysis_is_queued_again_by_the_sweep(finished_game, alice):
    made = GameAnalysis.objects.create(game=finished_game, requested_by=alice)
    GameAnalysis.objects.filter(pk=made.pk).update(
        updated_at=timezone.now() - timedelta(hours=1))
    with mock.patch("games.services.sweeps.task_send", return_value=True) as send:
        sweep_stalled_tasks()
        sweep_stalled_tasks()  # not again at once
    sent = [c.args for c in send.call_args_list if c.args[0].endswith("analysis_task")]
    assert sent == [("games.tasks.game_analysis_task", made.pk)]


def test_a_long_game_gets_fewer_simulations_per_move():
    assert analysis.simulations_per_move(200, 40) == 200
    assert analysis.simulations_per_move(200, 240) == 100
    assert analysis.simulations_per_move(200, 5000) == 40


def test_asking_answers_at_once_and_the_analysis_waits_for_a_thread(
        finished_game, alice, bob, django_capture_on_commit_callbacks):
    # Celery is eager here, as in the embedded default: the task must not judge the game
    # in the request's thread.
    with django_capture_on_commit_callbacks(execute=True):
        made, queued = analysis.analysis_request(game_id=finished_game.pk, player=alice)
    made.refresh_from_db()
    assert queued and made.status == GameAnalysis.Status.QUEUED and made.percent == 0
    assert queued_analyses() == [made.pk]
    # Asked again while it waits: the same one, not queued twice.
    with django_capture_on_commit_callbacks(execute=True):
        again, queued_again = analysis.analysis_request(game_id=finished_game.pk, player=bob)
    assert again.pk == made.pk and not queued_again and queued_analyses() == [made.pk]
    assert run_queued_analyses() == 1
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE and made.percent == 100


def _database_refusing(refused):
    """GameAnalysis.objects.filter whose rows' update() raises DatabaseError when
    ``refused(fields)`` (the database refusing that write)."""
    original_filter = analysis.GameAnalysis.objects.filter

    def filter_(*args, **kwargs):
        rows = original_filter(*args, **kwargs)
        update = rows.update

        def refusing_update(**fields):
            if refused(fields):
                raise DatabaseError("the disk is full")
            return update(**fields)

        rows.update = refusing_update
        return rows

    return mock.patch.object(analysis.GameAnalysis.objects, "filter", filter_)


def test_a_run_that_breaks_off_leaves_the_analysis_failed_and_asking_again_requeues_it(
        finished_game, alice, django_capture_on_commit_callbacks):
    # The result cannot be stored: the job's exception escapes analysis_run; the
    # background queue marks the analysis failed instead of leaving it "running".
    with _database_refusing(lambda fields: fields.get("status") == GameAnalysis.Status.DONE):
        made, _ = _request(finished_game, alice, django_capture_on_commit_callbacks)
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.FAILED and "logged" in made.error
    again, queued = _request(finished_game, alice, django_capture_on_commit_callbacks)
    again.refresh_from_db()
    assert queued and again.pk == made.pk and again.status == GameAnalysis.Status.DONE


def test_a_progress_write_the_database_refuses_is_skipped(finished_game, alice,
                                                         django_capture_on_commit_callbacks):
    with _database_refusing(lambda fields: "status" not in fields and fields["progress"] == 2):
        made, _ = _request(finished_game, alice, django_capture_on_commit_callbacks)
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE and made.percent == 100


def test_an_analysis_running_elsewhere_is_left_to_it_unless_it_fell_silent(finished_game,
                                                                            alice):
    made = GameAnalysis.objects.create(game=finished_game, requested_by=alice,
                                       status=GameAnalysis.Status.RUNNING, progress=3,
                                       total=20)
    assert analysis.analysis_run(analysis_id=made.pk) is False  # a second run: nothing
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.RUNNING and made.progress == 3
    GameAnalysis.objects.filter(pk=made.pk).update(
        updated_at=timezone.now() - analysis.ANALYSIS_SILENT - timedelta(seconds=1))
    assert analysis.analysis_run(analysis_id=made.pk) is True  # its worker died: taken over
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_without_a_worker_a_background_thread_judges_the_game_with_its_own_connection(
        finished_game, alice, settings):
    """The embedded default for real: the request returns while the analysis is queued or
    running on a thread of the process, whose progress is saved as it goes; the thread
    closes its database connection when done."""
    settings.ANALYSIS_THREADS = 1
    settings.ANALYSIS_PROCESS = False  # the search is mocked in this process
    arrived, gate = threading.Event(), threading.Event()
    seen = {}
    original = analysis.judge_game

    def judge(game, *, simulations, progress):
        seen["thread"] = threading.current_thread().name
        arrived.set()
        if not gate.wait(timeout=20):  # never set when judged in the asking thread
            raise AssertionError("judged before the request returned")
        return original(game, simulations=simulations, progress=progress)

    closed_in = []
    close_all = background.connections.close_all

    def closing():
        closed_in.append(threading.current_thread().name)
        close_all()

    with mock.patch.object(analysis, "judge_game", judge), \
            mock.patch.object(background.connections, "close_all", closing):
        made, queued = analysis.analysis_request(game_id=finished_game.pk, player=alice)
        # The request returned; the thread took the analysis and waits at the gate (the
        # test reads only then: SQLite in memory refuses a read beside a write).
        assert queued and arrived.wait(20)
        made.refresh_from_db()
        assert made.status == GameAnalysis.Status.RUNNING and made.progress == 0
        gate.set()
        assert analysis.local_analyses.wait_idle(timeout=60)
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE and made.progress == made.total > 0
    assert seen["thread"].startswith("analysis-") and closed_in == [seen["thread"]]


class FakeChild:
    """subprocess.Popen's stand-in: records the command, ends with ``code`` (or never)."""

    started = []

    def __init__(self, command, **kwargs):
        self.command, self.pid, self.killed = command, 4242, False
        FakeChild.started.append(self)

    def wait(self, timeout=None):
        if self.code is None and not self.killed:
            raise analysis.subprocess.TimeoutExpired(self.command, timeout)
        return self.code if not self.killed else -9

    def kill(self):
        self.killed = True


@pytest.fixture
def children(settings, monkeypatch):
    """Analyses go to child processes (as on a server's own database), faked."""
    settings.ANALYSIS_PROCESS = True
    monkeypatch.setattr(analysis, "_database_shared_with_children", lambda: True)
    priorities = []
    monkeypatch.setattr(analysis.os, "setpriority",
                        lambda which, pid, value: priorities.append((pid, value)))
    FakeChild.started = []

    def start(code):
        monkeypatch.setattr(FakeChild, "code", code, raising=False)
        monkeypatch.setattr(analysis.subprocess, "Popen", FakeChild)
        return FakeChild.started, priorities

    return start


def test_the_thread_runs_the_analysis_in_a_child_process_at_a_lower_priority(
        finished_game, alice, children, django_capture_on_commit_callbacks):
    started, priorities = children(0)
    made, _ = _request(finished_game, alice, django_capture_on_commit_callbacks)
    [child] = started
    assert child.command[2:4] == ["run_analysis", str(made.pk)]
    assert child.command[1].endswith("manage.py") and "--database-name" in child.command
    assert priorities == [(child.pid, analysis.CHILD_NICENESS)]
    # The child's own work, as its command does it (here in the test's process):
    call_command("run_analysis", str(made.pk), stdout=io.StringIO())
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE


@pytest.mark.parametrize("code", [1, None], ids=["crashed", "never-ends"])
def test_a_child_that_crashes_or_never_ends_leaves_the_analysis_failed(
        finished_game, alice, children, code, django_capture_on_commit_callbacks):
    started, _ = children(code)
    made, _ = _request(finished_game, alice, django_capture_on_commit_callbacks)
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.FAILED and "logged" in made.error
    assert started[0].killed == (code is None)


@pytest.mark.django_db(transaction=True)
def test_a_real_child_process_judges_the_game_on_the_same_database(
        finished_game, alice, settings, monkeypatch):
    """The embedded default's whole path: the request returns, a thread starts
    `manage.py run_analysis` on the database the server uses, the child judges the game."""
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("SQLite in memory: no other process can reach the test database")
    settings.ANALYSIS_THREADS, settings.ANALYSIS_PROCESS = 1, True
    monkeypatch.setenv("ANALYSIS_SIMULATIONS", "8")  # the child reads the environment
    made, queued = analysis.analysis_request(game_id=finished_game.pk, player=alice)
    assert queued and analysis.local_analyses.wait_idle(timeout=120)
    made.refresh_from_db()
    assert made.status == GameAnalysis.Status.DONE and made.result["simulations"] == 8
