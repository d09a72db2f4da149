"""The news archive: every published item, a page at a time."""
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .selectors import news_published

ITEMS_PER_PAGE = 10


@require_GET
def news_archive(request):
    page = Paginator(news_published(), ITEMS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "news/archive.html", {"page": page})
