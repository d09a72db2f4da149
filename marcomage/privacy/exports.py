""""Download my data": a zip of JSON files with what the site holds about a player.

Asked for on the settings' "Your data" page (``export_request``), built by queued work
(``export_build``: the ``privacy.data_export_task`` Celery task on the default queue; without
Redis, Celery being eager, a background thread of the server process, ``local_exports``, so
the request answers at once), kept under ``PRIVATE_ROOT/exports/`` with a random name and
announced by a site message. Only its owner downloads it (``players.views``' rules: a
foreign archive is a 404), for ``EXPORT_DAYS`` days; then the hourly sweep deletes it.

What is in it: the account and profile, the settings, the decks, the games played (never a
game's hidden state: an opponent's hand or deck), the chat lines of those games and the
player's notes on them, the messages sent and received, forum threads and posts, card
concepts, purchases, foil cards, the rating's history, events entered, puzzle answers, API
tokens (names and dates; a token's secret is never stored), and the mutes and bans of the
account with their reasons.
"""
import io
import json
import logging
import secrets
import zipfile
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from concepts.models import Concept
from decks.models import Deck
from forum.models import ForumPost, ForumThread
from games.models import ChatMessage, Game, GameNote
from games.puzzles.models import PuzzleAttempt, PuzzlePlayer
from games.services.background import BackgroundQueue
from games.tournaments.models import Entry
from players.inbox.services import message_send_system
from players.models import (
    AccessToken,
    AccountBan,
    FoilCard,
    Message,
    Mute,
    Player,
    PlayerSettings,
    Purchase,
    RatingHistory,
)

from .models import DataExport

log = logging.getLogger(__name__)

# A new archive may be asked for once this long after the last one (each costs a pass over
# every table the player is in).
REQUEST_INTERVAL = timedelta(hours=1)


class ExportError(Exception):
    """An export that cannot be asked for now; the text says why."""


def export_folder() -> Path:
    return Path(settings.PRIVATE_ROOT) / "exports"


def export_path(export: DataExport) -> Path:
    return export_folder() / export.file_name


# ---------------------------------------------------------------- what goes in
def _rows(queryset, *fields) -> list[dict]:
    return list(queryset.values(*fields))


def _name_of(player_id, names: dict) -> str | None:
    return names.get(player_id) if player_id else None


def archive_files(player: Player) -> dict[str, object]:
    """{file name: JSON-able content} of ``player``'s archive."""
    user = player.user
    profile = {
        "name": player.name, "email": user.email, "joined": user.date_joined,
        "last_login": user.last_login, "level": player.level, "exp": player.exp,
        "gold": player.gold, "wins": player.wins, "losses": player.losses,
        "draws": player.draws, "rating": round(player.rating, 1),
        "rating_deviation": round(player.rating_deviation, 1), "is_bot": player.is_bot,
        "extra_game_slots": player.extra_game_slots,
        "extra_deck_slots": player.extra_deck_slots, "last_activity": player.last_activity,
    }
    player_settings = (PlayerSettings.objects.filter(player=player)
                       .values().first() or {})
    player_settings.pop("id", None)
    player_settings.pop("player_id", None)

    games = list(Game.objects.filter(Q(player1=player) | Q(player2=player))
                 .order_by("pk").values(
                     "id", "player1_id", "player2_id", "winner_id", "status", "outcome",
                     "is_friendly", "is_ai", "is_long", "is_hidden", "ai_level", "round",
                     "created_at", "started_at", "finished_at"))
    others = {pid for g in games for pid in (g["player1_id"], g["player2_id"]) if pid}
    names = dict(Player.objects.filter(pk__in=others).values_list("pk", "user__username"))
    for game in games:
        seat = 0 if game["player1_id"] == player.pk else 1
        opponent = game["player2_id"] if seat == 0 else game["player1_id"]
        game["opponent"] = "the computer" if game["is_ai"] else _name_of(opponent, names)
        game["your_seat"] = seat + 1
        game["result"] = ("won" if game["winner_id"] == player.pk
                          else "lost" if game["winner_id"] else
                          ("" if game["status"] != Game.Status.FINISHED else "no winner"))
        for key in ("player1_id", "player2_id", "winner_id"):
            game.pop(key)
    game_ids = [g["id"] for g in games]
    chat = list(ChatMessage.objects.filter(game_id__in=game_ids).order_by("pk")
                .values("game_id", "author__user__username", "body", "created_at"))
    for line in chat:
        line["author"] = line.pop("author__user__username") or "the site"

    def messages(queryset):
        rows = list(queryset.order_by("pk").values(
            "id", "author__user__username", "recipient__user__username", "subject", "body",
            "kind", "is_read", "created_at"))
        for row in rows:
            row["from"] = row.pop("author__user__username") or "the site"
            row["to"] = row.pop("recipient__user__username")
        return rows

    return {
        "profile.json": profile,
        "settings.json": player_settings,
        "decks.json": _rows(Deck.objects.filter(player=player).order_by("pk"),
                            "id", "name", "common", "uncommon", "rare", "tokens", "note",
                            "is_ready", "wins", "losses", "draws", "is_shared",
                            "created_at", "modified_at"),
        "games.json": games,
        "game_chat.json": chat,
        "game_notes.json": _rows(GameNote.objects.filter(player=player).order_by("pk"),
                                 "game_id", "text", "updated_at"),
        "messages_received.json": messages(Message.objects.filter(recipient=player)),
        "messages_sent.json": messages(Message.objects.filter(author=player)),
        "forum_threads.json": _rows(ForumThread.objects.filter(author=player).order_by("pk"),
                                    "id", "title", "section__name", "created_at"),
        "forum_posts.json": _rows(ForumPost.objects.filter(author=player).order_by("pk"),
                                  "id", "thread_id", "thread__title", "body", "created_at",
                                  "edited_at"),
        "concepts.json": _rows(Concept.objects.filter(author=player).order_by("pk"),
                               "id", "name", "rarity", "bricks", "gems", "recruits",
                               "keywords", "effect", "note", "state", "created_at",
                               "modified_at"),
        "shop.json": {
            "purchases": _rows(Purchase.objects.filter(player=player).order_by("pk"),
                               "item", "card_id", "price", "created_at"),
            "foil_cards": _rows(FoilCard.objects.filter(player=player).order_by("pk"),
                                "card_id", "created_at")},
        "rating_history.json": _rows(RatingHistory.objects.filter(player=player)
                                     .order_by("pk"), "game_id", "opponent_name", "result",
                                     "rating", "deviation", "rating_before", "created_at"),
        "events.json": _rows(Entry.objects.filter(player=player).order_by("pk"),
                             "tournament_id", "tournament__name", "status", "deck_name",
                             "score", "games", "wins", "draws", "losses", "final_rank",
                             "joined_at"),
        "puzzles.json": {
            "stats": PuzzlePlayer.objects.filter(player=player).values(
                "rating", "streak", "best_streak", "daily_streak", "solved", "failed").first(),
            "answers": _rows(PuzzleAttempt.objects.filter(player=player).order_by("pk"),
                             "puzzle_id", "answer", "correct", "daily", "rating_after",
                             "created_at")},
        "api_tokens.json": _rows(AccessToken.objects.filter(player=player).order_by("pk"),
                                 "name", "prefix", "scopes", "created_at", "last_used_at",
                                 "revoked_at"),
        "moderation.json": {
            "mutes": _rows(Mute.objects.filter(player=player).order_by("pk"),
                           "reason", "created_at", "ends_at", "lifted_at"),
            "bans": _rows(AccountBan.objects.filter(user=user).order_by("pk"),
                          "reason", "created_at", "lifted_at")},
    }


README = """Your data from MArcomage, as of {when} (UTC).

Each file is JSON (UTF-8). profile.json and settings.json: your account; decks.json: your
decks; games.json: the games you played (the opponent's hidden cards are not part of it),
game_chat.json and game_notes.json: their chat and your notes; messages_received.json and
messages_sent.json; forum_threads.json, forum_posts.json, concepts.json: what you wrote in
public; shop.json, rating_history.json, events.json, puzzles.json; api_tokens.json (names
and dates only: a token's secret is never stored); moderation.json: mutes and bans of your
account. Your avatar, if you have one, is in avatar/.
"""


def archive_bytes(player: Player) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", README.format(when=timezone.now().isoformat()))
        for name, content in archive_files(player).items():
            archive.writestr(name, json.dumps(content, cls=DjangoJSONEncoder, indent=1,
                                              ensure_ascii=False))
        avatar = player.settings.avatar
        if avatar:
            try:
                with avatar.open("rb") as picture:
                    archive.writestr("avatar/" + Path(avatar.name).name, picture.read())
            except OSError:
                log.warning("export of player %s: avatar file missing", player.pk)
    return buffer.getvalue()


# ---------------------------------------------------------------- the services
def export_request(*, player: Player) -> DataExport:
    """Queue a new archive of ``player``'s data (one at a time, one an hour)."""
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        last = DataExport.objects.filter(player=player).order_by("-requested_at").first()
        if last is not None and last.status == DataExport.Status.QUEUED:
            raise ExportError("Your data is being prepared: a message will tell you when it "
                              "is ready.")
        if last is not None and timezone.now() - last.requested_at < REQUEST_INTERVAL:
            raise ExportError("You asked for your data less than an hour ago: please wait "
                              "before asking again.")
        export = DataExport.objects.create(player=player)
        transaction.on_commit(lambda: export_queue(export.pk))
    return export


def export_queue(export_id: int) -> None:
    from celery import current_app
    try:
        current_app.signature(EXPORT_TASK, args=(export_id,)).delay()
    except Exception:
        # No broker: the hourly sweep queues it again (export_requeue_stalled).
        log.warning("could not queue data export %s", export_id, exc_info=True)


EXPORT_TASK = "marcomage.privacy.tasks.data_export_task"


def export_hand_off(export_id: int) -> None:
    """The eager task's work (no Celery worker): build on a background thread, so the
    request that asked answers at once."""
    local_exports.submit(export_id)


def export_build(export_id: int) -> DataExport | None:
    """Build the archive of ``export_id`` (a repeat finds it built and does nothing) and
    tell its owner by a site message."""
    export = DataExport.objects.select_related("player__user").filter(pk=export_id).first()
    if export is None or export.status != DataExport.Status.QUEUED:
        return export
    data = archive_bytes(export.player)
    folder = export_folder()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    file_name = f"{secrets.token_hex(16)}.zip"
    (folder / file_name).write_bytes(data)
    now = timezone.now()
    with transaction.atomic():
        updated = DataExport.objects.filter(pk=export.pk, status=DataExport.Status.QUEUED).update(
            status=DataExport.Status.DONE, finished_at=now, file_name=file_name,
            size=len(data), expires_at=now + timedelta(days=settings.EXPORT_DAYS))
        if not updated:  # built meanwhile by a repeat of this task
            (folder / file_name).unlink(missing_ok=True)
            return export
        message_send_system(
            recipient=export.player, subject="Your data is ready to download",
            body=(f"The archive of your data you asked for is ready: download it from "
                  f"[link={reverse('privacy:data')}]Settings, Your data[/link] within "
                  f"{settings.EXPORT_DAYS} days. After that it is deleted."))
    export.refresh_from_db()
    return export


def export_failed(export_id: int) -> None:
    DataExport.objects.filter(pk=export_id, status=DataExport.Status.QUEUED).update(
        status=DataExport.Status.FAILED, finished_at=timezone.now())


local_exports = BackgroundQueue("exports", export_build,
                                threads=lambda: settings.EXPORT_THREADS,
                                on_error=export_failed)


def exports_expired_delete(now=None) -> int:
    """Delete the archives past their days (files and rows); how many."""
    now = now or timezone.now()
    expired = list(DataExport.objects.filter(expires_at__lt=now))
    for export in expired:
        if export.file_name:
            export_path(export).unlink(missing_ok=True)
    DataExport.objects.filter(pk__in=[e.pk for e in expired]).delete()
    # Queued for a day and never built (a lost task): failed, so the player may ask again.
    DataExport.objects.filter(status=DataExport.Status.QUEUED,
                              requested_at__lt=now - timedelta(days=1)).update(
        status=DataExport.Status.FAILED, finished_at=now)
    return len(expired)


def exports_requeue_stalled(now=None) -> int:
    """Queue again the exports waiting for over ten minutes (a broker that was down)."""
    now = now or timezone.now()
    stalled = list(DataExport.objects.filter(
        status=DataExport.Status.QUEUED, requested_at__lt=now - timedelta(minutes=10),
        requested_at__gte=now - timedelta(days=1)).values_list("pk", flat=True))
    for export_id in stalled:
        export_queue(export_id)
    return len(stalled)
