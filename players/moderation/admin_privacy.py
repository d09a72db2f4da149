"""What the admin never reveals, even to an administrator (docs/moderation.md).

The admin answers a filter written in the address (``/admin/players/message/?body__contains=a``)
with a count of matching rows, so any field the admin lets one filter on can be read letter by
letter, whatever the pages show. Every ModelAdmin of the site therefore derives from
``PrivateFieldsAdmin`` (or mixes in ``PrivateLookupsRefused``), which refuses a lookup that
reaches a private field, on the model itself or across relations; and the system check below
keeps private fields out of the admins' lists, filters, searches, sort orders and forms.
"""
from django.contrib import admin
from django.contrib.admin.sites import all_sites
from django.contrib.admin.utils import flatten_fieldsets
from django.core import checks
from django.core.exceptions import FieldDoesNotExist
from django.db.models.constants import LOOKUP_SEP

# "app_label.model_name" -> fields the admin never shows, filters, searches or sorts on:
# what players wrote for one reader or for themselves, secrets, and what the rules keep
# hidden from the players themselves while a game runs (hands, decks, the generator; a
# finished game's state is shown read-only by games/admin.py, not through these fields).
PRIVATE_FIELDS = {
    "players.message": {"subject", "body", "body_html"},
    "players.accesstoken": {"secret_hash"},
    # a browser's push address and keys: whoever holds them can send it notifications
    "players.pushsubscription": {"endpoint", "p256dh", "auth"},
    # A notice's text may hold a private message's subject and a preview of its body.
    "players.notification": {"title", "body"},
    "games.chatmessage": {"body", "body_html"},  # the two players' chat: never shown to
    "games.gamenote": {"text"},                   # spectators either
    "games.game": {"state", "initial_state", "deck1_cards", "challenge_message"},
    "games.turn": {"record"},  # holds the card drawn and the cards' draw counts
    "decks.deck": {"note", "common", "uncommon", "rare", "tokens"},
    "tournaments.entry": {"deck_cards"},  # the deck a player plays an event with
    "concepts.selfplayreport": {"deck"},  # a copy of the requester's deck for a lab report
}

# Fields never filtered, searched or sorted on, whose own admin display is safe: Django's
# user form shows the password as a masked summary (algorithm, a few characters).
UNFILTERABLE_FIELDS = {
    "players.user": {"password"},
}


def _private_names(model, *, displayed: bool) -> set:
    label = model._meta.label_lower
    names = set(PRIVATE_FIELDS.get(label, ()))
    if not displayed:
        names |= UNFILTERABLE_FIELDS.get(label, set())
    return names


def private_field_reached(model, path: str, *, displayed: bool = False) -> str | None:
    """The first private field (``app.model.field``) the lookup ``path`` reaches from
    ``model``, or None. Relations are followed, forward and reverse; what follows a plain
    field is a transform or a lookup (``body__contains``, ``state__rng``), which reads it.
    ``displayed`` asks about showing the field rather than filtering on it."""
    for part in path.split(LOOKUP_SEP):
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return None  # not a field (pk, a method): the admin refuses or ignores it
        if part in _private_names(model, displayed=displayed):
            return f"{model._meta.label_lower}.{part}"
        path_infos = getattr(field, "path_infos", None)
        if not path_infos:
            return None
        model = path_infos[-1].to_opts.model
    return None


# Lookups the admin's own links never build: a pattern is a probe of its own, and a
# malformed one is a database error (a 503 or a 500 instead of an answer).
REFUSED_LOOKUPS = {"regex", "iregex"}


class PrivateLookupsRefused:
    """Refuses filters in the address that reach a private field (Django answers 400)."""

    def lookup_allowed(self, lookup, value, request=None):
        if lookup.rsplit(LOOKUP_SEP, 1)[-1] in REFUSED_LOOKUPS:
            return False
        if private_field_reached(self.model, lookup) is not None:
            return False
        return super().lookup_allowed(lookup, value, request)


class PrivateFieldsAdmin(PrivateLookupsRefused, admin.ModelAdmin):
    """The base of every ModelAdmin of the site."""


def adopt_registered_admins(site) -> None:
    """Give the admins registered before the site's own (other apps': Django's groups,
    Celery beat's schedules, axes' logs) the same refusals. Called by players/admin.py;
    privacy.E001 names any admin registered later without them."""
    for model, model_admin in list(site._registry.items()):
        if isinstance(model_admin, PrivateLookupsRefused):
            continue
        admin_class = type(model_admin)
        site.unregister(model)
        site.register(model, type(admin_class.__name__, (PrivateLookupsRefused, admin_class),
                                  {"__module__": admin_class.__module__}))


# ---------------------------------------------------------------- the system check
_SEARCH_PREFIXES = "^=@"


def _names(value) -> list[str]:
    """Field paths of a list_filter, ordering, search_fields… entry list (callables and
    filter classes, which name no path, are skipped)."""
    out = []
    for item in value or ():
        if isinstance(item, (list, tuple)):
            item = item[0]
        if isinstance(item, str):
            out.append(item.lstrip("-?" + _SEARCH_PREFIXES))
    return out


def _form_field_names(model_admin) -> list[str]:
    """The fields a change form shows: declared ``fields``/``fieldsets``, else every
    editable field of the model less ``exclude``; and the read-only ones."""
    if model_admin.fieldsets:
        names = flatten_fieldsets(model_admin.fieldsets)
    elif model_admin.fields:
        names = flatten_fieldsets([(None, {"fields": model_admin.fields})])
    else:
        opts = model_admin.model._meta
        excluded = set(model_admin.exclude or ())
        names = [f.name for f in (*opts.concrete_fields, *opts.many_to_many)
                 if f.editable and f.name not in excluded]
    return [*names, *_names(model_admin.readonly_fields)]


def _admin_errors(model_admin, *, obj_name: str) -> list[checks.Error]:
    model = model_admin.model
    errors = []

    def refuse(option, path, *, displayed=False):
        reached = private_field_reached(model, path, displayed=displayed)
        if reached:
            errors.append(checks.Error(
                f"{obj_name}.{option} reaches the private field {reached} through {path!r}.",
                hint="Private fields (players/moderation/admin_privacy.py) are never listed, "
                     "filtered, searched, sorted on or shown in the admin.",
                obj=type(model_admin), id="privacy.E002"))

    options = {
        "list_display": _names(getattr(model_admin, "list_display", ())),
        "list_display_links": _names(getattr(model_admin, "list_display_links", ())),
        "list_editable": _names(getattr(model_admin, "list_editable", ())),
        "list_filter": _names(getattr(model_admin, "list_filter", ())),
        "search_fields": _names(getattr(model_admin, "search_fields", ())),
        "ordering": _names(model_admin.ordering),
        "sortable_by": _names(getattr(model_admin, "sortable_by", None)),
        "date_hierarchy": _names([getattr(model_admin, "date_hierarchy", None)]),
        "prepopulated_fields": [*model_admin.prepopulated_fields,
                                *(name for names in model_admin.prepopulated_fields.values()
                                  for name in names)],
    }
    # A computed column may sort by a field (?o=N).
    for name in options["list_display"]:
        order_field = getattr(getattr(model_admin, name, None), "admin_order_field", None)
        if isinstance(order_field, str):
            options["list_display"].append(order_field.lstrip("-"))
    for option, paths in options.items():
        for path in paths:
            refuse(option, path)
    for path in _form_field_names(model_admin):
        refuse("fields", path, displayed=True)
    return errors


def privacy_check_site(site) -> list[checks.Error]:
    """Each ModelAdmin (and inline) registered on ``site`` refuses private lookups and
    shows, lists, filters, searches and sorts on no private field."""
    errors = []
    for model, model_admin in site._registry.items():
        name = type(model_admin).__qualname__
        if not isinstance(model_admin, PrivateLookupsRefused):
            errors.append(checks.Error(
                f"{name} (the admin of {model._meta.label}) does not refuse lookups on "
                f"private fields.",
                hint="Derive it from players.moderation.admin_privacy.PrivateFieldsAdmin.",
                obj=type(model_admin), id="privacy.E001"))
        errors += _admin_errors(model_admin, obj_name=name)
        for inline_class in model_admin.inlines:
            inline = inline_class(model, site)
            errors += _admin_errors(inline, obj_name=inline_class.__qualname__)
    return errors


@checks.register(checks.Tags.admin)
def privacy_check(app_configs=None, **kwargs):
    errors = []
    for site in all_sites:
        errors += privacy_check_site(site)
    return errors
