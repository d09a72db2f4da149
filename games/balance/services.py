"""The balance tables' changes: counting finished games (the periodic refresh) and the
self-play runs (queued by an administrator, or run by ``manage.py balance_selfplay``).

Real games are counted once each, in batches, under the lock of the BalanceState row (two
refreshes never count at once; a game is marked counted in the transaction that counts
it). Which games count, and which seats:

- every finished game except an aborted one, a playtest of a proposed card, and a game
  against the computer whose sandbox changed the board or dictated a move (as the deck
  statistics leave it out);
- in a game between players both seats; against the computer only the player's (the
  computer's deck is not a player's choice, as in the deck statistics);
- "rated" games are those whose result changes the players' rating
  (games.services.rating.rating_rule: two accounts, not friendly, not against the computer).

A self-play run replaces the self-play rows when it ends (a run stopped at its time limit
keeps what it played), in one transaction: the page never sees half a run.
"""
import logging
import os
import subprocess
import sys
import time
from datetime import timedelta

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import engine
from games.models import Game, Turn
from games.services.background import BackgroundQueue
from games.services.queue import task_send
from games.services.rating import rating_rule
from games.services.statistics import SANDBOX_TURNS

from .counting import COUNTERS, MODE_KEYS, SeatGame, Tally, figures
from .models import FIGURE_FIELDS, BalanceState, CardBalance, CountedGame, SelfPlayRun
from .selfplay import SELFPLAY_MODES, run_games

log = logging.getLogger(__name__)

REFRESH_BATCH = 300
# A refresh stops starting batches after this long (the periodic task's time limit is 120 s).
REFRESH_SECONDS = 60
# A queued run: at most this many games and this much CPU time (it stops there, keeping
# what it played). `manage.py balance_selfplay` has no CPU bound unless given one.
SELFPLAY_MAX_GAMES = 50_000
SELFPLAY_CPU_SECONDS = 600
# A queued or running run not heard of for this long is taken for lost (a killed worker).
SELFPLAY_STALLED = timedelta(minutes=15)
SELFPLAY_TASK = "games.balance.tasks.balance_selfplay_task"
PROGRESS_EVERY = 200


class BalanceError(Exception):
    """A refused request, in words for the page."""


def _card_ids() -> frozenset:
    return frozenset(c.id for c in engine.all_cards())


def rows_ensure() -> None:
    """Every card has a row for every source and mode (a new card gets zeros)."""
    expected = len(CardBalance.Source.values) * len(MODE_KEYS) * len(_card_ids())
    if CardBalance.objects.count() >= expected:
        return
    CardBalance.objects.bulk_create(
        [CardBalance(source=source, mode=mode, card_id=card)
         for source in CardBalance.Source.values for mode in MODE_KEYS
         for card in sorted(_card_ids())],
        ignore_conflicts=True, batch_size=1000)


def _rows_write(source: str, tally: Tally, *, replace: bool) -> int:
    """Add ``tally`` to the rows of ``source`` (or make them exactly ``tally``); the figures
    follow. Inside the caller's transaction. Returns how many rows changed."""
    changed = []
    rows = CardBalance.objects.select_for_update().filter(source=source)
    if not replace:
        rows = rows.filter(card_id__in=sorted({card for _mode, card in tally.rows}))
    for row in rows:
        counts = tally.rows.get((row.mode, row.card_id))
        if counts is None and not replace:
            continue
        counts = counts or [0] * len(COUNTERS)
        new = {name: (0 if replace else getattr(row, name)) + n
               for name, n in zip(COUNTERS, counts, strict=True)}
        if new == row.counts():
            continue
        for name, value in {**new, **figures(new)}.items():
            setattr(row, name, value)
        changed.append(row)
    CardBalance.objects.bulk_update(changed, [*COUNTERS, *FIGURE_FIELDS], batch_size=500)
    return len(changed)


# ------------------------------------------------------------------ real games
def _winner_seat(game: Game):
    state = game.state or {}
    if "winner" in state:
        return state["winner"]
    if game.winner_id is None:
        return None
    return 0 if game.winner_id == game.player1_id else 1


def game_seats(game: Game, turns, cards=None) -> list:
    """The counted seats of a finished ``game`` as SeatGame (empty: the game says nothing).
    ``turns``: its (actor seat, action, card) plays and discards."""
    if game.outcome in (Game.Outcome.ABORT, Game.Outcome.PENDING) or not game.initial_state:
        return []
    if engine.custom_card_ids(game.state or {}):  # a playtest of a proposed card (concepts)
        return []
    cards = _card_ids() if cards is None else cards
    players = game.initial_state.get("players", [])
    winner = _winner_seat(game)
    seats = []
    for seat in ((0,) if game.is_ai else (0, 1)):
        if seat >= len(players):
            continue
        deck = players[seat].get("deck", {})
        ids = {int(cid) for part in ("common", "uncommon", "rare") for cid in deck.get(part, ())}
        seats.append(SeatGame(deck=frozenset(ids & cards),
                              won=None if winner is None else winner == seat))
    by_seat = dict(enumerate(seats))
    for actor, action, card in turns:
        seat = by_seat.get(actor)
        if seat is None or card not in cards:
            continue
        counter = seat.plays if action == Turn.Action.PLAY else seat.discards
        counter[card] = counter.get(card, 0) + 1
    return seats


def is_rated(game: Game) -> bool:
    """Whether the game's result changed the players' rating (the rating service's rule)."""
    return not game.is_ai and rating_rule(game)[1]


def _locked_state() -> BalanceState:
    BalanceState.objects.get_or_create(pk=1)
    return BalanceState.objects.select_for_update().get(pk=1)


def _count_batch(batch: int) -> int:
    """Count up to ``batch`` finished games not counted yet; how many were read."""
    cards = _card_ids()
    with transaction.atomic():
        state = _locked_state()
        games = list(
            Game.objects.filter(status=Game.Status.FINISHED)
            .filter(~Exists(CountedGame.objects.filter(game_id=OuterRef("pk"))))
            .order_by("pk")
            .only("pk", "status", "outcome", "is_ai", "is_friendly", "is_hidden", "is_long",
                  "player1_id", "player2_id", "winner_id", "state", "initial_state")[:batch])
        if not games:
            state.refreshed_at = timezone.now()
            state.save(update_fields=["refreshed_at"])
            return 0
        ids = [g.pk for g in games]
        CountedGame.objects.bulk_create([CountedGame(game_id=pk) for pk in ids])
        sandboxed = set(Turn.objects.filter(game_id__in=[g.pk for g in games if g.is_ai])
                        .filter(SANDBOX_TURNS).values_list("game_id", flat=True))
        turns: dict = {}
        for game_id, actor, action, card in (
                Turn.objects.filter(game_id__in=ids,
                                    action__in=(Turn.Action.PLAY, Turn.Action.DISCARD))
                .order_by().values_list("game_id", "actor_seat", "action", "card")):
            turns.setdefault(game_id, []).append((actor, action, card))
        every, rated = Tally(), Tally()
        for game in games:
            if game.pk in sandboxed:
                continue
            seats = game_seats(game, turns.get(game.pk, ()), cards)
            if not seats:
                continue
            every.add(seats, hidden=game.is_hidden, long=game.is_long)
            if is_rated(game):
                rated.add(seats, hidden=game.is_hidden, long=game.is_long)
        rows_ensure()
        _rows_write(CardBalance.Source.ALL, every, replace=False)
        _rows_write(CardBalance.Source.RATED, rated, replace=False)
        state.games_all += every.games
        state.games_rated += rated.games
        state.refreshed_at = timezone.now()
        state.save(update_fields=["games_all", "games_rated", "refreshed_at"])
    return len(games)


def balance_refresh(*, batch: int = REFRESH_BATCH, seconds: float = REFRESH_SECONDS) -> int:
    """Count the finished games not counted yet, batch after batch, until none is left or
    ``seconds`` have passed (the next refresh goes on); how many games were read."""
    began = time.monotonic()
    read = 0
    while True:
        n = _count_batch(batch)
        read += n
        if n < batch or time.monotonic() - began >= seconds:
            return read


# ------------------------------------------------------------------ self-play
def _check_run_choices(*, games: int, level: str, mode: str, seed: int) -> None:
    if level not in engine.AI_LEVELS:
        raise BalanceError(f"Choose a level among {', '.join(engine.AI_LEVELS)}.")
    if mode not in SELFPLAY_MODES:
        raise BalanceError(f"Choose a mode among {', '.join(SELFPLAY_MODES)}.")
    if not 1 <= games <= SELFPLAY_MAX_GAMES:
        raise BalanceError(f"A run plays 1 to {SELFPLAY_MAX_GAMES:,} games.")
    if not 0 <= seed < 1 << 62:
        raise BalanceError("The seed is a whole number from 0 upwards.")


def _active_runs():
    return SelfPlayRun.objects.filter(
        status__in=[SelfPlayRun.Status.QUEUED, SelfPlayRun.Status.RUNNING],
        updated_at__gte=timezone.now() - SELFPLAY_STALLED)


def _stalled_runs_fail() -> None:
    SelfPlayRun.objects.filter(
        status__in=[SelfPlayRun.Status.QUEUED, SelfPlayRun.Status.RUNNING],
        updated_at__lt=timezone.now() - SELFPLAY_STALLED,
    ).update(status=SelfPlayRun.Status.FAILED, error="Lost: not heard of for 15 minutes.",
             updated_at=timezone.now())


def selfplay_start(*, player, games: int, level: str, mode: str, seed: int) -> SelfPlayRun:
    """Queue a self-play run (administrators: the view checks). One run at a time."""
    _check_run_choices(games=games, level=level, mode=mode, seed=seed)
    with transaction.atomic():
        _stalled_runs_fail()
        # Lock the state row: two administrators starting at once queue one run.
        _locked_state()
        if _active_runs().exists():
            raise BalanceError("A self-play run is already waiting or running; start the "
                               "next one when it has finished.")
        run = SelfPlayRun.objects.create(games=games, level=level, mode=mode, seed=seed,
                                         requested_by=player)
        transaction.on_commit(lambda: task_send(SELFPLAY_TASK, run.pk))
    return run


def selfplay_create(*, games: int, level: str, mode: str, seed: int) -> SelfPlayRun:
    """A run for ``manage.py balance_selfplay`` (an administrator's shell: not one at a
    time, no CPU bound unless asked)."""
    _check_run_choices(games=games, level=level, mode=mode, seed=seed)
    return SelfPlayRun.objects.create(games=games, level=level, mode=mode, seed=seed)


def selfplay_run(*, run_id: int, cpu_seconds: float | None = SELFPLAY_CPU_SECONDS,
                 progress=None) -> bool:
    """Play a queued run and store its figures; False when it was not waiting (a repeated
    task, or another process took it)."""
    claimed = SelfPlayRun.objects.filter(pk=run_id, status=SelfPlayRun.Status.QUEUED).update(
        status=SelfPlayRun.Status.RUNNING, started_at=timezone.now(), updated_at=timezone.now())
    if not claimed:
        return False
    run = SelfPlayRun.objects.get(pk=run_id)
    wall0, cpu0 = time.perf_counter(), time.process_time()

    def heard(done, tally):
        SelfPlayRun.objects.filter(pk=run_id).update(
            games_played=done, cpu_seconds=time.process_time() - cpu0,
            wall_seconds=time.perf_counter() - wall0, updated_at=timezone.now())
        if progress is not None:
            progress(done, tally)

    try:
        tally, done, turns = run_games(run.games, seed=run.seed, level=run.level,
                                       mode=run.mode, cpu_seconds=cpu_seconds,
                                       progress=heard, every=PROGRESS_EVERY)
        with transaction.atomic():
            rows_ensure()
            _rows_write(CardBalance.Source.SELFPLAY, tally, replace=True)
            SelfPlayRun.objects.filter(pk=run_id).update(
                status=(SelfPlayRun.Status.DONE if done == run.games
                        else SelfPlayRun.Status.STOPPED),
                games_played=done, turns=turns, cpu_seconds=time.process_time() - cpu0,
                wall_seconds=time.perf_counter() - wall0, finished_at=timezone.now(),
                updated_at=timezone.now())
    except Exception:
        selfplay_failed(run_id)
        raise
    return True


def selfplay_failed(run_id) -> None:
    SelfPlayRun.objects.filter(
        pk=run_id, status__in=[SelfPlayRun.Status.QUEUED, SelfPlayRun.Status.RUNNING],
    ).update(status=SelfPlayRun.Status.FAILED,
             error="The run failed on our side; it has been logged.",
             updated_at=timezone.now())


# Without a Celery worker (no Redis) the task hands the run to a background thread of the
# server process, which runs it in a child process at a lower priority (as the post-game
# analysis does: games.services.analysis), never in the request that queued it.
CHILD_NICENESS = 10


def _database_shared_with_children() -> bool:
    connection = connections["default"]
    return not (connection.vendor == "sqlite" and connection.is_in_memory_db())


def _selfplay_in_child(run_id) -> None:
    command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "balance_selfplay",
               "--run", str(int(run_id)),
               "--database-name", str(connections["default"].settings_dict["NAME"])]
    child = subprocess.Popen(command, cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL)
    try:
        os.setpriority(os.PRIO_PROCESS, child.pid, CHILD_NICENESS)
    except (AttributeError, OSError):
        pass
    try:
        code = child.wait(timeout=SELFPLAY_CPU_SECONDS * 2 + 60)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        raise RuntimeError(f"self-play run {run_id}: its process was stopped") from None
    if code != 0:
        raise RuntimeError(f"self-play run {run_id}: its process ended with {code}")


def _selfplay_job(run_id) -> None:
    if settings.BALANCE_SELFPLAY_PROCESS and _database_shared_with_children():
        _selfplay_in_child(run_id)
    else:
        selfplay_run(run_id=run_id)


local_runs = BackgroundQueue(
    "balance-selfplay", _selfplay_job,
    threads=lambda: settings.BALANCE_SELFPLAY_THREADS,
    on_error=selfplay_failed, switch_interval=0.0005)


def selfplay_hand_off(*, run_id) -> bool:
    """The eager task's work (no Celery worker): queue the run on a background thread."""
    local_runs.submit(run_id)
    return True
