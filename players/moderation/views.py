"""The moderation forms of a player's profile: mute and unmute (moderators), ban and unban
(administrators). Each answers with a message on the profile page."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from players import roles
from players.directory import player_by_name
from players.tutorial.sections import section_required

from . import selectors, services
from .forms import BanForm, MuteForm, first_error


def _moderate(request, name, *, permission, act, form_class=None):
    """Check the viewer's permission (403) and the player (404), validate the form if there
    is one, run ``act(player, data)`` and say what came of it on the player's page.

    ``act`` returns the text of the success message, or None when there was nothing to do.
    """
    if not roles.player_has_permission(request.user.player, permission):
        raise PermissionDenied("You may not do that.")
    # Bans name accounts that are deactivated: the administrator must still reach them.
    player = player_by_name(name, with_banned=permission == roles.BAN_ACCOUNTS)
    if player is None:
        raise Http404("No such player")
    data = {}
    if form_class is not None:
        form = form_class(request.POST)
        if not form.is_valid():
            messages.error(request, first_error(form))
            return redirect("players:detail", player.name)
        data = form.cleaned_data
    try:
        done = act(player, data)
    except services.ModerationError as error:
        messages.error(request, str(error))
    else:
        if done:
            messages.success(request, done)
        else:
            messages.info(request, "There was nothing to change.")
    return redirect("players:detail", player.name)


@require_POST
@section_required("players")
def player_mute_view(request, name):
    def act(player, data):
        mute = services.player_mute(moderator=request.user.player, player=player,
                                    duration=data["duration"], reason=data["reason"])
        return f"{player.name} is muted until {selectors.moment_text(mute.ends_at)}."

    return _moderate(request, name, permission=roles.MUTE_PLAYERS, act=act,
                     form_class=MuteForm)


@require_POST
@section_required("players")
def player_unmute_view(request, name):
    def act(player, data):
        if services.player_unmute(moderator=request.user.player, player=player):
            return f"{player.name} may write again."
        return None

    return _moderate(request, name, permission=roles.MUTE_PLAYERS, act=act)


@require_POST
@section_required("players")
def account_ban_view(request, name):
    def act(player, data):
        services.account_ban(admin=request.user, user=player.user, reason=data["reason"])
        return f"{player.name}'s account is banned and logged out."

    return _moderate(request, name, permission=roles.BAN_ACCOUNTS, act=act,
                     form_class=BanForm)


@require_POST
@section_required("players")
def account_unban_view(request, name):
    def act(player, data):
        if services.account_unban(admin=request.user, user=player.user):
            return f"{player.name} may log in again."
        return None

    return _moderate(request, name, permission=roles.BAN_ACCOUNTS, act=act)
