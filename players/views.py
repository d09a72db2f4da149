"""The players section: the ladder, a player's details, avatars and tutorial hints."""
import re

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from marcomage.images import stored_png_response

from . import activity, selectors
from .forms_profile import PlayerFilterForm
from .sections import section_required
from .services import player_hint_dismiss


@require_GET
@section_required("players")
def player_list(request):
    viewer = request.user.player
    defaults = selectors.list_filters_default(viewer)
    data = {key: request.GET.get(key) or value for key, value in
            {**defaults, "q": ""}.items()}
    form = PlayerFilterForm(data)
    if form.is_valid():
        filters = form.cleaned_data
    else:  # a hand-made URL with unknown values: show the defaults rather than an error
        filters = {**defaults, "q": ""}
        form = PlayerFilterForm({**defaults, "q": ""})
        form.is_valid()
    page_obj, rows = selectors.player_list_page(
        activity=filters["activity"] or "all", status=filters["status"] or "any",
        search=filters["q"], page=request.GET.get("page", 1))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "players/list.html", {
        "form": form, "page_obj": page_obj, "rows": rows, "query": query.urlencode(),
        "settings_row": viewer.settings,
    })


@require_GET
@section_required("players")
def player_detail(request, name):
    viewer = request.user.player
    player = selectors.player_by_name(name)
    if player is None:
        raise Http404("No such player")
    is_self = player.pk == viewer.pk
    context = {
        "player": player,
        "is_self": is_self,
        "activity": activity.activity_of(player.last_activity),
        "age": selectors.age_of(player.settings.birthdate),
        "progress": selectors.exp_progress(player),
        "awards": selectors.award_summary(player),
    }
    if is_self:
        context["own_stats"] = selectors.own_statistics(player)
    else:
        context["versus"] = selectors.versus_statistics(viewer, player)
    return render(request, "players/detail.html", context)


AVATAR_NAME = re.compile(r"^[0-9]+-[0-9a-f]{12}\.png$")


@require_GET
@cache_control(max_age=7 * 24 * 3600, public=True, immutable=True)
def avatar_file(request, filename):
    """Avatars by their unique file name (a new upload gets a new name, so caching is safe)."""
    return stored_png_response("avatars", filename, AVATAR_NAME)


@require_POST
@login_required
def hint_dismiss(request, key):
    player_hint_dismiss(player=request.user.player, key=key)
    if request.htmx:
        return HttpResponse("")
    return redirect(safe_next(request, "home"))


def safe_next(request, fallback):
    """The form's `next` address when it points into this site, else `fallback`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    # Only a path: redirect() would take a bare word like "abc" for a view name and fail.
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return fallback
