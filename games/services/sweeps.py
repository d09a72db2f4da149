"""Periodic, idempotent housekeeping of running and finished games (run by Celery beat).

Each sweep remembers what it already announced (activity marks, the version at
which a deadline was noticed), so running it twice announces nothing twice.
"""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F as _F
from django.db.models import Q
from django.utils import timezone

from games.models import ChatMessage, Game, GameAnalysis
from players import activity
from players.notifications import triggers as notices

from .events import publish_game_changed
from .permissions import FINISH_AFTER
from .queue import AI_MOVE_TASK, ANALYSIS_TASK, RATE_TASK, task_send

# A computer's turn or a rating still waiting this long is queued again (a lost task).
TASK_STALLED_AFTER = timedelta(seconds=settings.TASK_STALLED_SECONDS)
# A post-game analysis not heard of for this long (it saves its progress as it goes).
ANALYSIS_STALLED_AFTER = timedelta(minutes=10)


def sweep_player_activity(*, now=None) -> int:
    """Mark both players' activity on running games; announce changes (e.g. Abort opens,
    and the player whose opponent has just gone away for good is told he may abort)."""
    now = now or timezone.now()
    changed = 0
    # Only what the marks need: the game rows' states would make this a read of every
    # running game's whole board (3 s of a worker's CPU for 1,000 games).
    running = (Game.objects.filter(status=Game.Status.IN_PROGRESS, is_ai=False)
               .select_related("player1__user", "player2__user")
               .only("version", "player1_id", "player2_id", "player1_activity",
                     "player2_activity", "player1__last_activity", "player2__last_activity",
                     "player1__is_bot", "player2__is_bot", "player1__user__username",
                     "player2__user__username"))
    for game in running.iterator(chunk_size=500):
        marks = (activity.activity_of(game.player1.last_activity, now),
                 activity.activity_of(game.player2.last_activity, now))
        if marks == (game.player1_activity, game.player2_activity):
            continue
        with transaction.atomic():
            updated = (Game.objects.filter(pk=game.pk, version=game.version)
                       .update(player1_activity=marks[0], player2_activity=marks[1]))
            if updated:
                changed += 1
                publish_game_changed(game, what="presence")
                _tell_who_may_abort(game, marks)
    return changed


def _tell_who_may_abort(game: Game, marks) -> None:
    """A player whose mark has just become "dead" (away three weeks): his opponent may abort
    the game, and is told so (once per absence: the notice's key holds when it began)."""
    before = (game.player1_activity, game.player2_activity)
    for seat in (0, 1):
        if marks[seat] == activity.DEAD and before[seat] != activity.DEAD:
            away = game.player_at(seat)
            notices.opponent_away(player=game.player_at(1 - seat), game_id=game.pk,
                                  opponent_name=away.name, since=away.last_activity)


def sweep_game_deadlines(*, now=None) -> int:
    """Announce games in which the player on turn has waited three weeks (Finish opens)."""
    now = now or timezone.now()
    due = (Game.objects.filter(status=Game.Status.IN_PROGRESS, is_ai=False,
                               last_action_at__lte=now - FINISH_AFTER)
           .exclude(ending_noticed_version=_F("version")))
    count = 0
    for game in due.iterator(chunk_size=500):
        with transaction.atomic():
            if (Game.objects.filter(pk=game.pk, version=game.version)
                    .update(ending_noticed_version=game.version)):
                count += 1
                publish_game_changed(game, what="deadline")
    return count


def sweep_turn_timeouts(*, now=None) -> int:
    """Announce overrun turn timeouts: the waiting player may now call a substitute move."""
    now = now or timezone.now()
    candidates = (Game.objects.filter(status=Game.Status.IN_PROGRESS, is_ai=False,
                                      turn_timeout__gt=0, last_action_at__isnull=False)
                  .filter(Q(timeout_noticed_version__isnull=True)
                          | ~Q(timeout_noticed_version=_F("version"))))
    count = 0
    for game in candidates.iterator(chunk_size=500):
        if (now - game.last_action_at).total_seconds() < game.turn_timeout:
            continue
        with transaction.atomic():
            if (Game.objects.filter(pk=game.pk, version=game.version)
                    .update(timeout_noticed_version=game.version)):
                count += 1
                publish_game_changed(game, what="timeout")
    return count


def turn_warning_before(turn_timeout: int) -> float:
    """Seconds before a turn time limit runs out when the player on turn is warned: a
    quarter of the limit, at most three hours (75 s of 5 minutes, 3 h of a day)."""
    return min(turn_timeout / 4, 3 * 3600)


def sweep_turn_time_warnings(*, now=None) -> int:
    """Tell the player on turn that his turn time limit is about to run out (once per turn:
    the version it was told at is kept)."""
    now = now or timezone.now()
    candidates = (Game.objects.filter(status=Game.Status.IN_PROGRESS, is_ai=False,
                                      turn_timeout__gt=0, last_action_at__isnull=False,
                                      current_seat__isnull=False)
                  .filter(Q(timeout_warned_version__isnull=True)
                          | ~Q(timeout_warned_version=_F("version")))
                  .select_related("player1__user", "player2__user")
                  .only("version", "turn_timeout", "last_action_at", "current_seat",
                        "player1_id", "player2_id", "player1__is_bot", "player2__is_bot",
                        "player1__user__username", "player2__user__username"))
    count = 0
    for game in candidates.iterator(chunk_size=500):
        left = game.turn_timeout - (now - game.last_action_at).total_seconds()
        if left <= 0 or left > turn_warning_before(game.turn_timeout):
            continue
        with transaction.atomic():
            if (Game.objects.filter(pk=game.pk, version=game.version)
                    .update(timeout_warned_version=game.version)):
                count += 1
                seat = game.current_seat
                notices.turn_time_running_out(
                    player=game.player_at(seat), game_id=game.pk, version=game.version,
                    opponent_name=game.player_at(1 - seat).name, seconds_left=left)
    return count


def sweep_stalled_tasks(*, now=None) -> int:
    """Queue again the computer's turns, the ratings and the post-game analyses that
    should have run by now.

    A worker killed while holding a task, or a broker that was down when a move was
    saved, leaves a game waiting: the task is queued again after ``TASK_STALLED_AFTER``.
    The tasks are idempotent (the AI's by game version, the rating by its claim), so a
    task that was only slow and runs twice still acts once.
    """
    now = now or timezone.now()
    stalled_before = now - TASK_STALLED_AFTER
    waiting_ai = (Game.objects.filter(status=Game.Status.IN_PROGRESS, is_ai=True, current_seat=1,
                                      surrender_requested_by__isnull=True,
                                      player1__settings__auto_ai_move=True,
                                      last_action_at__lte=stalled_before)
                  .only("pk", "version"))
    count = 0
    for game in waiting_ai.iterator(chunk_size=500):
        count += task_send(AI_MOVE_TASK, game.pk, game.version)
    unrated = (Game.objects.filter(status=Game.Status.FINISHED, rated_at__isnull=True,
                                   finished_at__lte=stalled_before)
               .values_list("pk", flat=True))
    for game_id in unrated.iterator(chunk_size=500):
        count += task_send(RATE_TASK, game_id)
    stalled_analyses = GameAnalysis.objects.filter(
        status__in=[GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING],
        updated_at__lte=now - ANALYSIS_STALLED_AFTER)
    for analysis_id in list(stalled_analyses.values_list("pk", flat=True)[:100]):
        if task_send(ANALYSIS_TASK, analysis_id):  # not again before it stalls again
            GameAnalysis.objects.filter(pk=analysis_id).update(updated_at=now)
            count += 1
    return count


def sweep_left_games(*, now=None) -> int:
    """Clean up finished games nobody looks at any more.

    Finished games keep their turn log for replays and statistics (games against the AI
    too: they are replays like the others); once both players left, only the chat goes.
    ``now`` is accepted like the other sweeps' (nothing here depends on the time).
    """
    chat = ChatMessage.objects.filter(game__status=Game.Status.FINISHED,
                                      game__player1_left=True, game__player2_left=True)
    chat_removed, _ = chat.delete()
    return chat_removed
