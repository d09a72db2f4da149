"""The settings page: profile, preferences (every option), the avatar, API tokens and the
bot account switch."""
from django.contrib import messages as flash
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from marcomage.plumbing.images import ImageUploadError
from players.notifications import addresses
from players.notifications import services as notifications
from players.notifications.forms import EmailAddressForm, NotificationPreferencesForm
from players.notifications.preferences import preferences_of
from players.profiles.services import (
    ProfileRefused,
    player_avatar_remove,
    player_avatar_set,
    player_profile_save,
)
from players.tokens import services as tokens
from players.tokens.forms import TokenForm
from players.tutorial.sections import section_required

from .forms import AvatarForm, BotAccountForm, PreferencesForm, ProfileForm


def _page(request, *, profile=None, preferences=None, avatar=None, token_form=None,
          new_token=None, bot_form=None, notification_form=None, email_form=None, status=200):
    player = request.user.player
    row = player.settings
    return render(request, "players/settings.html", {
        "notification_form": notification_form or NotificationPreferencesForm(
            preferences=preferences_of(player.pk), prefix="notify"),
        "email_form": email_form or EmailAddressForm(user=request.user, prefix="email"),
        "profile_form": profile or ProfileForm(instance=row, prefix="profile"),
        "preferences_form": preferences or PreferencesForm(instance=row, prefix="prefs"),
        "avatar_form": avatar or AvatarForm(prefix="avatar"),
        "token_form": token_form or TokenForm(prefix="token"),
        "tokens": tokens.tokens_of(player),
        "new_token": new_token,
        "bot_allowed": tokens.bot_conversion_allowed(player),
        "bot_form": bot_form or BotAccountForm(prefix="bot"),
        "settings_row": row,
    }, status=status)


@require_http_methods(["GET", "POST"])
@section_required("settings")
def settings_page(request):
    if request.method == "GET":
        return _page(request)
    row = request.user.player.settings
    which = request.POST.get("form")
    if which == "profile":
        form = ProfileForm(request.POST, instance=row, prefix="profile")
        if form.is_valid():
            try:
                player_profile_save(player=request.user.player, form=form)
            except ProfileRefused as refusal:
                form.add_error(None, str(refusal))
            else:
                flash.success(request, "Your profile has been saved.")
                return redirect("players:settings")
        return _page(request, profile=form, status=400)
    if which == "preferences":
        form = PreferencesForm(request.POST, instance=row, prefix="prefs")
        if form.is_valid():
            form.save()
            flash.success(request, "Your settings have been saved.")
            return redirect("players:settings")
        return _page(request, preferences=form, status=400)
    if which == "notifications":
        form = NotificationPreferencesForm(request.POST, preferences=preferences_of(
            request.user.player.pk), prefix="notify")
        if form.is_valid():
            notifications.preferences_save(
                player=request.user.player, channels=form.chosen_channels(),
                always=form.cleaned_data["always"], email_mode=form.cleaned_data["email_mode"],
                digest_hour=form.cleaned_data["digest_hour"])
            flash.success(request, "Your notification settings have been saved.")
            return redirect(reverse("players:settings") + "#notifications")
        return _page(request, notification_form=form, status=400)
    flash.error(request, "That form is unknown; nothing was changed.")
    return redirect("players:settings")


@require_POST
@section_required("settings")
def email_change(request):
    """A new mail address (or none): unconfirmed until the link mailed to it is opened."""
    form = EmailAddressForm(request.POST, user=request.user, prefix="email")
    if not form.is_valid():
        return _page(request, email_form=form, status=400)
    if refusal := flood_refusal(request, "email"):
        form.add_error(None, refusal)
        return _page(request, email_form=form, status=FLOOD_STATUS)
    address = form.cleaned_data["email"]
    sent = addresses.email_change(request.user, address)
    if not address:
        flash.success(request, "Your account has no mail address now.")
    elif sent:
        flash.success(request, f"We mailed a link to {address}: open it to confirm the address.")
    else:
        flash.error(request, f"Your address is now {address}, but the mail with the link could "
                             "not be sent just now: send it again in a few minutes.")
    return redirect(reverse("players:settings") + "#email")


@require_POST
@section_required("settings")
def email_verify_resend(request):
    user = request.user
    if not user.email or user.has_verified_email:
        flash.info(request, "There is no address waiting for confirmation.")
    elif refusal := flood_refusal(request, "email"):
        flash.error(request, refusal)
    elif addresses.verification_send(user):
        flash.success(request, f"We mailed a new link to {user.email}.")
    else:
        flash.error(request, "The mail could not be sent just now: try again in a few minutes.")
    return redirect(reverse("players:settings") + "#email")


@require_POST
@section_required("settings")
def avatar_upload(request):
    form = AvatarForm(request.POST, request.FILES, prefix="avatar")
    if not form.is_valid():
        return _page(request, avatar=form, status=400)
    try:
        player_avatar_set(player=request.user.player, upload=form.cleaned_data["avatar"])
    except (ImageUploadError, ProfileRefused) as error:
        form.add_error("avatar", str(error))
        return _page(request, avatar=form, status=400)
    flash.success(request, "Your new avatar is in place.")
    return redirect("players:settings")


@require_POST
@section_required("settings")
def avatar_remove(request):
    player_avatar_remove(player=request.user.player)
    flash.success(request, "Your avatar has been removed.")
    return redirect("players:settings")


@require_POST
@section_required("settings")
def token_create(request):
    """The token is shown on this response only: it is never stored nor shown again."""
    form = TokenForm(request.POST, prefix="token")
    if not form.is_valid():
        return _page(request, token_form=form, status=400)
    try:
        _token, raw = tokens.token_create(player=request.user.player,
                                          name=form.cleaned_data["name"],
                                          scopes=form.cleaned_data["scopes"])
    except tokens.TokenError as error:
        form.add_error(None, error.message)
        return _page(request, token_form=form, status=400)
    response = _page(request, new_token=raw, status=201)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@section_required("settings")
def token_revoke(request, token_id):
    try:
        token = tokens.token_revoke(player=request.user.player, token_id=token_id)
    except tokens.TokenError:
        raise Http404("No such token")
    flash.success(request, f"The token “{token.name}” is revoked: it no longer opens the API.")
    return redirect(reverse("players:settings") + "#tokens")


@require_POST
@section_required("settings")
def bot_account(request):
    form = BotAccountForm(request.POST, prefix="bot")
    if not form.is_valid():
        return _page(request, bot_form=form, status=400)
    try:
        tokens.player_become_bot(player=request.user.player)
    except tokens.TokenError as error:
        flash.error(request, error.message)
    else:
        flash.success(request, "This account is now a bot: create a token with the bot scope "
                               "for the program that plays it.")
    return redirect(reverse("players:settings") + "#tokens")
