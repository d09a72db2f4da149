"""The Shared decks pages: other players' shared decks, one shared deck laid out, and
copying it into one of your own deck slots. Sharing one's own deck is in decks.views."""
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import engine
from players.shop.selectors import player_foil_ids
from players.tutorial.sections import section_required, sections_open_for

from . import selectors, services
from .models import Deck

COLUMNS = (("name", "Deck"), ("author", "Author"), ("modified", "Last change"),
           ("wins", "Won"), ("losses", "Lost"), ("draws", "Drawn"))
# How many refused cards a message names before it says "and N more".
PROBLEMS_SHOWN = 5


def _query(filters: selectors.SharedListFilters, **changes) -> str:
    values = {"author": filters.author, "sort": filters.sort,
              "dir": "desc" if filters.descending else "asc", **changes}
    return urlencode({key: value for key, value in values.items() if value})


def _columns(filters: selectors.SharedListFilters) -> list[dict]:
    """The sortable column heads: a click sorts by the column, a second click reverses."""
    columns = []
    for key, label in COLUMNS:
        active = key == filters.sort
        if active:
            descending = not filters.descending
        else:
            descending = key in selectors.SHARED_SORTS_DESCENDING_FIRST
        columns.append({
            "key": key, "label": label, "active": active,
            "aria_sort": ("descending" if filters.descending else "ascending") if active
            else "none",
            "query": _query(filters, sort=key, dir="desc" if descending else "asc"),
        })
    return columns


@section_required("decks")
@require_GET
def shared_list(request):
    viewer = request.user.player
    filters = selectors.shared_filters(request.GET)
    return render(request, "decks/shared_list.html", {
        "page_obj": selectors.shared_decks_page(viewer, filters, request.GET.get("page")),
        "filters": filters,
        "authors": selectors.shared_authors(viewer),
        "columns": _columns(filters),
        "query": _query(filters),
        "section": "decks",
    })


@section_required("decks")
@require_GET
def shared_detail(request, deck_id):
    viewer = request.user.player
    deck = selectors.shared_deck(viewer, deck_id)
    own_decks = selectors.decks_of(viewer)
    return render(request, "decks/shared_detail.html", {
        "deck": deck,
        "is_own": deck.player_id == viewer.pk,
        "sections": selectors.deck_sections(deck),
        "summary": selectors.deck_summary(deck),
        "tokens": [token for token in deck.tokens if token != "none"],
        "card_links": "cards" in sections_open_for(viewer),
        "locked": {cid for cid in deck.card_ids()
                   if cid and engine.card(cid).level > viewer.level},
        "refusals": services.deck_import_problems(viewer, deck),
        "targets": [d for d in own_decks if d.pk != deck.pk],
        "free_slots": max(0, services.deck_slots(viewer) - len(own_decks)),
        "new_deck": services.NEW_DECK,
        "foils": player_foil_ids(viewer),
        "cards_per_row": viewer.settings.cards_per_row or 8,
        "section": "decks",
    })


def _refusal_text(error: services.DeckError) -> str:
    if not error.problems:
        return error.message
    shown = "; ".join(error.problems[:PROBLEMS_SHOWN])
    more = len(error.problems) - PROBLEMS_SHOWN
    return f"{error.message} {shown}" + (f"; and {more} more." if more > 0 else ".")


@section_required("decks")
@require_POST
def shared_import(request, deck_id):
    """Copy the shared deck's cards and token counters into the chosen deck slot."""
    try:
        deck = services.deck_import_shared(player=request.user.player, source_id=deck_id,
                                           target=request.POST.get("target", ""))
    except Deck.DoesNotExist:
        raise Http404("No such shared deck") from None
    except services.DeckError as error:
        messages.error(request, _refusal_text(error))
        return redirect("decks:shared_detail", deck_id=deck_id)
    messages.success(request, f"Imported: “{deck.name}” now holds the shared deck's cards and "
                              f"token counters.")
    return redirect("decks:builder", deck_id=deck.pk)
