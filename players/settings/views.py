"""The settings page: profile, preferences (every option) and the avatar."""
from django.contrib import messages as flash
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from marcomage.images import ImageUploadError
from players.profiles.services import player_avatar_remove, player_avatar_set
from players.tutorial.sections import section_required

from .forms import AvatarForm, PreferencesForm, ProfileForm


def _page(request, *, profile=None, preferences=None, avatar=None, status=200):
    row = request.user.player.settings
    return render(request, "players/settings.html", {
        "profile_form": profile or ProfileForm(instance=row, prefix="profile"),
        "preferences_form": preferences or PreferencesForm(instance=row, prefix="prefs"),
        "avatar_form": avatar or AvatarForm(prefix="avatar"),
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
            form.save()
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
    flash.error(request, "That form is unknown; nothing was changed.")
    return redirect("players:settings")


@require_POST
@section_required("settings")
def avatar_upload(request):
    form = AvatarForm(request.POST, request.FILES, prefix="avatar")
    if not form.is_valid():
        return _page(request, avatar=form, status=400)
    try:
        player_avatar_set(player=request.user.player, upload=form.cleaned_data["avatar"])
    except ImageUploadError as error:
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
