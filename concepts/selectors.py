"""Read-only queries of the concepts section, each with a fixed number of SQL queries."""
from dataclasses import dataclass
from datetime import timedelta

from django.core.paginator import Paginator
from django.db.models import Count, DateTimeField, Subquery, Value
from django.db.models.functions import Coalesce, Lower
from django.http import Http404
from django.utils import timezone

from .models import Concept, ConceptVisit

CONCEPTS_PER_PAGE = 20
SORTS = {
    "new": ("Newest first", ("-created_at", "-pk")),
    "modified": ("Last changed first", ("-modified_at", "-pk")),
    "name": ("Name", (Lower("name"), "pk")),
    "author": ("Author", (Lower("author__user__username"), "-created_at", "-pk")),
}
PERIODS = {
    "": ("Any time", None),
    "7": ("Last 7 days", 7),
    "30": ("Last 30 days", 30),
    "365": ("Last year", 365),
}
SUGGESTED_STATES = (Concept.State.WAITING, Concept.State.INTERESTING)
IMPLEMENTED_STATES = (Concept.State.IMPLEMENTED,)


@dataclass(frozen=True)
class ConceptFilters:
    author: str = ""
    state: str = ""
    rarity: str = ""
    period: str = ""
    mine: bool = False
    sort: str = "new"

    @property
    def active(self):
        return bool(self.author or self.state or self.rarity or self.period or self.mine)


def concepts_list(filters: ConceptFilters, *, viewer=None, page=1):
    """One page of concepts with their authors. Two queries (count + rows)."""
    concepts = Concept.objects.select_related("author__user").defer(
        "effect", "effect_html", "note", "feedback")
    if filters.author:
        concepts = concepts.filter(author__user__username__icontains=filters.author)
    if filters.state in Concept.State.values:
        concepts = concepts.filter(state=filters.state)
    if filters.rarity in Concept.Rarity.values:
        concepts = concepts.filter(rarity=filters.rarity)
    days = PERIODS.get(filters.period, ("", None))[1]
    if days:
        concepts = concepts.filter(created_at__gte=timezone.now() - timedelta(days=days))
    if filters.mine and viewer is not None:
        concepts = concepts.filter(author=viewer)
    concepts = concepts.order_by(*SORTS.get(filters.sort, SORTS["new"])[1])
    return Paginator(concepts, CONCEPTS_PER_PAGE).get_page(page)


def concept_for_page(pk):
    """A concept with its author (and discussion thread when there is one), or None."""
    return Concept.objects.select_related("author__user", "thread").filter(pk=pk).first()


def concept_for_page_or_404(pk):
    """``concept_for_page``, or the 404 of a concept that does not exist."""
    concept = concept_for_page(pk)
    if concept is None:
        raise Http404("No such concept")
    return concept


def concepts_has_new(player) -> bool:
    """Whether others proposed concepts since the player last opened the list (one query).

    A player who never opened it counts the concepts newer than their registration.
    """
    if player is None:
        return False
    return new_concepts(player).exists()


def new_concepts(player):
    """Others' concepts created since the player last opened the list (or registered)."""
    last_seen = Subquery(ConceptVisit.objects.filter(player=player).values("seen_at")[:1])
    since = Coalesce(last_seen, Value(player.created_at, output_field=DateTimeField()))
    return Concept.objects.filter(created_at__gt=since).exclude(author=player)


def concepts_top_authors(states, limit=10) -> list:
    """[{"name", "count"}] of the players with the most concepts in `states` (one query)."""
    rows = (Concept.objects.filter(state__in=list(states), author__isnull=False)
            .values("author__user__username")
            .annotate(count=Count("id"))
            .order_by("-count", Lower("author__user__username"))[:limit])
    return [{"name": row["author__user__username"], "count": row["count"]} for row in rows]
