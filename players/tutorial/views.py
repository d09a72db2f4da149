"""Closing a tutorial hint."""
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from marcomage.plumbing.redirects import safe_next

from .services import player_hint_dismiss


@require_POST
@login_required
def hint_dismiss(request, key):
    player_hint_dismiss(player=request.user.player, key=key)
    if request.htmx:
        return HttpResponse("")
    return redirect(safe_next(request, "home"))
