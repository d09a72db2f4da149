"""Deck and card pages. Views parse and authorise, call one service, render.

Builder actions answer htmx requests with out-of-band fragments (only what changed) and
plain form posts with a redirect back to the builder, so everything works without JS.
"""
from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import engine
from players.shop.selectors import player_foil_ids
from players.tutorial.sections import TUTORIAL_END_LEVEL, section_required

from . import catalogue, selectors, services, transfer, transfer_csv
from .forms import DeckImportForm, DeckNameForm, DeckNoteForm, DeckTokensForm
from .models import Deck

CARDS_PER_PAGE = 60



def filters_query(filters: catalogue.CardFilters, **extra) -> str:
    params = {k: getattr(filters, k) for k in
              ("rarity", "keyword", "cost", "effect", "support", "created", "modified",
               "level", "name")}
    params = {k: v for k, v in params.items() if v}
    if filters.sort != "name":
        params["sort"] = filters.sort
    if filters.descending:
        params["dir"] = "desc"
    params.update({k: v for k, v in extra.items() if v})
    return urlencode(params)


def _filter_context(filters):
    return {
        "filters": filters,
        "rarities": catalogue.RARITIES,
        "keywords": catalogue.keyword_names(),
        "cost_classes": catalogue.COST_CLASSES,
        "effect_groups": catalogue.EFFECT_GROUPS,
        "created_dates": catalogue.created_dates(),
        "modified_dates": catalogue.modified_dates(),
        "levels": catalogue.levels(),
        "sorts": catalogue.SORTS,
    }


# ------------------------------------------------------------------------- deck list
@section_required("decks")
@require_GET
def deck_list(request):
    player = request.user.player
    decks = selectors.decks_of(player)
    slots = services.deck_slots(player)
    return render(request, "decks/deck_list.html", {
        "decks": decks,
        "slots": slots,
        "free_slots": max(0, slots - len(decks)),
        "create_form": DeckNameForm(),
        # Own ids: the create form on the same page also has a "name" field.
        "import_form": DeckImportForm(auto_id="import_%s"),
        "section": "decks",
    })


@section_required("decks")
@require_POST
def deck_create(request):
    form = DeckNameForm(request.POST)
    if form.is_valid():
        try:
            deck = services.deck_create(player=request.user.player, name=form.cleaned_data["name"])
        except services.DeckError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"Deck “{deck.name}” created. Take cards from the pool below.")
            return redirect("decks:builder", deck_id=deck.pk)
    else:
        messages.error(request, " ".join(form.errors.get("name", ["Please give the deck a name."])))
    return redirect("decks:list")


@section_required("decks")
@require_POST
def deck_import(request):
    form = DeckImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("decks:list")
    upload = form.cleaned_data["file"]
    # Never more than one byte past the largest allowed file: the reader reports the size.
    raw = upload.read(transfer.MAX_FILE_BYTES + 1)
    try:
        deck = services.deck_import(player=request.user.player, raw=raw,
                                    name=form.cleaned_data.get("name", ""),
                                    filename=upload.name)
    except services.DeckError as error:
        return _import_failed(request, error, upload.name, None)
    messages.success(request, f"Deck “{deck.name}” imported.")
    return redirect("decks:builder", deck_id=deck.pk)


IMPORT_SESSION_KEY = "deck_import_pending"


def _import_failed(request, error, filename, back):
    return render(request, "decks/import_failed.html", {
        "message": error.message, "problems": error.problems,
        "filename": str(filename or "")[:100], "section": "decks", "back": back,
    }, status=400)


@section_required("decks")
@require_POST
def deck_import_into(request, deck_id):
    """Step 1 of importing a deck file into this deck (the original's import): read and
    check the file, keep its contents in the session and ask for a confirmation."""
    player = request.user.player
    deck = selectors.deck_of(player, deck_id)
    form = DeckImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("decks:builder", deck_id=deck.pk)
    upload = form.cleaned_data["file"]
    raw = upload.read(transfer.MAX_FILE_BYTES + 1)
    try:
        parsed = services.deck_file_parse(player=player, raw=raw, filename=upload.name)
        name = services.deck_name_for(player, form.cleaned_data.get("name") or parsed.name,
                                      deck_id=deck.pk)
    except services.DeckError as error:
        return _import_failed(request, error, upload.name, deck)
    pending = {"name": name, "tokens": parsed.tokens, "filename": upload.name[:100],
               "cards": {s: parsed_ids for s, parsed_ids in (
                   ("common", parsed.common), ("uncommon", parsed.uncommon),
                   ("rare", parsed.rare))}}
    # One file waits per deck; a newer upload replaces it.
    waiting = request.session.get(IMPORT_SESSION_KEY, {})
    waiting[str(deck.pk)] = pending
    request.session[IMPORT_SESSION_KEY] = waiting
    counts = {s: sum(1 for c in ids if c) for s, ids in pending["cards"].items()}
    return render(request, "decks/import_confirm.html", {
        "deck": deck, "pending": pending, "counts": counts,
        "total": sum(counts.values()), "section": "decks",
        "current_total": sum(1 for c in deck.card_ids() if c),
        "current_tokens": [t for t in deck.tokens if t != "none"],
        "file_tokens": [t for t in pending["tokens"] if t != "none"],
    })


@section_required("decks")
@require_POST
def deck_import_confirm(request, deck_id):
    """Step 2: replace the deck's name, cards and token counters with the waiting file."""
    player = request.user.player
    deck = selectors.deck_of(player, deck_id)
    waiting = request.session.get(IMPORT_SESSION_KEY, {})
    pending = waiting.pop(str(deck.pk), None)
    request.session[IMPORT_SESSION_KEY] = waiting
    if not isinstance(pending, dict):
        messages.error(request, services.IMPORT_INTO_NOTHING)
        return redirect("decks:builder", deck_id=deck.pk)
    try:
        deck = services.deck_import_into(player=player, deck_id=deck.pk,
                                         name=pending.get("name"), cards=pending.get("cards"),
                                         tokens=pending.get("tokens"))
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        return _import_failed(request, error, pending.get("filename"), deck)
    messages.success(request, f"“{deck.name}” now holds the cards and token counters of "
                              f"the imported file.")
    return redirect("decks:builder", deck_id=deck.pk)


@section_required("decks")
@require_GET
def deck_help(request):
    return render(request, "decks/help.html", {
        "section": "decks",
        "base_slots": services.BASE_DECK_SLOTS,
        "max_kb": transfer.MAX_FILE_BYTES // 1024,
        "csv_max_bytes": transfer_csv.CSV_MAX_BYTES,
        "csv_name_max": transfer_csv.CSV_NAME_MAX,
        "token_keywords": catalogue.token_keyword_names(),
        "format_name": transfer.FORMAT_NAME,
        "format_version": transfer.FORMAT_VERSION,
    })


# ------------------------------------------------------------------------- builder
def _action_urls(deck):
    # Computed once per page: the pool repeats them for every card.
    return {name: reverse(f"decks:{name}", kwargs={"deck_id": deck.pk}) for name in ("take", "return")}


DRAFTS_SESSION_KEY = "deck_drafts"


def _keep_draft(request, deck_id, field, value):
    """Remember text the server refused, so the builder shows it again instead of losing it."""
    drafts = request.session.get(DRAFTS_SESSION_KEY, {})
    drafts.setdefault(str(deck_id), {})[field] = str(value)[:4000]
    request.session[DRAFTS_SESSION_KEY] = drafts


def _builder_context(request, deck, filters):
    player = request.user.player
    pool, in_deck, locked = selectors.pool_for(deck, filters, player_level=player.level)
    drafts = request.session.get(DRAFTS_SESSION_KEY, {})
    draft = drafts.pop(str(deck.pk), {})
    if draft:
        request.session[DRAFTS_SESSION_KEY] = drafts
    return {
        "deck": deck,
        "urls": _action_urls(deck),
        "sections": selectors.deck_sections(deck),
        "summary": selectors.deck_summary(deck),
        "pool": pool,
        "in_deck": in_deck,
        "locked_count": locked,
        "query": filters_query(filters),
        "rename_form": DeckNameForm(initial={"name": draft.get("name", deck.name)}),
        "note_form": DeckNoteForm(initial={"note": draft.get("note", deck.note)}),
        "tokens_form": DeckTokensForm.for_deck(deck),
        # Own ids: the rename form on the same page also has a "name" field.
        "import_form": DeckImportForm(auto_id="import_%s"),
        "foils": player_foil_ids(player),
        "cards_per_row": player.settings.cards_per_row or 8,
        "pool_hidden": player.settings.hide_card_pool,
        "section": "decks",
        **_filter_context(filters),
    }


@section_required("decks")
@require_GET
def deck_builder(request, deck_id):
    deck = selectors.deck_of(request.user.player, deck_id)
    filters = catalogue.clean_filters(request.GET)
    context = _builder_context(request, deck, filters)
    if request.htmx and request.htmx.target == "card-pool":
        return render(request, "decks/builder.html#card-pool", context)
    return render(request, "decks/builder.html", context)


def _back_to_builder(deck_id, request):
    filters = catalogue.clean_filters(_query_params(request))
    query = filters_query(filters)
    url = reverse("decks:builder", kwargs={"deck_id": deck_id})
    return redirect(f"{url}?{query}" if query else url)


def _query_params(request):
    """The builder's filter choices, carried in the hidden "next" field of each form."""
    from django.http import QueryDict

    return QueryDict(request.POST.get("next", "")[:1000])


def _htmx_error(request, message):
    return render(request, "decks/builder_status.html", {"error": message})


def _refused(request, deck_id, error):
    """A builder action the rules refused: a status fragment for htmx, else a message."""
    if request.htmx:
        return _htmx_error(request, error.message)
    messages.error(request, error.message)
    return _back_to_builder(deck_id, request)


def _card_change_response(request, deck, changes):
    """htmx answer to take/return: the changed slot, the pool card and the summary."""
    player = request.user.player
    return render(request, "decks/builder_changes.html", {
        "deck": deck,
        "urls": _action_urls(deck),
        "changes": changes,
        "summary": selectors.deck_summary(deck),
        "in_deck": {cid for cid in deck.card_ids() if cid},
        "foils": player_foil_ids(player),
        "query": filters_query(catalogue.clean_filters(_query_params(request))),
        "tokens_form": DeckTokensForm.for_deck(deck) if changes.get("tokens") else None,
    })


@section_required("decks")
@require_POST
def deck_take(request, deck_id):
    player = request.user.player
    try:
        deck, section, index, tokens_changed = services.deck_add_card(
            player=player, deck_id=deck_id, card_id=request.POST.get("card"))
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        return _refused(request, deck_id, error)
    card_id = getattr(deck, section)[index]
    if request.htmx:
        return _card_change_response(request, deck, {
            "slot": selectors.Slot(section, index, card_id), "pool_card": card_id,
            "tokens": tokens_changed})
    if tokens_changed:
        messages.info(request, "The deck is complete: token counters were chosen automatically.")
    return _back_to_builder(deck_id, request)


@section_required("decks")
@require_POST
def deck_return(request, deck_id):
    player = request.user.player
    try:
        deck, section, index = services.deck_remove_card(
            player=player, deck_id=deck_id, card_id=request.POST.get("card"))
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        return _refused(request, deck_id, error)
    if request.htmx:
        card_id = int(request.POST["card"])
        return _card_change_response(request, deck, {
            "slot": selectors.Slot(section, index, 0), "pool_card": card_id, "tokens": False})
    return _back_to_builder(deck_id, request)


def _simple_action(request, deck_id, action, success, draft_field=None):
    try:
        result = action()
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        messages.error(request, error.message)
        if draft_field:
            _keep_draft(request, deck_id, draft_field, request.POST.get(draft_field, ""))
    else:
        messages.success(request, success(result))
    return _back_to_builder(deck_id, request)


@section_required("decks")
@require_POST
def deck_rename(request, deck_id):
    player = request.user.player
    return _simple_action(
        request, deck_id,
        lambda: services.deck_rename(player=player, deck_id=deck_id,
                                     name=request.POST.get("name", "")),
        lambda deck: f"Deck renamed to “{deck.name}”.", draft_field="name")


@section_required("decks")
@require_POST
def deck_reset(request, deck_id):
    player = request.user.player
    return _simple_action(
        request, deck_id, lambda: services.deck_reset(player=player, deck_id=deck_id),
        lambda deck: f"Deck “{deck.name}” is empty again.")


@section_required("decks")
@require_POST
def deck_note(request, deck_id):
    player = request.user.player
    try:
        deck = services.deck_set_note(player=player, deck_id=deck_id,
                                      note=request.POST.get("note", ""))
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        # With htmx the form is not swapped, so the text stays in the box by itself.
        if not request.htmx:
            _keep_draft(request, deck_id, "note", request.POST.get("note", ""))
        return _refused(request, deck_id, error)
    if request.htmx:
        return render(request, "decks/builder_status.html", {"info": "Note saved."})
    messages.success(request, "Note saved.")
    return _back_to_builder(deck.pk, request)


@section_required("decks")
@require_POST
def deck_tokens(request, deck_id):
    player = request.user.player
    auto = "auto" in request.POST
    try:
        if auto:
            deck = services.deck_auto_tokens(player=player, deck_id=deck_id)
        else:
            deck = services.deck_set_tokens(
                player=player, deck_id=deck_id,
                tokens=[request.POST.get(f"token{i}", "none") for i in (1, 2, 3)])
    except Deck.DoesNotExist:
        raise Http404("No such deck") from None
    except services.DeckError as error:
        return _refused(request, deck_id, error)
    note = "Token counters chosen from the deck's cards." if auto else "Token counters saved."
    if request.htmx:
        return render(request, "decks/builder_tokens_changed.html", {
            "deck": deck, "tokens_form": DeckTokensForm.for_deck(deck), "info": note,
            "query": filters_query(catalogue.clean_filters(_query_params(request)))})
    messages.success(request, note)
    return _back_to_builder(deck.pk, request)


@section_required("decks")
def deck_delete(request, deck_id):
    deck = selectors.deck_of(request.user.player, deck_id)
    if request.method == "POST":
        try:
            name = services.deck_delete(player=request.user.player, deck_id=deck.pk)
        except Deck.DoesNotExist:
            raise Http404("No such deck") from None
        messages.success(request, f"Deck “{name}” deleted.")
        return redirect("decks:list")
    return render(request, "decks/deck_delete.html", {"deck": deck, "section": "decks"})


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@section_required("decks")
@require_GET
def deck_export(request, deck_id):
    deck = selectors.deck_of(request.user.player, deck_id)
    return _download(transfer.export_bytes(deck), "application/json; charset=utf-8",
                     transfer.export_filename(deck))


@section_required("decks")
@require_GET
def deck_export_csv(request, deck_id):
    """The original game's deck file (decks.transfer_csv)."""
    deck = selectors.deck_of(request.user.player, deck_id)
    return _download(transfer_csv.export_csv_bytes(deck), "text/csv; charset=utf-8",
                     transfer_csv.export_csv_filename(deck))


@section_required("decks")
@require_POST
def deck_share(request, deck_id):
    """Share the deck on the Shared decks page ("shared" = "1") or stop sharing it."""
    player = request.user.player
    shared = request.POST.get("shared") == "1"
    return _simple_action(
        request, deck_id,
        lambda: services.deck_set_shared(player=player, deck_id=deck_id, shared=shared),
        lambda deck: (f"“{deck.name}” is shared: other players see it on the Shared decks "
                      f"page and may copy it." if deck.is_shared
                      else f"“{deck.name}” is no longer shared."))


@section_required("decks")
@require_http_methods(["GET", "POST"])
def deck_statistics_reset(request, deck_id):
    """A confirmation page (GET); the POST sets won, lost and drawn back to 0."""
    deck = selectors.deck_of(request.user.player, deck_id)
    if request.method == "POST":
        try:
            services.deck_reset_statistics(player=request.user.player, deck_id=deck.pk)
        except Deck.DoesNotExist:
            raise Http404("No such deck") from None
        messages.success(request, f"The statistics of “{deck.name}” start again from 0.")
        return redirect("decks:builder", deck_id=deck.pk)
    return render(request, "decks/statistics_reset.html", {"deck": deck, "section": "decks"})


# ------------------------------------------------------------------------- cards section
def _locks_for(viewer):
    """Tutorial players see which cards their level does not unlock yet."""
    if viewer is not None and viewer.level < TUTORIAL_END_LEVEL:
        return viewer.level
    return None


@section_required("cards")
@require_GET
def card_list(request):
    viewer = request.user.player
    filters = catalogue.clean_filters(request.GET)
    ids = catalogue.filtered_ids(filters)
    page = Paginator(ids, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/card_list.html", {
        "page": page,
        "count": len(ids),
        "lock_level": _locks_for(viewer),
        "foils": player_foil_ids(viewer),
        "query": filters_query(filters),
        "cards_per_row": (viewer.settings.cards_per_row if viewer else 0) or 6,
        "section": "cards",
        **_filter_context(filters),
    })


@section_required("cards")
@require_GET
def card_detail(request, card_id):
    viewer = request.user.player
    try:
        card = engine.card(card_id)
    except engine.EngineError:
        raise Http404("No such card") from None
    if card_id == 0 or engine.is_custom_card(card_id):  # a proposed card: not in the catalogue
        raise Http404("No such card")
    keywords = [(face, engine.keyword(face.name)) for face in catalogue.card_face(card_id).keywords]
    support = [engine.keyword(name) for name in catalogue.keyword_names() if name in card.support]
    lock_level = _locks_for(viewer)
    return render(request, "decks/card_detail.html", {
        "card": card,
        "face": catalogue.card_face(card_id),
        "keywords": keywords,
        "support": support,
        "effect_classes": catalogue.effect_labels(card),
        "locked": lock_level is not None and card.level > lock_level,
        "foil": viewer is not None and card_id in player_foil_ids(viewer),
        "section": "cards",
    })


@section_required("cards")
@require_GET
def keyword_list(request):
    entries = []
    for kw in engine.all_keywords():
        ids = engine.cards_filter(keyword=kw.name, include_forbidden=True)
        entries.append({"keyword": kw, "face": catalogue.keyword_face(kw.name, None),
                        "cards": ids, "query": urlencode({"keyword": kw.name})})
    return render(request, "decks/keyword_list.html", {"entries": entries, "section": "cards"})
