"""The daily digest: a player who chose it gets at most one mail a day, at the hour he
picked, in his own time zone (PlayerSettings.timezone), listing what waited for him.

The mails held for it are deliveries in status DIGEST. The digest of a day is sent at the
first tick after that day's hour (the player's clock, daylight saving included) and holds
what was held before that hour; what comes later waits for the next day's. A notice the
player read on the site before then is left out, and without anything left no mail goes.
One DigestMail row per player and day makes it once a day by construction; it is sent with
the deliveries' claim, retries and backoff (attempts.py).
"""
import datetime
import logging
import zoneinfo

from django.db import IntegrityError, transaction
from django.utils import timezone

from players.models import Delivery, DigestMail, Notification, Player

from . import email
from .attempts import TICK_BATCH, claim, retry_or_fail
from .kinds import EMAIL
from .preferences import preferences_of

log = logging.getLogger(__name__)

Status = Delivery.Status


def _zone(player: Player) -> datetime.tzinfo:
    name = getattr(getattr(player, "settings", None), "timezone", "") or "UTC"
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return datetime.UTC


def last_slot(now: datetime.datetime, zone, hour: int) -> datetime.datetime:
    """The latest moment at or before ``now`` when the clock of ``zone`` showed ``hour``:00
    (today's, or yesterday's when today's is still to come). On a day whose clock skips
    that hour (daylight saving starts) the slot is the moment the clock jumps over it."""
    local = now.astimezone(zone)
    for days_back in (0, 1, 2):
        day = local.date() - datetime.timedelta(days=days_back)
        wall = datetime.datetime.combine(day, datetime.time(hour), tzinfo=zone)
        # A wall time the clock skipped maps past the jump: normalise through UTC.
        slot = wall.astimezone(datetime.UTC).astimezone(zone)
        if slot <= local:
            return slot
    raise AssertionError("unreachable: a slot within two days")


def _held(player_id: int):
    return Delivery.objects.filter(channel=EMAIL, status=Status.DIGEST, digest__isnull=True,
                                   notification__player_id=player_id)


def digest_prepare(*, player_id: int, now=None) -> DigestMail | None:
    """The digest due for the player now (its row made, the held mails it covers attached),
    or None: not the time yet, today's sent already, or nothing left to tell."""
    now = now or timezone.now()
    player = Player.objects.select_related("settings", "user").filter(pk=player_id).first()
    if player is None:
        return None
    prefs = preferences_of(player_id)
    slot = last_slot(now, _zone(player), prefs.digest_hour)
    day = slot.date()
    if DigestMail.objects.filter(player_id=player_id, day=day).exists():
        return None  # today's (the slot's day) is made: the rest waits for the next slot
    covered = _held(player_id).filter(notification__created_at__lt=slot)
    with transaction.atomic():
        # Read on the site meanwhile, or the address is no longer verified: not mailed.
        covered.filter(notification__read_at__isnull=False).update(
            status=Status.SKIPPED, reason="read on the site")
        if not player.user.has_verified_email:
            covered.update(status=Status.SKIPPED, reason="no verified address")
            return None
        if not covered.exists():
            return None
        try:
            with transaction.atomic():
                digest = DigestMail.objects.create(player_id=player_id, day=day,
                                                   next_attempt_at=now)
        except IntegrityError:
            return None  # another runner made it
        covered.update(digest=digest)
    return digest


def digest_send(*, digest_id: int, now=None) -> str:
    """Send a pending digest if it is due: its status after, "" when nothing to do."""
    now = now or timezone.now()
    if not claim(DigestMail, digest_id, now):
        return ""
    digest = DigestMail.objects.select_related("player__user").get(pk=digest_id)
    user = digest.player.user
    notices = list(Notification.objects.filter(deliveries__digest=digest)
                   .order_by("created_at", "pk"))
    if not user.has_verified_email or not notices:
        DigestMail.objects.filter(pk=digest.pk).update(status=DigestMail.Status.FAILED,
                                                       next_attempt_at=None,
                                                       last_error="nothing to send to")
        digest.deliveries.update(status=Status.SKIPPED, reason="no verified address")
        return DigestMail.Status.FAILED
    try:
        email.mail_send(email.digest_mail(digest, notices, user.email, digest.player.name))
    except email.MailFailed as error:
        outcome = retry_or_fail(DigestMail, digest, str(error), permanent=error.permanent,
                                 now=now)
        if outcome == Status.FAILED:
            digest.deliveries.update(status=Status.FAILED, last_error=str(error))
        return outcome
    sent_at = timezone.now()
    with transaction.atomic():
        DigestMail.objects.filter(pk=digest.pk).update(status=DigestMail.Status.SENT,
                                                       sent_at=sent_at, next_attempt_at=None,
                                                       last_error="")
        digest.deliveries.update(status=Status.SENT, sent_at=sent_at)
    return DigestMail.Status.SENT


def digests_run(*, now=None) -> int:
    """The tick's part: make the digests due and send those pending; how many went."""
    now = now or timezone.now()
    players = (Delivery.objects.filter(channel=EMAIL, status=Status.DIGEST,
                                       digest__isnull=True)
               .order_by().values_list("notification__player_id", flat=True).distinct()
               [:TICK_BATCH])
    for player_id in list(players):
        digest_prepare(player_id=player_id, now=now)
    sent = 0
    due = (DigestMail.objects.filter(status=DigestMail.Status.PENDING, next_attempt_at__lte=now)
           .values_list("pk", flat=True)[:TICK_BATCH])
    for digest_id in list(due):
        sent += digest_send(digest_id=digest_id, now=now) == DigestMail.Status.SENT
    return sent
