"""Read-only queries for the deck and card pages; a fixed number of SQL queries each."""
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import F, OrderBy, Q
from django.db.models.functions import Lower
from django.http import Http404

from games import engine

from . import catalogue
from .models import Deck


def decks_of(player) -> list[Deck]:
    """The player's decks for the deck list (one query)."""
    return list(Deck.objects.filter(player=player).order_by("name").defer("note"))


def first_ready_deck_id(player) -> int | None:
    """The id of the player's first complete deck by name (the deck a bot plays when it
    names none), or None when it has none."""
    return (Deck.objects.filter(player=player, is_ready=True).order_by("name", "pk")
            .values_list("pk", flat=True).first())


def deck_of(player, deck_id) -> Deck:
    """The player's own deck or 404 (outsiders cannot tell a foreign deck from a missing one)."""
    try:
        return Deck.objects.get(pk=deck_id, player=player)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404("No such deck") from None


@dataclass
class Slot:
    section: str
    index: int
    card_id: int
    playable: bool = True


@dataclass
class DeckSummary:
    counts: dict
    total: int
    average: dict
    unplayable: list  # names of cards in the deck the engine cannot play yet

    @property
    def missing(self):
        return 45 - self.total


def deck_sections(deck) -> dict:
    """{section: [Slot x15]} for the builder."""
    out = {}
    for section in catalogue.SECTIONS:
        out[section] = [
            Slot(section, i, cid, bool(engine.card(cid).implemented) if cid else True)
            for i, cid in enumerate(getattr(deck, section))
        ]
    return out


def deck_summary(deck) -> DeckSummary:
    counts = {s: sum(1 for cid in getattr(deck, s) if cid) for s in catalogue.SECTIONS}
    unplayable = [engine.card(cid).name for cid in deck.card_ids()
                  if cid and not engine.card(cid).implemented]
    return DeckSummary(
        counts=counts,
        total=sum(counts.values()),
        average=catalogue.average_cost_per_turn(deck.common, deck.uncommon, deck.rare),
        unplayable=unplayable,
    )


def pool_for(deck, filters, *, player_level) -> tuple[list, set, int]:
    """(pool ids, ids already in the deck, how many matching cards are above the level)."""
    ids = catalogue.pool_ids(filters, player_level=player_level)
    in_deck = {cid for cid in deck.card_ids() if cid}
    locked = sum(
        1 for cid in catalogue.filtered_ids(filters, include_forbidden=False)
        if engine.card(cid).level > player_level
    )
    return list(ids), in_deck, locked


# ------------------------------------------------------------------------- shared decks
SHARED_PER_PAGE = 20
# Sort keys of the Shared decks page -> the ordering of each (ascending).
SHARED_SORTS = {
    "name": (Lower("name"),),
    "author": (Lower("player__user__username"),),
    "modified": ("modified_at",),
    "wins": ("wins",),
    "losses": ("losses",),
    "draws": ("draws",),
}
SHARED_SORT_DEFAULT = "modified"
# Columns whose first click sorts the largest (or newest) first.
SHARED_SORTS_DESCENDING_FIRST = frozenset({"modified", "wins", "losses", "draws"})


@dataclass(frozen=True)
class SharedListFilters:
    author: str = ""
    sort: str = SHARED_SORT_DEFAULT
    descending: bool = True


def shared_filters(params) -> SharedListFilters:
    """The page's choices from a query string; anything unknown falls back to the default."""
    sort = params.get("sort", "")
    if sort not in SHARED_SORTS:
        sort = SHARED_SORT_DEFAULT
    direction = params.get("dir", "")
    descending = direction == "desc" if direction in ("asc", "desc") else (
        sort in SHARED_SORTS_DESCENDING_FIRST)
    author = " ".join(params.get("author", "").split())[:150]
    return SharedListFilters(author=author, sort=sort, descending=descending)


def shared_decks_page(viewer, filters: SharedListFilters, page):
    """One page of the other players' shared decks (two queries: the count and the rows)."""
    decks = (Deck.objects.filter(is_shared=True).exclude(player=viewer)
             .select_related("player__user").defer("note"))
    if filters.author:
        decks = decks.filter(player__user__username__iexact=filters.author)
    ordering = [OrderBy(F(key) if isinstance(key, str) else key,
                        descending=filters.descending) for key in SHARED_SORTS[filters.sort]]
    decks = decks.order_by(*ordering, "-pk" if filters.descending else "pk")
    return Paginator(decks, SHARED_PER_PAGE).get_page(page)


def shared_authors(viewer) -> list[str]:
    """Names of the other players who share at least one deck, for the author filter (one query)."""
    return list(Deck.objects.filter(is_shared=True).exclude(player=viewer)
                .order_by(Lower("player__user__username"))
                .values_list("player__user__username", flat=True).distinct())


def decks_visible_to(viewer):
    """The decks a player may look at and copy: anybody's shared deck and their own."""
    return Deck.objects.filter(Q(is_shared=True) | Q(player=viewer))


def shared_deck(viewer, deck_id) -> Deck:
    """A shared deck (or one of the viewer's own) with its author, or 404: a private deck
    of someone else looks like a missing one."""
    try:
        return decks_visible_to(viewer).select_related("player__user").get(pk=deck_id)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404("No such shared deck") from None
