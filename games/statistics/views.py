"""The Statistics section: card usage from CardStatistic, game figures from finished games.

The card concepts' tables come from the concepts app's own template tag (concepts sits
above games: games never imports it).
"""
from django.contrib import messages
from django.shortcuts import render
from django.views.decorators.http import require_GET

from players.tutorial.sections import section_required

from . import selectors


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
        "periods": selectors.PERIODS,
        "lengths": selectors.LIST_LENGTHS,
        "section": "statistics",
    })
