"""State changes of notifications: recording a notice, dispatching it, sending its mails
and pushes (with retries), reading it, and the player's choices.

Idempotent everywhere: a notice is recorded once per key; the dispatch runs once per notice
(under its row's lock, ``dispatched_at``); a delivery is claimed before it is sent (a lease
in ``next_attempt_at``, ``attempts`` counted) and marked sent after, so a repeated or
concurrent task finds nothing to do. A mail server or push service that fails leaves the
delivery pending with its next attempt later (RETRY_DELAYS), tried by the periodic tick;
after MAX_ATTEMPTS it is failed, with the last error, in the admin. (A process killed
between the sending and the mark sends again when the lease ends: the one case of a
second mail, which carries the same Message-ID.)
"""
import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from players.models import Delivery, Notification, NotificationSettings, Player

from . import digest, email, live, presence, push, rules
from .attempts import TICK_BATCH, claim, retry_or_fail
from .kinds import CHANNELS, EMAIL, PUSH, RATE_LIMITS, SITE
from .preferences import channels_with_defaults, preferences_of
from .queue import DELIVER_TASK, NOTICE_TASK, task_send

log = logging.getLogger(__name__)

# A notice whose dispatch has not run after this long is dispatched by the tick (its task
# was lost: a broker down, a worker killed).
DISPATCH_STALLED_AFTER = timedelta(seconds=30)

Status = Delivery.Status


# ---------------------------------------------------------------- recording
def notify(*, player_id: int, kind: str, key: str, title: str, url: str, body: str = "",
           game_id: int | None = None, game_turn: int | None = None) -> None:
    """Tell ``player_id`` of something, once the current transaction commits: the queued
    task records the notice and dispatches it, so the change that calls this (a move) pays
    no query for it. A broker that cannot take the task has the notice recorded here and
    then, and the periodic tick dispatches it: nothing is lost."""
    notice = {"player_id": player_id, "kind": str(kind), "key": key[:120],
              "title": email.one_line(title, 140), "body": email.one_line(body, 300),
              "url": url[:200], "game_id": game_id, "game_turn": game_turn}

    def _queue():
        if not task_send(NOTICE_TASK, notice):
            notice_record(notice)

    transaction.on_commit(_queue)


def notice_record(notice: dict) -> None:
    """Write the notice (the fields ``notify`` gathered) unless its key is there already."""
    Notification.objects.bulk_create([Notification(**notice)], ignore_conflicts=True)


def notice_record_and_dispatch(notice: dict) -> int:
    """The queued task of ``notify``: record the notice, then dispatch it (each once)."""
    notice_record(notice)
    return notification_dispatch(player_id=notice["player_id"], key=notice["key"])


# ---------------------------------------------------------------- dispatching
def _recently_active(player: Player, now) -> bool:
    return player.last_activity >= now - timedelta(minutes=settings.NOTIFICATION_ACTIVE_MINUTES)


def _turn_mailed(notice: Notification) -> bool:
    """Has a mail about this game and turn gone (or is one on its way)?"""
    if notice.game_id is None or notice.game_turn is None:
        return False
    return Delivery.objects.filter(
        channel=EMAIL, status__in=[Status.SENT, Status.PENDING],
        notification__player_id=notice.player_id, notification__game_id=notice.game_id,
        notification__game_turn=notice.game_turn).exists()


def _over_limit(player_id: int, kind: str, channel: str, now) -> bool:
    limit, window = RATE_LIMITS[channel][kind]
    used = (Delivery.objects.filter(channel=channel, status__in=[Status.SENT, Status.PENDING],
                                    notification__player_id=player_id,
                                    notification__kind=kind, created_at__gte=now - window)
            .order_by().values("notification_id").distinct().count())
    return used >= limit


def notification_dispatch(*, player_id: int, key: str, now=None) -> int:
    """Apply the preferences and the rules to the notice (``player_id``, ``key``) and send
    what they let through; once per notice. Returns how many deliveries it sent now."""
    now = now or timezone.now()
    with transaction.atomic():
        notice = (Notification.objects.select_for_update(of=("self",))
                  .select_related("player__user").filter(player_id=player_id, key=key).first())
        if notice is None or notice.dispatched_at is not None:
            return 0
        player = notice.player
        prefs = preferences_of(player.pk)
        situation = rules.Situation(
            game_open=bool(notice.game_id) and presence.game_open(player.pk, notice.game_id),
            recently_active=_recently_active(player, now))
        notice.on_site = prefs.wants(notice.kind, SITE)
        if notice.on_site and rules.shown_as_read(situation):
            notice.read_at = now
        deliveries = []
        if prefs.wants(notice.kind, EMAIL) and player.user.has_verified_email:
            status, reason = rules.email_decision(
                prefs, situation, turn_mailed=_turn_mailed(notice),
                over_limit=_over_limit(player.pk, notice.kind, EMAIL, now))
            deliveries.append(Delivery(notification=notice, channel=EMAIL, status=status,
                                       reason=reason, created_at=now,
                                       next_attempt_at=now if status == Status.PENDING else None))
        if prefs.wants(notice.kind, PUSH):
            subscriptions = push.subscription_ids(player.pk)
            if subscriptions:
                status, reason = rules.push_decision(
                    prefs, situation, over_limit=_over_limit(player.pk, notice.kind, PUSH, now))
                deliveries += [Delivery(notification=notice, channel=PUSH, target=sid,
                                        status=status, reason=reason, created_at=now,
                                        next_attempt_at=now if status == Status.PENDING else None)
                               for sid in subscriptions]
        Delivery.objects.bulk_create(deliveries)
        notice.dispatched_at = now
        notice.save(update_fields=["on_site", "read_at", "dispatched_at"])
    if notice.on_site and notice.read_at is None:
        live.publish_notices_changed(player.pk)
    pending = [d.pk for d in deliveries if d.status == Status.PENDING]
    return sum(delivery_send(delivery_id=pk) == Status.SENT for pk in pending)


# ---------------------------------------------------------------- sending
def delivery_send(*, delivery_id: int, now=None) -> str:
    """Send one pending delivery if it is due; its status after (SENT, GONE, PENDING for a
    retry later, FAILED, SKIPPED) or "" when there was nothing to do."""
    now = now or timezone.now()
    if not claim(Delivery, delivery_id, now):
        return ""
    delivery = Delivery.objects.select_related("notification__player__user").get(pk=delivery_id)
    notice = delivery.notification
    try:
        if delivery.channel == EMAIL:
            user = notice.player.user
            if not user.has_verified_email:  # changed since the dispatch
                Delivery.objects.filter(pk=delivery.pk).update(
                    status=Status.SKIPPED, reason="no verified address", next_attempt_at=None)
                return Status.SKIPPED
            email.mail_send(email.notice_mail(notice, delivery, user.email))
            outcome = Status.SENT
        else:
            outcome = (Status.GONE if push.push_deliver(delivery.target, notice) == push.GONE
                       else Status.SENT)
    except email.MailFailed as error:
        return retry_or_fail(Delivery, delivery, str(error), permanent=error.permanent, now=now)
    except Exception as error:  # push.PushRetry, or anything unforeseen: try again later
        if not isinstance(error, push.PushRetry):
            log.exception("delivery %s failed", delivery.pk)
        return retry_or_fail(Delivery, delivery, f"{type(error).__name__}: {error}"[:1000],
                              permanent=False, now=now)
    Delivery.objects.filter(pk=delivery.pk).update(status=outcome, sent_at=timezone.now(),
                                                   next_attempt_at=None, last_error="")
    return outcome


def deliveries_retry(delivery_ids) -> int:
    """The admin's "try again now": failed or waiting deliveries are due at once (the tick,
    or a task queued here, sends them); how many."""
    now = timezone.now()
    delivery_ids = list(delivery_ids)
    count = (Delivery.objects.filter(pk__in=delivery_ids,
                                     status__in=[Status.FAILED, Status.PENDING])
             .update(status=Status.PENDING, next_attempt_at=now, attempts=0))
    transaction.on_commit(lambda: [task_send(DELIVER_TASK, pk) for pk in delivery_ids])
    return count


# ---------------------------------------------------------------- the periodic tick
def notifications_tick(*, now=None) -> dict:
    """Run by Celery beat (or ``manage.py run_periodic``) every 30 s: dispatch the notices
    whose dispatch was lost, send the deliveries due (retries), and the digests due."""
    now = now or timezone.now()
    done = {"dispatched": 0, "sent": 0, "digests": 0}
    stalled = (Notification.objects.filter(dispatched_at__isnull=True,
                                           created_at__lte=now - DISPATCH_STALLED_AFTER)
               .order_by("created_at").values_list("player_id", "key")[:TICK_BATCH])
    for player_id, key in list(stalled):
        notification_dispatch(player_id=player_id, key=key, now=now)
        done["dispatched"] += 1
    due = (Delivery.objects.filter(status=Status.PENDING, next_attempt_at__lte=now)
           .order_by("next_attempt_at").values_list("pk", flat=True)[:TICK_BATCH])
    for delivery_id in list(due):
        done["sent"] += delivery_send(delivery_id=delivery_id, now=now) == Status.SENT
    done["digests"] = digest.digests_run(now=now)
    return done


# ---------------------------------------------------------------- reading
def notifications_mark_read(*, player: Player, ids=None) -> int:
    """Mark the player's notices read (those of ``ids``, or all); how many changed. His
    other pages' bells hear of it."""
    unread = Notification.objects.filter(player=player, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=list(ids))
    count = unread.update(read_at=timezone.now())
    if count:
        transaction.on_commit(lambda: live.publish_notices_changed(player.pk))
    return count


def notification_open(*, player: Player, notification_id) -> Notification | None:
    """The player's own notice ``notification_id``, marked read; None for anybody else's."""
    notice = Notification.objects.filter(player=player, pk=notification_id).first()
    if notice is not None and notice.read_at is None:
        notifications_mark_read(player=player, ids=[notice.pk])
    return notice


def game_notices_read(*, player_id: int, game_id: int) -> int:
    """The player opened the game: its notices are read."""
    count = (Notification.objects.filter(player_id=player_id, game_id=game_id,
                                         read_at__isnull=True).update(read_at=timezone.now()))
    if count:
        transaction.on_commit(lambda: live.publish_notices_changed(player_id))
    return count


def notice_settle(*, player_id: int, key: str, reason: str) -> None:
    """What the notice (``player_id``, ``key``) told of is over (a challenge answered or
    withdrawn): read, and what still waits to be sent of it is not sent (``reason``)."""
    read = Notification.objects.filter(player_id=player_id, key=key,
                                       read_at__isnull=True).update(read_at=timezone.now())
    Delivery.objects.filter(notification__player_id=player_id, notification__key=key,
                            status__in=[Status.PENDING, Status.DIGEST], digest__isnull=True,
                            attempts=0).update(status=Status.SKIPPED, reason=reason,
                                               next_attempt_at=None)
    if read:
        transaction.on_commit(lambda: live.publish_notices_changed(player_id))


# ---------------------------------------------------------------- the player's choices
def preferences_save(*, player: Player, channels: dict, always: bool, email_mode: str,
                     digest_hour: int) -> NotificationSettings:
    """Store the player's choices (``channels``: {kind: iterable of channels})."""
    stored = {kind: sorted(c for c in chosen if c in CHANNELS)
              for kind, chosen in channels.items()}
    row, _ = NotificationSettings.objects.update_or_create(
        player=player, defaults={"channels": stored, "always": always,
                                 "email_mode": email_mode, "digest_hour": digest_hour})
    return row


def email_unsubscribe(*, player_id: int, kind: str) -> bool:
    """Turn mail off for ``kind`` (email.ALL_KINDS: every kind) for the player; False when
    there is no such player."""
    with transaction.atomic():
        if not Player.objects.filter(pk=player_id).exists():
            return False
        row, _ = NotificationSettings.objects.select_for_update().get_or_create(
            player_id=player_id)
        channels = channels_with_defaults(row.channels)
        kinds = list(channels) if kind == email.ALL_KINDS else [kind]
        row.channels = {k: sorted(channels[k] - {EMAIL} if k in kinds else channels[k])
                        for k in channels}
        row.save(update_fields=["channels", "updated_at"])
        # What waits for the next digest of these kinds stays unsent.
        Delivery.objects.filter(channel=EMAIL, status=Status.DIGEST, digest__isnull=True,
                                notification__player_id=player_id,
                                notification__kind__in=kinds).update(
            status=Status.SKIPPED, reason="unsubscribed")
    return True
