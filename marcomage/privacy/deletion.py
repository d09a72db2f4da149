""""Delete my account": the player's private things go, what others hold stays, anonymous.

``account_delete`` (the password checked by the form first), in one transaction:
- running games end as if left for good: a game between players is the opponent's
  ("Abandoned by the opponent"), a game against the computer is aborted; challenges sent
  and received and hosted games waiting are withdrawn; events are left (a running event's
  results stay in its standings);
- deleted: decks (their notes), game notes, messages received, settings and avatar, API
  tokens, data exports (files too), forum read marks and the like (by their own cascade);
- kept, under the anonymous name "Deleted player N" (N a random number, the same in every
  place, never the old name): games and their chat lines, messages sent to others, forum
  threads and posts, card concepts, event standings, ratings others' games refer to;
- the account can no longer sign in and every session and token stops at once: the
  password is made unusable (a session is bound to the password's hash: the next request
  of any open session finds it changed and signs out), the account inactive, the tokens
  deleted;
- the old name is held for ``DELETED_NAME_HOLD_DAYS`` days (``HeldName``), so nobody takes it
  to pass for the player meanwhile; then the hourly sweep frees it.
"""
import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from decks.models import Deck
from games.models import Game, GameNote
from games.services import (
    GameError,
    challenge_cancel,
    challenge_reject,
    game_end_by_site,
    game_host_cancel,
)
from games.services.events import player_group, publish_players_changed
from games.tournaments.models import Entry, Tournament
from games.tournaments.services import TournamentError, tournament_leave
from marcomage.plumbing import live_send
from marcomage.plumbing.live_socket import REVOKED
from players.models import AccessToken, Message, Player, PlayerSettings

from .exports import export_path
from .models import DataExport, HeldName

log = logging.getLogger(__name__)

DELETED_NAME = "Deleted player {number}"
NAME_HELD = "That name belonged to an account deleted lately: it is free again after {date}."


def name_held_refusal(name: str) -> str | None:
    """A registration's check (players.accounts.forms.USERNAME_CHECKS)."""
    held = HeldName.objects.filter(name=name.casefold(), held_until__gt=timezone.now()).first()
    if held is None:
        return None
    return NAME_HELD.format(date=f"{held.held_until:%Y-%m-%d}")


def held_names_free(now=None) -> int:
    deleted, _ = HeldName.objects.filter(held_until__lte=now or timezone.now()).delete()
    return deleted


def _anonymous_name() -> str:
    users = get_user_model().objects
    while True:
        name = DELETED_NAME.format(number=secrets.randbelow(900_000) + 100_000)
        if not users.filter(username__iexact=name).exists():
            return name


def is_deleted_name(name: str) -> bool:
    return name.startswith("Deleted player ")


def _end_games(player: Player) -> None:
    running = Game.objects.filter(Q(player1=player) | Q(player2=player),
                                  status=Game.Status.IN_PROGRESS).values_list(
        "pk", "player1_id", "is_ai")
    for game_id, player1_id, is_ai in running:
        if is_ai:
            game_end_by_site(game_id=game_id, outcome=Game.Outcome.ABORT)
        else:
            game_end_by_site(game_id=game_id, outcome=Game.Outcome.ABANDON,
                             winner_seat=1 if player1_id == player.pk else 0)
    waiting = Game.objects.filter(Q(player1=player) | Q(player2=player),
                                  status=Game.Status.WAITING).values_list(
        "pk", "player2_id", "is_ai")
    for game_id, player2_id, is_ai in waiting:
        try:
            if player2_id == player.pk:
                challenge_reject(game_id=game_id, player=player)
            elif player2_id is None or is_ai:
                game_host_cancel(game_id=game_id, player=player)
            else:
                challenge_cancel(game_id=game_id, player=player)
        except GameError:
            Game.objects.filter(pk=game_id, status=Game.Status.WAITING).delete()


def _leave_events(player: Player) -> None:
    open_events = Entry.objects.filter(
        player=player, tournament__status__in=[Tournament.Status.UPCOMING,
                                               Tournament.Status.RUNNING]).values_list(
        "tournament_id", flat=True)
    for tournament_id in list(open_events):
        try:
            tournament_leave(tournament_id=tournament_id, player=player)
        except TournamentError:
            pass


def _delete_private_things(player: Player) -> None:
    Deck.objects.filter(player=player).delete()
    GameNote.objects.filter(player=player).delete()
    Message.objects.filter(recipient=player).delete()
    # What the player sent stays with its readers; it is gone from the player's own view.
    Message.objects.filter(author=player).update(deleted_by_author=True)
    AccessToken.objects.filter(player=player).delete()
    for export in DataExport.objects.filter(player=player):
        if export.file_name:
            export_path(export).unlink(missing_ok=True)
    DataExport.objects.filter(player=player).delete()
    old = PlayerSettings.objects.filter(player=player).first()
    if old is not None:
        if old.avatar:
            old.avatar.delete(save=False)
        old.delete()
    PlayerSettings.objects.create(player=player)


@transaction.atomic
def account_delete(*, player: Player) -> str:
    """Delete ``player``'s account (see the module); the anonymous name it now shows."""
    user = get_user_model().objects.select_for_update().get(pk=player.user_id)
    if not user.is_active and is_deleted_name(user.username):
        return user.username  # deleted already (a double submit)
    old_name = user.username
    _end_games(player)
    _leave_events(player)
    _delete_private_things(player)
    HeldName.objects.update_or_create(
        name=old_name.casefold(),
        defaults={"held_until": timezone.now() + timedelta(days=settings.DELETED_NAME_HOLD_DAYS)})
    user.username = _anonymous_name()
    user.email = ""
    user.first_name = user.last_name = ""
    user.is_active = False
    user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    publish_players_changed(player.pk)
    # Its open pages and a bot's event stream stop now, not at their next reconnect.
    transaction.on_commit(lambda: live_send.group_send_all(
        [(player_group(player.pk), {"type": REVOKED})]))
    log.info("account %s deleted", user.pk)
    return user.username
