"""The players section: the ladder, a player's profile page and avatars."""
import re

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from marcomage.plumbing.images import stored_png_response
from players import activity, roles
from players.directory import player_by_name
from players.moderation.forms import BanForm, MuteForm
from players.moderation.selectors import moderation_panel
from players.progression import selectors as progression
from players.progression.rating_chart import rating_chart
from players.tutorial.sections import section_required

from . import selectors
from .forms import PlayerFilterForm


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
    sort = request.GET.get("sort", "level")
    if sort not in selectors.LIST_SORTS:
        sort = "level"
    page_obj, rows = selectors.player_list_page(
        activity=filters["activity"] or "all", status=filters["status"] or "any",
        search=filters["q"], page=request.GET.get("page", 1), sort=sort)
    query = request.GET.copy()
    query.pop("page", None)
    unsorted = query.copy()
    unsorted.pop("sort", None)
    return render(request, "players/list.html", {
        "form": form, "page_obj": page_obj, "rows": rows, "query": query.urlencode(),
        "sort": sort, "unsorted_query": unsorted.urlencode(),
        "settings_row": viewer.settings,
    })


@require_GET
@section_required("players")
def player_detail(request, name):
    """A player's profile. Your results against them come from the games app, through the
    site's template (templates/partials/players/profile_versus.html)."""
    viewer = request.user.player
    # Administrators still reach a banned player's page (to lift the ban).
    player = player_by_name(
        name, with_banned=roles.player_has_permission(viewer, roles.BAN_ACCOUNTS))
    if player is None:
        raise Http404("No such player")
    is_self = player.pk == viewer.pk
    moderation = moderation_panel(viewer, player)
    if moderation is not None:
        moderation.update(mute_form=MuteForm(), ban_form=BanForm())
    context = {
        "player": player,
        "is_self": is_self,
        "activity": activity.activity_of(player.last_activity),
        "age": selectors.age_of(player.settings.birthdate),
        "progress": progression.exp_progress(player),
        "awards": progression.award_summary(player),
        "moderation": moderation,
        "rating_chart": rating_chart(player),
    }
    if is_self:
        context["own_stats"] = progression.own_statistics(player)
    return render(request, "players/detail.html", context)


AVATAR_NAME = re.compile(r"^[0-9]+-[0-9a-f]{12}\.png$")


@require_GET
@cache_control(max_age=7 * 24 * 3600, public=True, immutable=True)
def avatar_file(request, filename):
    """Avatars by their unique file name (a new upload gets a new name, so caching is safe)."""
    return stored_png_response("avatars", filename, AVATAR_NAME)
