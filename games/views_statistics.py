"""The Statistics section: card usage from CardStatistic, game figures from finished games."""
from django.contrib import messages
from django.shortcuts import render
from django.views.decorators.http import require_GET

from concepts.selectors import IMPLEMENTED_STATES, SUGGESTED_STATES, concepts_top_authors
from players.sections import section_required

from . import selectors_statistics as selectors


@section_required("statistics")
@require_GET
def statistics_page(request):
    period = request.GET.get("period", "latest")
    raw_length = request.GET.get("length", "10")
    problems = []
    if period not in selectors.PERIODS:
        problems.append("Choose the latest or the overall counts; showing the latest.")
        period = "latest"
    try:
        length = int(raw_length)
    except ValueError:
        length = 0
    if length not in selectors.LIST_LENGTHS:
        problems.append("Lists are 10, 25 or 50 cards long; showing 10.")
        length = 10
    for problem in problems:
        messages.warning(request, problem)
    return render(request, "games/statistics/index.html", {
        **selectors.card_statistics(period=period, length=length),
        "games": selectors.game_statistics(),
        "concept_tables": [
            ("suggested", "Suggested concepts", concepts_top_authors(SUGGESTED_STATES)),
            ("implemented", "Implemented concepts", concepts_top_authors(IMPLEMENTED_STATES)),
        ],
        "periods": selectors.PERIODS,
        "lengths": selectors.LIST_LENGTHS,
        "section": "statistics",
    })
