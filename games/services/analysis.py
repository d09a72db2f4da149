"""Post-game analysis: the strongest computer level judges every move of a finished game.

Who may ask: a player of the finished game, or anyone when the game is a public replay
(games.services.access.is_public_replay); anybody else cannot tell the game exists. An
analysis is stored once per game (GameAnalysis): asking again returns the same one; a
failed one, or one stuck in the queue (a lost task), is queued again.

The work runs as a Celery task (games.tasks.game_analysis_task, queued after commit) on a
worker; without one (no Redis: Celery is eager) the task hands it to ``local_analyses``, a
background thread or two of the server process (settings.ANALYSIS_THREADS), each of which
runs it in a child process at a lower priority (``manage.py run_analysis``): either way the
request that asked answers at once, with the analysis queued, and the search does not
share the server's interpreter. The game's Turn log is
replayed from its initial state (as the history and the replays do) and before each play
or discard ``engine.judge_move`` judges the position from what the mover
knew then (never the opponent's unrevealed cards, his deck or the game's generator),
with the expert level's search at a small budget (settings.ANALYSIS_SIMULATIONS), so a
whole game takes seconds to a minute. The progress is saved every few moves, so the
pages and the API can show it moving.

Turns are numbered as the replays number them (and the API's replay steps): turn N is the
board after the game log's Nth entry, so a judged move is "turn N" when the replay's
"turn N" shows its result ("step" N - 1 is the board before it).
"""
import logging
import os
import subprocess
import sys
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Q
from django.utils import timezone

from games import engine
from games.models import Game, GameAnalysis, Turn

from .access import REPLAY, access_game
from .background import BackgroundQueue
from .errors import GameError
from .queue import analysis_queue
from .turn_log import replay_turn, state_after_turns

log = logging.getLogger(__name__)

# A queued or running analysis not heard of for this long is queued again on request.
ANALYSIS_STALLED = timedelta(minutes=10)
# A move is marked when it cost at least this much of the mover's win probability...
MARK_THRESHOLD = 0.10
# ...and is among the worst few of its player.
MARKS_PER_SEAT = 5
# A running analysis not heard of for this long is taken over by another run of its task
# (its worker died: it saved its progress every few seconds).
ANALYSIS_SILENT = timedelta(minutes=2)
# The progress is saved every this many judged turns (a fraction of a second each).
PROGRESS_EVERY = 2
# A game longer than this many moves gets fewer simulations per move (down to a fifth),
# so that a long game stays well inside the task's time limit.
FULL_BUDGET_MOVES = 120
JUDGED_ACTIONS = (Turn.Action.PLAY, Turn.Action.DISCARD)


def _game_for_analysis(game_id, player, as_) -> Game:
    try:
        game = access_game(game_id, player, as_=as_, query=Game.objects.select_related(
            "player1__user", "player2__user").defer("state", "initial_state"))
    except GameError:
        # Outsiders cannot tell a private game from a missing one.
        raise GameError("There is no such game.", code="gone")
    if game.status != Game.Status.FINISHED:  # so ``player`` plays it
        raise GameError("A game is analysed once it is over.", code="not_finished")
    return game


def analysis_for(*, game_id, player, as_=REPLAY) -> GameAnalysis | None:
    """The analysis of a game ``player`` may see (None: not requested yet); GameError
    "gone" or "not_finished" otherwise. ``as_``: the kind of viewer asking (the access
    step's REPLAY, API_REPLAY for the API)."""
    game = _game_for_analysis(game_id, player, as_)
    return GameAnalysis.objects.filter(game=game).first()


def _stalled(analysis: GameAnalysis, now) -> bool:
    return (analysis.status in (GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING)
            and analysis.updated_at < now - ANALYSIS_STALLED)


@transaction.atomic
def analysis_request(*, game_id, player, as_=REPLAY) -> tuple[GameAnalysis, bool]:
    """Ask for the analysis of a finished game: (the analysis, whether it was queued now);
    ``as_`` as for ``analysis_for``.

    Idempotent: an analysis that exists, queued, running or done, is returned as it is.
    """
    game = _game_for_analysis(game_id, player, as_)
    analysis, created = GameAnalysis.objects.get_or_create(
        game=game, defaults={"requested_by": player, "status": GameAnalysis.Status.QUEUED})
    if not created:
        if not (analysis.status == GameAnalysis.Status.FAILED
                or _stalled(analysis, timezone.now())):
            return analysis, False
        analysis.status = GameAnalysis.Status.QUEUED
        analysis.progress = 0
        analysis.error = ""
        analysis.save(update_fields=["status", "progress", "error", "updated_at"])
    analysis_queue(analysis)
    return analysis, True


# ---------------------------------------------------------------- the task's work
def _card_of(state, seat, position) -> int:
    hand = state.p[seat].hand
    return hand[position - 1] if 1 <= position <= len(hand) else 0


def _move_out(state, seat, action) -> dict:
    """A move for the result: kind, position, mode, card id and name (the mover's own
    card: what the replay of the finished game shows anyway)."""
    card = _card_of(state, seat, action.position)
    try:
        name = state.card(card).name if card else ""
    except (engine.EngineError, KeyError, IndexError):
        name = ""
    return {"kind": action.kind, "position": action.position,
            "mode": action.mode if action.kind == "play" else 0, "card": card, "name": name}


def _seed(game: Game, turn: Turn) -> int:
    """A fixed seed per judged turn: the same game is judged the same way again."""
    return ((game.pk & 0xFFFFFFFF) << 24) ^ turn.number ^ 0xA7A1_7515


def _mark(entries: list) -> None:
    """Mark, per seat, the worst moves of the players (not the computer's or substitute
    moves) that cost at least MARK_THRESHOLD."""
    for seat in (0, 1):
        costly = sorted((e for e in entries if e["seat"] == seat and e["by_player"]
                         and e["loss"] >= MARK_THRESHOLD), key=lambda e: -e["loss"])
        for entry in costly[:MARKS_PER_SEAT]:
            entry["marked"] = True


def simulations_per_move(simulations: int, moves: int) -> int:
    """The budget of each move: ``simulations``, less in a game of many moves."""
    if moves <= FULL_BUDGET_MOVES:
        return simulations
    return max(simulations // 5, simulations * FULL_BUDGET_MOVES // moves, 1)


def judge_game(game: Game, *, simulations: int, progress=None) -> dict:
    """The analysis result of ``game`` (its initial state and Turn log); ``progress(done,
    total)`` is called as turns are judged. ``simulations``: per move, in a game of up
    to FULL_BUDGET_MOVES moves."""
    turns, _step, state = state_after_turns(game, 0)
    total = sum(1 for turn in turns if turn.action in JUDGED_ACTIONS)
    simulations = simulations_per_move(simulations, total)
    shown = ([], [])  # cards each seat played or discarded so far: his opponent saw them
    entries = []
    done = 0
    if progress is not None:
        progress(0, total)
    for turn in turns:
        seat = turn.actor_seat
        if (turn.action in JUDGED_ACTIONS and seat in (0, 1)
                and state.status == "in progress"):
            played = engine.Action(turn.action, turn.position,
                                   turn.mode if turn.action == Turn.Action.PLAY else 0)
            try:
                judged = engine.judge_move(state, seat, played, simulations=simulations,
                                           seed=_seed(game, turn), seen=shown[1 - seat])
            except engine.EngineError:  # a move the engine no longer takes: not judged
                judged = None
            if judged is not None:
                win = judged.win if seat == 0 else 1 - judged.win
                entries.append({
                    "number": turn.number, "step": turn.number - 1, "seat": seat,
                    "round": state.round, "win": [round(win, 4), round(1 - win, 4)],
                    "loss": round(max(0.0, judged.best_value - judged.played_value), 4),
                    "played": _move_out(state, seat, played),
                    "best": _move_out(state, seat, judged.best),
                    "by_player": not (turn.is_ai_move or turn.is_substitute),
                    "marked": False,
                })
            if turn.card:
                shown[seat].append(turn.card)
            done += 1
            if progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
                progress(done, total)
        state = replay_turn(state, turn)
    _mark(entries)
    winner = state.winner if state.status != "in progress" else None
    final = [0.5, 0.5] if winner not in (0, 1) else [1.0 - winner, float(winner)]
    return {"level": engine.ANALYSIS_LEVEL, "simulations": simulations, "turns": entries,
            "final": final, "steps": len(turns)}


def analysis_run(*, analysis_id) -> bool:
    """The task's work: judge the game and store the result. True when it was done now
    (an analysis done, failed, gone, or running elsewhere and heard of lately, is left
    alone: asking again queues a failed one)."""
    analysis = (GameAnalysis.objects.select_related("game").filter(pk=analysis_id).first())
    if analysis is None:
        return False
    rows = GameAnalysis.objects.filter(pk=analysis.pk)
    # Taken by one run only: a task queued twice (the sweep, a repeated request, a
    # redelivered message) does not judge the game twice at once.
    now = timezone.now()
    claimed = rows.filter(Q(status=GameAnalysis.Status.QUEUED)
                          | Q(status=GameAnalysis.Status.RUNNING,
                              updated_at__lt=now - ANALYSIS_SILENT)).update(
        status=GameAnalysis.Status.RUNNING, progress=0, updated_at=now)
    if not claimed:
        return False

    def progress(done, total):
        # Only what the progress bar shows: a write the database refuses for a moment (a
        # locked SQLite) is skipped, the next one catches up.
        try:
            rows.update(progress=done, total=total, updated_at=timezone.now())
        except DatabaseError:
            log.warning("analysis %s: progress not saved", analysis_id, exc_info=True)

    try:
        result = judge_game(analysis.game, simulations=settings.ANALYSIS_SIMULATIONS,
                            progress=progress)
    except GameError as error:
        rows.update(status=GameAnalysis.Status.FAILED, error=error.message[:200],
                    updated_at=timezone.now())
        return False
    except Exception:
        log.exception("analysis of game %s failed", analysis.game_id)
        rows.update(status=GameAnalysis.Status.FAILED,
                    error="The analysis failed on our side; it has been logged.",
                    updated_at=timezone.now())
        return False
    judged = len(result["turns"])
    rows.update(status=GameAnalysis.Status.DONE, result=result, progress=judged, total=judged,
                finished_at=timezone.now(), updated_at=timezone.now())
    return True


def analysis_failed(analysis_id) -> None:
    """Mark an analysis whose run broke off failed (asking again queues it again)."""
    GameAnalysis.objects.filter(
        pk=analysis_id, status__in=[GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING],
    ).update(status=GameAnalysis.Status.FAILED,
             error="The analysis failed on our side; it has been logged.",
             updated_at=timezone.now())


# A child process judging one game is given this long, then stopped (its analysis failed).
CHILD_TIMEOUT = 15 * 60
# The child's niceness: the server's requests come first on a busy machine.
CHILD_NICENESS = 10


def _database_shared_with_children() -> bool:
    """Can a child process reach this process's database? Not SQLite in memory (tests)."""
    connection = connections["default"]
    return not (connection.vendor == "sqlite" and connection.is_in_memory_db())


def analysis_in_child(analysis_id) -> None:
    """Run ``analysis_run`` in a child process (``manage.py run_analysis``) at a lower
    priority and wait for it; RuntimeError when it did not end well (the background queue
    then marks the analysis failed)."""
    command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "run_analysis",
               str(int(analysis_id)),
               "--database-name", str(connections["default"].settings_dict["NAME"])]
    child = subprocess.Popen(command, cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL)
    try:
        os.setpriority(os.PRIO_PROCESS, child.pid, CHILD_NICENESS)
    except (AttributeError, OSError):  # not on this system, or it ended already
        pass
    try:
        code = child.wait(timeout=CHILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        raise RuntimeError(f"analysis {analysis_id}: stopped after {CHILD_TIMEOUT} s")
    if code != 0:
        raise RuntimeError(f"analysis {analysis_id}: its process ended with {code}")


def _analysis_job(analysis_id) -> None:
    if settings.ANALYSIS_PROCESS and _database_shared_with_children():
        analysis_in_child(analysis_id)
    else:
        analysis_run(analysis_id=analysis_id)


# Without a Celery worker: the analyses of this process, one or two at a time, each on a
# background thread (with its own database connection, closed after it) that runs it in a
# child process. A page that is mostly Python work shares the interpreter lock with a
# search running in the server process: /games/ took several times as long beside one
# (docs/performance.md, "Post-game analysis"), and hardly longer beside a child at a lower priority.
# Where no child can reach the database (SQLite in memory: tests), or with
# ANALYSIS_PROCESS off, the thread runs it itself; while it does, the interpreter lock
# changes hands every 0.5 ms instead of 5 (a request thread back from each query waited
# up to 5 ms for the search every time: a synthetic request of 12 waits of 0.5 ms took
# 7 ms alone, 66-74 ms beside a busy thread at 5 ms, 14 ms at 0.5 ms).
local_analyses = BackgroundQueue(
    "analysis", _analysis_job, threads=lambda: settings.ANALYSIS_THREADS,
    on_error=analysis_failed, switch_interval=0.0005)


def analysis_hand_off(*, analysis_id) -> bool:
    """The eager task's work (no Celery worker): queue the analysis on this process's
    background threads and return at once."""
    local_analyses.submit(analysis_id)
    return True


def analyses_ahead(analysis: GameAnalysis) -> int:
    """How many other analyses are queued or running (heard of lately): what this queued
    one waits behind, at most."""
    return (GameAnalysis.objects
            .filter(status__in=[GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING],
                    updated_at__gte=timezone.now() - ANALYSIS_STALLED)
            .exclude(pk=analysis.pk).count())
