"""The moderation forms of a player's profile: mute and unmute (moderators), ban and unban
(administrators). Each answers with a message on the profile page."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from players.profiles.selectors import player_by_name
from players.tutorial.sections import section_required

from . import roles, selectors, services
from .forms import BanForm, MuteForm, first_error


def _target(request, name, permission):
    """The player named in the URL, when the viewer holds ``permission`` (else 403/404)."""
    if not roles.player_has_permission(request.user.player, permission):
        raise PermissionDenied("You may not do that.")
    player = player_by_name(name, with_banned=permission == roles.BAN_ACCOUNTS)
    if player is None:
        raise Http404("No such player")
    return player


def _back(player):
    return redirect("players:detail", player.name)


@require_POST
@section_required("players")
def player_mute_view(request, name):
    player = _target(request, name, roles.MUTE_PLAYERS)
    form = MuteForm(request.POST)
    if not form.is_valid():
        messages.error(request, first_error(form))
        return _back(player)
    try:
        mute = services.player_mute(moderator=request.user.player, player=player,
                                    duration=form.cleaned_data["duration"],
                                    reason=form.cleaned_data["reason"])
    except services.ModerationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{player.name} is muted until "
                                  f"{selectors.moment_text(mute.ends_at)}.")
    return _back(player)


@require_POST
@section_required("players")
def player_unmute_view(request, name):
    player = _target(request, name, roles.MUTE_PLAYERS)
    if services.player_unmute(moderator=request.user.player, player=player):
        messages.success(request, f"{player.name} may write again.")
    else:
        messages.info(request, f"{player.name} was not muted.")
    return _back(player)


@require_POST
@section_required("players")
def account_ban_view(request, name):
    player = _target(request, name, roles.BAN_ACCOUNTS)
    form = BanForm(request.POST)
    if not form.is_valid():
        messages.error(request, first_error(form))
        return _back(player)
    try:
        services.account_ban(admin=request.user, user=player.user,
                             reason=form.cleaned_data["reason"])
    except services.ModerationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{player.name}'s account is banned and logged out.")
    return _back(player)


@require_POST
@section_required("players")
def account_unban_view(request, name):
    player = _target(request, name, roles.BAN_ACCOUNTS)
    if services.account_unban(admin=request.user, user=player.user):
        messages.success(request, f"{player.name} may log in again.")
    else:
        messages.info(request, f"{player.name} was not banned.")
    return _back(player)
