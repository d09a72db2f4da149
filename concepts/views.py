"""The concepts section: list, details, the concept form, deletion and the staff review.
The card lab's parts (the effect builder, playtests, self-play reports) are concepts.lab."""
from django.contrib import messages as flash
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from marcomage.plumbing.images import ImageUploadError, stored_png_response
from players.tutorial.sections import section_required

from . import selectors, services
from .cards import concept_face
from .forms import ConceptFilterForm, ConceptForm, ConceptStateForm
from .lab import effects as lab_effects
from .lab.views import builder_context, builder_state, lab_context, preview_face
from .pictures import PICTURE_NAME

FILTER_DEFAULTS = {"author": "", "state": "", "rarity": "", "period": "", "mine": "",
                   "sort": "new"}


def _filters(request):
    data = {key: request.GET.get(key, default) for key, default in FILTER_DEFAULTS.items()}
    form = ConceptFilterForm(data)
    if not form.is_valid():  # a hand-made URL: show the defaults rather than an error
        flash.warning(request, "Some filters were not understood; showing all concepts.")
        form = ConceptFilterForm(FILTER_DEFAULTS)
        form.is_valid()
    c = form.cleaned_data
    filters = selectors.ConceptFilters(author=c["author"].strip(), state=c["state"],
                                       rarity=c["rarity"], period=c["period"],
                                       mine=c["mine"], sort=c["sort"] or "new")
    return form, filters


@require_GET
@section_required("concepts")
def concept_list(request):
    viewer = request.user.player
    form, filters = _filters(request)
    page_obj = selectors.concepts_list(filters, viewer=viewer, page=request.GET.get("page", 1))
    previous = services.concepts_visit_mark(player=viewer)
    since = previous or viewer.created_at
    rows = [{"concept": c, "is_new": c.created_at > since and c.author_id != viewer.pk}
            for c in page_obj.object_list]
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "concepts/list.html", {
        "form": form, "filters": filters, "page_obj": page_obj, "rows": rows,
        "query": query.urlencode(), "section": "concepts",
    })


@require_GET
@section_required("concepts")
def concept_detail(request, concept_id):
    viewer = request.user.player
    concept = selectors.concept_for_page_or_404(concept_id)
    staff = services.is_reviewer(viewer)
    return render(request, "concepts/detail.html", {
        "concept": concept, "face": concept_face(concept),
        "can_edit": services.concept_can_edit(viewer, concept),
        "is_author": concept.author_id == viewer.pk,
        "is_reviewer": staff,
        "state_form": ConceptStateForm(initial={"state": concept.state,
                                                "feedback": concept.feedback}) if staff else None,
        **lab_context(request, concept, viewer),
        "section": "concepts",
    })


def _form_page(request, form, *, concept=None, status=200, tree=None, notice=""):
    """The concept form; ``tree``: the effect builder's steps (the concept's by default)."""
    if tree is None:
        tree = (concept.effect_tree if concept is not None else None) or []
    data = request.POST if request.method == "POST" else {
        **(ConceptForm.initial_of(concept) if concept is not None else {})}
    face = None
    if request.method == "POST":
        face = preview_face(request.POST, tree)
    elif concept is not None:
        face = concept_face(concept)
    return render(request, "concepts/form.html", {
        "form": form, "concept": concept, "face": face,
        **builder_context(tree, data), "builder_notice": notice,
        "section": "concepts",
    }, status=status)


def _builder_button(request, form, *, concept=None):
    """A builder button pressed without JavaScript: the form again, the button's change
    made, nothing saved."""
    tree, notice = builder_state(request.POST)
    return _form_page(request, form, concept=concept, tree=tree, notice=notice)


def _service_data(request, form) -> dict:
    return {**form.service_data(), "effect_tree": lab_effects.tree_from_post(request.POST)}


@require_http_methods(["GET", "POST"])
@section_required("concepts")
def concept_new(request):
    viewer = request.user.player
    if request.method == "GET":
        return _form_page(request, ConceptForm())
    form = ConceptForm(request.POST, request.FILES)
    if request.POST.get("lab_op"):
        return _builder_button(request, form)
    tree = lab_effects.tree_from_post(request.POST)
    if not form.is_valid():
        return _form_page(request, form, status=400, tree=tree)
    if refusal := flood_refusal(request, "concept"):
        form.add_error(None, refusal)
        return _form_page(request, form, status=FLOOD_STATUS, tree=tree)
    try:
        concept, created = services.concept_create(
            author=viewer, data=_service_data(request, form),
            picture=form.cleaned_data.get("picture"))
    except ImageUploadError as error:
        form.add_error("picture", str(error))
        return _form_page(request, form, status=400, tree=tree)
    except services.ConceptError as error:
        form.add_error(None, str(error))
        return _form_page(request, form, status=400, tree=tree)
    if created:
        flash.success(request, "Your concept has been submitted. The staff will review it.")
    else:
        flash.info(request, "This concept was already submitted a moment ago; here it is.")
    return redirect(concept)


@require_http_methods(["GET", "POST"])
@section_required("concepts")
def concept_edit(request, concept_id):
    viewer = request.user.player
    concept = selectors.concept_for_page_or_404(concept_id)
    if not services.concept_can_edit(viewer, concept):
        if concept.author_id != viewer.pk:
            raise Http404("No such concept")
        flash.error(request, f"This concept is {concept.get_state_display().lower()}: it can "
                             "no longer be changed.")
        return redirect(concept)
    has_picture = bool(concept.picture)
    if request.method == "GET":
        form = ConceptForm(initial=ConceptForm.initial_of(concept), has_picture=has_picture)
        return _form_page(request, form, concept=concept)
    form = ConceptForm(request.POST, request.FILES, has_picture=has_picture)
    if request.POST.get("lab_op"):
        return _builder_button(request, form, concept=concept)
    tree = lab_effects.tree_from_post(request.POST)
    if not form.is_valid():
        return _form_page(request, form, concept=concept, status=400, tree=tree)
    try:
        concept = services.concept_update(
            concept_id=concept.pk, editor=viewer, data=_service_data(request, form),
            picture=form.cleaned_data.get("picture"),
            remove_picture=form.cleaned_data.get("remove_picture", False))
    except ImageUploadError as error:
        form.add_error("picture", str(error))
        return _form_page(request, form, concept=concept, status=400, tree=tree)
    except services.ConceptPermissionError:
        raise Http404("No such concept") from None
    except services.ConceptError as error:
        form.add_error(None, str(error))
        return _form_page(request, form, concept=concept, status=400, tree=tree)
    flash.success(request, "Your changes have been saved.")
    return redirect(concept)


@require_http_methods(["GET", "POST"])
@section_required("concepts")
def concept_delete(request, concept_id):
    viewer = request.user.player
    concept = selectors.concept_for_page(concept_id)
    if concept is None:
        if request.method == "POST":  # a second click after the first deleted it
            flash.info(request, "That concept has already been deleted.")
            return redirect("concepts:list")
        raise Http404("No such concept")
    if not services.concept_can_delete(viewer, concept):
        if concept.author_id != viewer.pk:
            raise Http404("No such concept")
        flash.error(request, f"This concept is {concept.get_state_display().lower()}: it stays "
                             "on record and can no longer be deleted.")
        return redirect(concept)
    if request.method == "GET":
        return render(request, "concepts/delete.html", {
            "concept": concept, "face": concept_face(concept), "section": "concepts"})
    try:
        services.concept_delete(concept_id=concept.pk, player=viewer)
    except services.ConceptPermissionError:
        raise Http404("No such concept") from None
    except services.ConceptError as error:
        flash.error(request, str(error))
        return redirect(concept)
    flash.success(request, f"The concept “{concept.name}” has been deleted.")
    return redirect("concepts:list")


@require_POST
@section_required("concepts")
def concept_state(request, concept_id):
    viewer = request.user.player
    if not services.is_reviewer(viewer):
        raise Http404("No such page")
    concept = selectors.concept_for_page_or_404(concept_id)
    form = ConceptStateForm(request.POST)
    if not form.is_valid():
        flash.error(request, "Please choose one of the four states (the feedback may be at "
                             "most 2000 characters); nothing was changed.")
        return redirect(concept)
    try:
        services.concept_set_state(concept_id=concept.pk, staff=viewer,
                                   state=form.cleaned_data["state"],
                                   feedback=form.cleaned_data["feedback"])
    except services.ConceptError as error:
        flash.error(request, str(error))
        return redirect(concept)
    flash.success(request, "The review has been saved.")
    return redirect(concept)


@require_POST
@section_required("concepts")
def concept_preview(request):
    """The card as the form stands (htmx, while typing); never saves anything."""
    tree = lab_effects.tree_from_post(request.POST)
    return render(request, "concepts/_preview.html", {
        "face": preview_face(request.POST, tree), **builder_context(tree, request.POST)})


@require_POST
@section_required("concepts")
def concept_discuss(request, concept_id):
    """Open the concept's forum thread (once) and go there."""
    try:
        thread = services.concept_discussion_open(concept_id=concept_id,
                                                  player=request.user.player)
    except services.ConceptPermissionError:
        raise Http404("No such concept") from None
    except services.ConceptError as error:
        flash.error(request, str(error))
        return redirect("concepts:detail", concept_id)
    return redirect(thread.get_absolute_url())


@require_GET
@section_required("concepts")
@cache_control(max_age=7 * 24 * 3600, private=True, immutable=True)
def concept_picture(request, filename):
    """A concept's picture by its unique file name (a new upload gets a new name)."""
    return stored_png_response("concepts", filename, PICTURE_NAME)
