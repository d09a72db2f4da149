"""The Statistics sub-page "Card balance" and the administrators' self-play form."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from decks import catalogue
from marcomage.plumbing.flood import flood_refusal
from players.tutorial.sections import section_required

from . import selectors, services
from .forms import SelfPlayForm, first_error
from .models import CardBalance
from .selfplay import SELFPLAY_MODES


def _may_start_runs(request) -> bool:
    """Administrators (superusers) start self-play runs."""
    return request.user.is_superuser and request.user.is_active


@section_required("statistics")
@require_GET
def dashboard(request):
    filters = selectors.clean_filters(request.GET)
    data = selectors.dashboard(filters)
    page = Paginator(data.pop("entries"), selectors.PER_PAGE).get_page(request.GET.get("page"))
    columns = [{"key": key, "title": title, "active": key == filters.sort,
                "query": urlencode(filters.query(sort=key, dir=selectors.next_direction(
                    filters, key)))}
               for key, title in selectors.SORTS.items()]
    return render(request, "balance/dashboard.html", {
        **data,
        "page": page,
        "filters": filters,
        "page_query": urlencode(filters.query()),
        "columns": columns,
        "sources": CardBalance.Source.choices,
        "modes": CardBalance.Mode.choices,
        "rarities": catalogue.RARITIES,
        "keywords": catalogue.keyword_names(),
        "levels": catalogue.levels(),
        "selfplay_form": SelfPlayForm() if _may_start_runs(request) else None,
        # Opened on the self-play figures because the site's own games are too few yet.
        "source_chosen_for_you": ("source" not in request.GET
                                  and filters.source == CardBalance.Source.SELFPLAY),
        "selfplay_modes": SELFPLAY_MODES,
        "section": "statistics",
    })


@section_required("statistics")
@require_POST
def selfplay_start(request):
    if not _may_start_runs(request):
        raise PermissionDenied("Only administrators start self-play runs.")
    back = reverse("balance:dashboard") + "?source=selfplay"
    form = SelfPlayForm(request.POST)
    if not form.is_valid():
        messages.error(request, first_error(form))
        return redirect(back)
    refusal = flood_refusal(request, "balance")
    if refusal:
        messages.error(request, refusal)
        return redirect(back)
    try:
        run = services.selfplay_start(player=request.user.player, **form.cleaned_data)
    except services.BalanceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Self-play run {run.pk} is queued: {run.games} games at "
                                  f"the {run.level} level. Its figures replace the "
                                  "self-play columns when it ends.")
    return redirect(back)
