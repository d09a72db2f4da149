"""The Novels pages: the library, a novel's contents, a chapter; and the reading progress
each player keeps in the session (no table)."""
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from players.tutorial.sections import section_required

from .loader import Chapter, Novel, get_novel, library

SESSION_KEY = "novels"


def reading_progress(session) -> dict[str, int]:
    """slug -> chapter last opened, keeping only entries that still point at a chapter."""
    raw = session.get(SESSION_KEY)
    if not isinstance(raw, dict):
        return {}
    progress = {}
    for slug, number in raw.items():
        novel = get_novel(slug) if isinstance(slug, str) else None
        if novel is not None and novel.chapter(number) is not None:
            progress[slug] = number
    return progress


def remember_chapter(session, novel: Novel, chapter: Chapter) -> None:
    """Record the chapter just opened (the session is written only when it changes)."""
    progress = reading_progress(session)
    if progress.get(novel.slug) != chapter.number:
        progress[novel.slug] = chapter.number
        session[SESSION_KEY] = progress


def _novel_or_404(slug: str) -> Novel:
    novel = get_novel(slug)
    if novel is None:
        raise Http404("No such novel.")
    return novel


@require_safe
@section_required("novels")
def library_view(request):
    progress = reading_progress(request.session)
    shelf = [{"novel": novel, "last": novel.chapter(progress.get(novel.slug))}
             for novel in library()]
    return render(request, "novels/library.html", {"shelf": shelf})


@require_safe
@section_required("novels")
def contents_view(request, novel):
    book = _novel_or_404(novel)
    last = book.chapter(reading_progress(request.session).get(book.slug))
    return render(request, "novels/contents.html", {"novel": book, "last": last})


@require_safe
@section_required("novels")
def chapter_view(request, novel, chapter):
    book = _novel_or_404(novel)
    current = book.chapter(chapter)
    if current is None:
        raise Http404("No such chapter.")
    remember_chapter(request.session, book, current)
    return render(request, "novels/chapter.html", {
        "novel": book,
        "chapter": current,
        "previous": book.chapter(current.number - 1),
        "next": book.chapter(current.number + 1),
    })
