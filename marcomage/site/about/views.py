"""Pages about the game and the site. Anybody may read them."""
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .selectors import cards_modified_by_date

DATES_PER_PAGE = 8


@require_GET
def modified_cards(request):
    changes = cards_modified_by_date()
    page = Paginator(changes, DATES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "about/modified_cards.html", {
        "page": page, "dates": len(changes), "cards": sum(len(c.cards) for c in changes)})


@require_GET
def faq(request):
    return render(request, "about/faq.html")


@require_GET
def credits_page(request):
    return render(request, "about/credits.html")


@require_GET
def game_history(request):
    return render(request, "about/history.html")
