"""The card lab's pages: the effect builder's buttons, "Try this card", the self-play
report and the staff's card definition download. The concept page (concepts.views) shows
the lab's panel (``lab_context``)."""
from django.contrib import messages as flash
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from decks.catalogue import keyword_names
from games import engine
from games.services.errors import GameError
from marcomage.plumbing.bbcode import bbcode_to_html
from marcomage.plumbing.flood import flood_refusal
from players.tutorial.sections import section_required

from .. import selectors as concept_selectors
from .. import services as concept_services
from ..cards import concept_face
from ..forms import ConceptForm
from ..models import Concept
from ..pictures import PICTURE_NAME
from . import effects, export, playtest, selectors, selfplay
from .cards import LabError
from .forms import PlaytestForm, SelfPlayForm


# ------------------------------------------------------------------ the effect builder
def builder_state(data) -> tuple[list, str]:
    """The builder's tree as posted, with the button pressed (``lab_op``) applied:
    (tree, a message when the button no longer fits the page)."""
    tree = effects.reset_changed_kinds(effects.tree_from_post(data), data)
    op = data.get("lab_op", "")
    if not op:
        return tree, ""
    try:
        return effects.builder_apply(tree, op, data), ""
    except effects.BuilderError:
        return tree, "That button no longer fits the effect shown: nothing was changed."


def builder_context(tree, data) -> dict:
    """What templates/concepts/lab/_builder.html needs: the steps, and the card's text as the
    game renders it or the engine's message on what is wrong."""
    text, problem = "", ""
    if tree:
        definition = effects.definition_of(
            name=(data.get("name") or "").strip() or "Unnamed concept",
            rarity=data.get("rarity") if data.get("rarity") in dict(effects.RARITIES)
            else "Common",
            bricks=_small_int(data.get("bricks")), gems=_small_int(data.get("gems")),
            recruits=_small_int(data.get("recruits")),
            keywords=_keywords(data),
            keyword_params=_params(data), effect_tree=tree)
        canonical, problem = effects.checked(definition)
        if canonical is not None:
            text = engine.custom_card_preview(canonical).text
    return {"builder": effects.builder_view(tree), "builder_text": text,
            "builder_problem": problem, "step_kinds": effects.step_kind_choices(),
            "inner_step_kinds": effects.step_kind_choices(top=False)}


def _keywords(data) -> list:
    chosen = data.getlist("keywords") if hasattr(data, "getlist") else data.get("keywords")
    known = set(keyword_names())
    return [k for k in chosen or () if k in known]


def _small_int(value):
    value = str(value or "0").strip()
    return int(value) if value.isdigit() and len(value) < 4 else 0


def _params(data) -> dict:
    params = {}
    for name in ("Charge", "Enduring"):
        value = _small_int(data.get(f"param_{name.lower()}"))
        if value:
            params[name] = value
    return params


def preview_face(data, tree):
    """The card as the concept form stands (its fields and its built effect)."""
    form = ConceptForm(data)
    form.is_valid()
    clean = form.cleaned_data
    params = {}
    try:
        params = form.service_data()["keyword_params"]
    except KeyError:
        pass
    concept = Concept(name=clean.get("name") or "", rarity=clean.get("rarity") or "Common",
                      bricks=clean.get("bricks") or 0, gems=clean.get("gems") or 0,
                      recruits=clean.get("recruits") or 0,
                      keywords=list(clean.get("keywords") or ()), keyword_params=params,
                      effect_html=bbcode_to_html(clean.get("effect") or ""),
                      effect_tree=tree or None)
    picture = data.get("current_picture", "")
    if PICTURE_NAME.match(picture):  # the edited concept's picture, kept while editing
        concept.picture = f"concepts/{picture}"
    return concept_face(concept)


@require_POST
@section_required("concepts")
def lab_builder(request):
    """A builder button or menu (htmx): the builder drawn again, and the card's preview
    beside the form (out of band). Saves nothing."""
    tree, notice = builder_state(request.POST)
    context = builder_context(tree, request.POST)
    return render(request, "concepts/lab/_builder_answer.html", {
        **context, "builder_notice": notice, "face": preview_face(request.POST, tree)})


# ------------------------------------------------------------------ the concept page's panel
def lab_context(request, concept, viewer) -> dict:
    """The card lab's part of the concept page."""
    played = effects.played_text(concept)
    may_report = selfplay.may_request_report(viewer, concept)
    return {
        "lab_played_text": played,
        "playtest_form": PlaytestForm(player=viewer, concept=concept) if played else None,
        "selfplay_form": (SelfPlayForm(player=viewer, concept=concept)
                          if played and may_report else None),
        "playtests": selectors.concept_playtests(concept, viewer),
        "reports": [report_view(r) for r in selectors.concept_reports(concept)],
        "may_export": (played and concept_services.is_reviewer(viewer)
                       and concept.state in export.EXPORTABLE_STATES),
    }


# ------------------------------------------------------------------ "Try this card"
@require_POST
@section_required("concepts")
def playtest_start(request, concept_id):
    viewer = request.user.player
    concept = concept_selectors.concept_for_page_or_404(concept_id)
    form = PlaytestForm(request.POST, player=viewer, concept=concept)
    if not form.is_valid():
        errors = "; ".join(e for field in form.errors.values() for e in field)
        flash.error(request, f"The game was not started: {errors}")
        return redirect(reverse("concepts:detail", args=[concept.pk]) + "#card-lab")
    if refusal := flood_refusal(request, "playtest"):
        flash.error(request, refusal)
        return redirect(reverse("concepts:detail", args=[concept.pk]) + "#card-lab")
    try:
        test = playtest.playtest_start(
            concept_id=concept.pk, player=viewer, choice=form.cleaned_data["replace"],
            level=form.cleaned_data["level"], in_ai_deck=form.cleaned_data["in_ai_deck"],
            hidden=form.cleaned_data["hidden"])
    except (LabError, GameError) as error:
        flash.error(request, str(getattr(error, "message", error)))
        return redirect(reverse("concepts:detail", args=[concept.pk]) + "#card-lab")
    flash.success(request, f"A playtest of “{concept.name}”: the concept is in your deck. "
                           "The game is not rated.")
    return redirect("games:detail", test.game_id)


# ------------------------------------------------------------------ the self-play report
def _pct(x) -> str:
    return f"{100 * x:.1f}"


def report_view(report) -> dict:
    """A report for the template: the stored result, its percentages written out and its
    rows of changes (label, concept's mean, replaced card's mean)."""
    result = report.result or {}
    rows, figures = [], {}
    if report.status == report.Status.DONE and result:
        concept, replaced = result["concept"], result["replaced"]
        rows = [(label, f"{concept['changes'].get(key, 0.0):+.2f}",
                 f"{replaced['changes'].get(key, 0.0):+.2f}")
                for key, label in zip(selfplay.CHANGE_KEYS, selfplay.CHANGE_LABELS)]
        figures = {
            "score": _pct(result["score"]), "score_low": _pct(result["score_ci"][0]),
            "score_high": _pct(result["score_ci"][1]), "win": _pct(result["win_rate"]),
            "win_low": _pct(result["win_ci"][0]), "win_high": _pct(result["win_ci"][1]),
            "turns": f"{result['turns']:.0f}",
            "concept_per_game": f"{concept['per_game']:.2f}",
            "replaced_per_game": f"{replaced['per_game']:.2f}",
            "concept_share": _pct(concept["share_of_games"]),
            "replaced_share": _pct(replaced["share_of_games"]),
        }
    try:
        replaced_name = engine.card(report.replaced).name
    except engine.EngineError:
        replaced_name = f"card {report.replaced}"
    return {"report": report, "result": result, "rows": rows, "figures": figures,
            "replaced_name": replaced_name,
            "running": report.status in (report.Status.QUEUED, report.Status.RUNNING)}


@require_POST
@section_required("concepts")
def selfplay_request(request, concept_id):
    viewer = request.user.player
    concept = concept_selectors.concept_for_page_or_404(concept_id)
    if not selfplay.may_request_report(viewer, concept):
        raise Http404("No such page")
    back = reverse("concepts:detail", args=[concept.pk]) + "#card-lab"
    form = SelfPlayForm(request.POST, player=viewer, concept=concept)
    if not form.is_valid():
        errors = "; ".join(e for field in form.errors.values() for e in field)
        flash.error(request, f"No report was started: {errors}")
        return redirect(back)
    if refusal := flood_refusal(request, "selfplay"):
        flash.error(request, refusal)
        return redirect(back)
    try:
        selfplay.report_request(concept_id=concept.pk, player=viewer,
                                choice=form.cleaned_data["replace"],
                                games=form.cleaned_data["games"],
                                level=form.cleaned_data["level"])
    except selfplay.LabPermissionError:
        raise Http404("No such page") from None
    except LabError as error:
        flash.error(request, str(error))
        return redirect(back)
    flash.success(request, "The self-play report is queued: its games are played in the "
                           "background and the figures appear below when they are done.")
    return redirect(back)


@require_GET
@section_required("concepts")
def selfplay_report(request, concept_id, report_id):
    """One report's panel (htmx polls it while its games are played)."""
    report = selectors.concept_report(concept_id, report_id)
    if report is None:
        raise Http404("No such report")
    return render(request, "concepts/lab/_report.html", report_view(report))


# ------------------------------------------------------------------ the staff's download
@require_GET
@section_required("concepts")
def card_export(request, concept_id):
    viewer = request.user.player
    if not concept_services.is_reviewer(viewer):
        raise Http404("No such page")
    concept = concept_selectors.concept_for_page_or_404(concept_id)
    try:
        name, data = export.export_zip(concept)
    except LabError as error:
        flash.error(request, str(error))
        return redirect(reverse("concepts:detail", args=[concept.pk]) + "#card-lab")
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response

