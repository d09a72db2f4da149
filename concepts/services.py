"""State changes of the concepts section: create, edit, delete and review concepts."""
import secrets
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from games import engine
from marcomage.plumbing.bbcode import bbcode_to_html
from marcomage.plumbing.plain_text import name_problem, text_problem
from players import roles
from players.models import Player
from players.moderation.selectors import mute_refusal

from .cards import PARAM_MAX, concept_keywords, param_keywords
from .lab.effects import checked, definition_of
from .models import COST_MAX, EFFECT_MAX, FEEDBACK_MAX, NAME_MAX, NOTE_MAX, Concept, ConceptVisit
from .pictures import picture_png

WAITING_LIMIT = 50
DOUBLE_SUBMIT_WINDOW = timedelta(minutes=1)
FIELDS = ("name", "rarity", "bricks", "gems", "recruits", "keywords", "keyword_params",
          "effect", "note", "effect_tree")


class ConceptError(Exception):
    """A change that cannot be made; the text says why (shown to the player)."""


class ConceptPermissionError(ConceptError):
    """The player may not do that to this concept (views answer 404)."""


def is_reviewer(player) -> bool:
    """Holds the concepts' review permission (moderators and administrators): "the staff" of
    the section's texts."""
    return roles.player_has_permission(player, roles.REVIEW_CONCEPTS)


def concept_can_edit(player, concept) -> bool:
    """Reviewers may always edit; an author only while the concept is under review."""
    if is_reviewer(player):
        return True
    return player is not None and concept.author_id == player.pk and not concept.is_closed


# Deleting follows the same rule: an implemented or rejected concept stays on record.
concept_can_delete = concept_can_edit


def _check_may_publish(player) -> None:
    """Concepts are public from their first save: a muted player writes none."""
    if refusal := mute_refusal(player):
        raise ConceptError(refusal)


def _text(value, limit, what, *, required=False, one_line=False) -> str:
    value = (value or "").replace("\r\n", "\n").strip()
    if problem := (name_problem if one_line else text_problem)(value, what):
        raise ConceptError(problem)
    if required and not value:
        raise ConceptError(f"Please write the {what}.")
    if len(value) > limit:
        raise ConceptError(f"The {what} may be at most {limit} characters long.")
    return value


def _clean(data: dict) -> dict:
    """Check and normalise the fields (the form checks them first; this is the guard)."""
    clean = {
        "name": _text(data.get("name"), NAME_MAX, "name", required=True, one_line=True),
        "effect": _text(data.get("effect"), EFFECT_MAX, "effect"),
        "note": _text(data.get("note"), NOTE_MAX, "note"),
    }
    rarity = data.get("rarity")
    if rarity not in Concept.Rarity.values:
        raise ConceptError("Please choose the rarity: common, uncommon or rare.")
    clean["rarity"] = rarity
    for resource in ("bricks", "gems", "recruits"):
        try:
            amount = int(data.get(resource) or 0)
        except (TypeError, ValueError):
            raise ConceptError(f"The {resource} cost must be a whole number.") from None
        if not 0 <= amount <= COST_MAX:
            raise ConceptError(f"The {resource} cost must be between 0 and {COST_MAX}.")
        clean[resource] = amount
    chosen = set(data.get("keywords") or ())
    unknown = chosen - set(concept_keywords())
    if unknown:
        raise ConceptError("Keywords must come from the game's keyword list.")
    clean["keywords"] = [k for k in concept_keywords() if k in chosen]
    params = {}
    for name, value in (data.get("keyword_params") or {}).items():
        if value in (None, ""):
            continue
        if name not in param_keywords() or name not in chosen:
            raise ConceptError(f"Only a chosen Charge or Enduring keyword takes a number "
                               f"({name} does not).")
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise ConceptError(f"The number of {name} must be a whole number.") from None
        if not 1 <= value <= PARAM_MAX:
            raise ConceptError(f"The number of {name} must be between 1 and {PARAM_MAX}.")
        params[name] = value
    clean["keyword_params"] = params
    clean["effect_tree"] = _effect_tree(clean, data.get("effect_tree"))
    if not clean["effect"]:
        if not clean["effect_tree"]:
            raise ConceptError("Please write the effect, or build it in the effect builder.")
        clean["effect"] = played_text_of(clean)[:EFFECT_MAX]
    return clean


def _effect_tree(clean: dict, tree):
    """The built effect (the card lab's builder), checked by the engine with the concept's
    name, cost and keywords; None when there is none."""
    if not tree:
        return None
    definition = definition_of(effect_tree=tree, **{k: clean[k] for k in (
        "name", "rarity", "bricks", "gems", "recruits", "keywords", "keyword_params")})
    canonical, message = checked(definition)
    if canonical is None:
        raise ConceptError(f"The effect builder: {message}")
    return canonical["effect"] or None


def played_text_of(clean: dict) -> str:
    """The card text the game renders from a concept's built effect."""
    definition = definition_of(**{k: clean[k] for k in (
        "name", "rarity", "bricks", "gems", "recruits", "keywords", "keyword_params",
        "effect_tree")})
    return engine.custom_card_preview(definition).text


def _store_picture(concept, png: bytes) -> str:
    name = f"c{concept.pk}-{secrets.token_hex(6)}.png"
    concept.picture.save(name, ContentFile(png), save=False)
    return concept.picture.name


def _delete_file_later(name: str) -> None:
    if name:
        transaction.on_commit(lambda: default_storage.delete(name))


@transaction.atomic
def concept_create(*, author: Player, data: dict, picture=None) -> tuple[Concept, bool]:
    """A new concept in the Waiting state. Returns (concept, created).

    The author's row is locked first, so the same form sent twice (a double click, a
    resent request) finds the first concept and creates nothing.
    """
    _check_may_publish(author)
    fields = _clean(data)
    png = picture_png(picture) if picture else None
    Player.objects.select_for_update().filter(pk=author.pk).first()
    now = timezone.now()
    same = (Concept.objects.filter(author=author, name__iexact=fields["name"],
                                   created_at__gte=now - DOUBLE_SUBMIT_WINDOW)
            .order_by("-created_at").first())
    if same is not None:
        return same, False
    waiting = Concept.objects.filter(author=author, state=Concept.State.WAITING).count()
    if waiting >= WAITING_LIMIT:
        raise ConceptError(f"You already have {WAITING_LIMIT} concepts waiting for review. "
                           "Please wait for the staff to look at some of them (or delete "
                           "one) before you propose another.")
    concept = Concept(author=author, created_at=now, modified_at=now,
                      effect_html=bbcode_to_html(fields["effect"]), **fields)
    concept.save()
    if png:
        _store_picture(concept, png)
        concept.save(update_fields=["picture"])
    return concept, True


@transaction.atomic
def concept_update(*, concept_id: int, editor: Player, data: dict, picture=None,
                   remove_picture: bool = False) -> Concept:
    """Change a concept's fields (and picture); bumps modified_at."""
    concept = Concept.objects.select_for_update().filter(pk=concept_id).first()
    if concept is None or not concept_can_edit(editor, concept):
        if concept is not None and concept.author_id == editor.pk:
            raise ConceptError(f"This concept is {concept.get_state_display().lower()}: "
                               "it can no longer be changed.")
        raise ConceptPermissionError("No such concept.")
    _check_may_publish(editor)
    fields = _clean(data)
    png = picture_png(picture) if picture else None
    for key, value in fields.items():
        setattr(concept, key, value)
    concept.effect_html = bbcode_to_html(concept.effect)
    concept.modified_at = timezone.now()
    old_picture = concept.picture.name if concept.picture else ""
    if png:
        _store_picture(concept, png)
        _delete_file_later(old_picture)
    elif remove_picture and old_picture:
        concept.picture = ""
        _delete_file_later(old_picture)
    concept.save()
    return concept


@transaction.atomic
def concept_delete(*, concept_id: int, player: Player) -> None:
    """Delete a concept and its picture."""
    concept = Concept.objects.select_for_update().filter(pk=concept_id).first()
    if concept is None:
        return  # already gone (a second click): nothing to do
    if not concept_can_delete(player, concept):
        if concept.author_id == player.pk:
            raise ConceptError(f"This concept is {concept.get_state_display().lower()}: "
                               "it stays on record and can no longer be deleted.")
        raise ConceptPermissionError("No such concept.")
    picture = concept.picture.name if concept.picture else ""
    concept.delete()
    _delete_file_later(picture)


@transaction.atomic
def concept_set_state(*, concept_id: int, staff: Player, state: str, feedback: str = "") -> Concept:
    """The staff's review: the new state and the feedback shown on the concept's page.

    ``staff``: the reviewer (a player holding the review permission)."""
    if not is_reviewer(staff):
        raise ConceptPermissionError("Only the staff can review concepts.")
    if state not in Concept.State.values:
        raise ConceptError("Please choose one of the four states.")
    feedback = _text(feedback, FEEDBACK_MAX, "feedback")
    concept = Concept.objects.select_for_update().filter(pk=concept_id).first()
    if concept is None:
        raise ConceptPermissionError("No such concept.")
    concept.state = state
    concept.feedback = feedback
    concept.save(update_fields=["state", "feedback"])
    return concept


def concept_render(concept: Concept) -> None:
    """Re-render the effect's HTML (the admin calls it after editing the source)."""
    concept.effect_html = bbcode_to_html(concept.effect)


def concepts_visit_mark(*, player: Player):
    """Record that the player opened the list now; returns the previous visit time
    (None the first time)."""
    now = timezone.now()
    previous = (ConceptVisit.objects.filter(player=player)
                .values_list("seen_at", flat=True).first())
    if previous is None:
        ConceptVisit.objects.update_or_create(player=player, defaults={"seen_at": now})
    else:
        ConceptVisit.objects.filter(player=player).update(seen_at=now)
    return previous


# ---------------------------------------------------------------- discussion

DISCUSSION_SECTION = "concepts"


@transaction.atomic
def concept_discussion_open(*, concept_id: int, player: Player):
    """The concept's forum thread, opened now by `player` when it has none yet.

    The concept row is locked, so two players clicking at once get one thread.
    """
    from forum.models import THREAD_TITLE_MAX
    from forum.services import ForumError, thread_create

    concept = (Concept.objects.select_for_update(of=("self",)).select_related("author__user")
               .filter(pk=concept_id).first())
    if concept is None:
        raise ConceptPermissionError("No such concept.")
    if concept.thread_id is not None:
        return concept.thread
    title = f"Concept: {concept.name}"[:THREAD_TITLE_MAX]
    link_text = concept.name.replace("[", "(").replace("]", ")")
    author = concept.author_name.replace("[", "").replace("]", "")
    body = (f"This thread is for discussing the card concept "
            f"[link={concept.get_absolute_url()}]{link_text}[/link] by {author}.\n\n"
            f"[quote={author}]{concept.effect}[/quote]")
    try:
        thread = thread_create(section=DISCUSSION_SECTION, author=player, title=title,
                               body=body)
    except ForumError as error:
        raise ConceptError(f"The discussion could not be opened: {error}") from None
    concept.thread = thread
    concept.save(update_fields=["thread"])
    return thread
