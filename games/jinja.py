"""The Jinja2 environment of the game boards (games/jinja2/): the player's board, the
spectator's, and the parts the other pages show of them (a side, its castle).

Why a second template engine: a board is drawn twice per move (for the mover's answer and
for the opponent's push) and the Django template engine took 36 % of a server process's
interpreter time doing it with the players thinking 0 s (py-spy --gil); Jinja2 compiles a
template to Python code. The rest of the site stays on Django templates. Django pages show a
part of a board with ``{% board_part %}`` (games/templatetags/board_parts.py); a board shows
a Django part (the outcome, the sandbox) with ``django_include``, and the two it shows every
time (the modes line, the turn indicator) drawn once per process for each key.

Leans on Jinja2's private internals: docs/decisions/0007-jinja-escape.md (why, what it
saves, how to remove it); guarded by tests/plumbing/test_fork_jinja_escape.py.
"""
from functools import lru_cache

from django.template import defaultfilters
from django.template.loader import get_template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime
from jinja2 import ChainableUndefined, Environment, Template, pass_context
from markupsafe import Markup, escape

from decks.templatetags.cards import card_html
from games.game.turn_clock import turn_deadline


@pass_context
def _card(context, value, **flags):
    """{{ card(slot.card, new=slot.new) }}: the card as the page's viewer sees it."""
    return card_html(context.get("viewer"), value, **flags)


@pass_context
def _django_include(context, name, **values):
    """A Django template rendered with this template's context and ``values``."""
    return Markup(get_template(name, using="django").render({**context.get_all(), **values}))


# The two Django parts every board shows depend on a few values only: rendered once per
# process for each (as the cards are), not per board.
_MODES_MARKUP: dict = {}


def _game_modes(game):
    """games/_modes.html for ``game``: the key holds every field that template reads (a
    few hundred keys at most)."""
    key = (game.is_hidden, game.is_friendly, game.is_long, game.ai_challenge,
           game.ai_deck_name, game.is_ai, game.ai_level, game.turn_timeout)
    markup = _MODES_MARKUP.get(key)
    if markup is None:
        if len(_MODES_MARKUP) >= 1000:
            _MODES_MARKUP.clear()
        markup = _MODES_MARKUP[key] = Markup(
            get_template("games/_modes.html", using="django").render({"game": game}))
    return markup


@lru_cache(maxsize=64)
def _turn_indicator(games_on_turn):
    """games/lobby/_turn_indicator.html for a count of games waiting for the player."""
    return Markup(get_template("games/lobby/_turn_indicator.html", using="django").render(
        {"games_on_turn": games_on_turn}))


@lru_cache(maxsize=8)
def _resource_icon(kind):
    """games/_resource_icon.html for ``kind`` (bricks, gems or recruits), drawn once: six
    per board, where an include cost a new context each."""
    return Markup(get_template("games/_resource_icon.html", using="jinja2").render(
        {"kind": kind}))


# The last token's field: a board has up to six forms, all with the same token.
_LAST_CSRF_FIELD = ("", "")


@pass_context
def _csrf_field(context):
    """The forms' CSRF field, as Django's {% csrf_token %} writes it from the page's token
    (a request's, or the one a pushed board is drawn with: games.game.live)."""
    global _LAST_CSRF_FIELD
    token = context.get("csrf_token")  # a request's: marcomage.csrf's, drawn once per render
    if not token or token == "NOTPROVIDED":
        return ""
    token = str(token)  # kept below: the text, not the lazy token that holds its request
    last_token, field = _LAST_CSRF_FIELD  # one tuple: safe to read while a thread swaps it
    if token != last_token:
        field = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">',
                            token)
        _LAST_CSRF_FIELD = (token, field)
    return field


def _escape_output(value):
    """What the boards' templates write for ``{{ value }}``: markupsafe's ``escape``, but
    markup (a card's, the CSRF field) goes out as it is and a number as its digits, where
    ``escape`` makes a copy of each through Python-level calls. A board writes a few hundred
    values, twenty of them cards of 2-3 kB (py-spy: ``escape`` 4 % of a server process).
    Only for output: the written pieces are joined into one string, never kept as Markup."""
    kind = type(value)
    if kind is Markup or kind is SafeString:
        return value
    if kind is int:
        return str(value)
    return escape(value)


class BoardTemplate(Template):
    """A board's template: its compiled code writes values with ``_escape_output``."""

    @classmethod
    def _from_namespace(cls, environment, namespace, globals):
        namespace["escape"] = _escape_output  # the name the compiled code calls
        return super()._from_namespace(environment, namespace, globals)


def _url(name, *args):
    return reverse(name, args=args or None)


def _date(moment, format_string=None):
    """Django's ``date`` filter, in the site's time zone as Django's templates give it."""
    return defaultfilters.date(template_localtime(moment), format_string)


class BoardEnvironment(Environment):
    """``a.b`` looks ``b`` up as a key first when ``a`` is a dict, as Django's templates do:
    the boards are dicts (games.game.board), and a key such as ``values`` must not give the
    dict's method of that name. It is also the fast way: Jinja2 tries the attribute first,
    and a failed attribute look-up costs an exception."""

    template_class = BoardTemplate

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def environment(**options):
    options["undefined"] = ChainableUndefined  # a missing value reads as "", as in Django
    env = BoardEnvironment(**options)
    env.globals.update(card=_card, django_include=_django_include, url=_url,
                       turn_deadline=turn_deadline, game_modes=_game_modes,
                       turn_indicator=_turn_indicator, resource_icon=_resource_icon,
                       csrf_field=_csrf_field)
    env.filters.update(pluralize=defaultfilters.pluralize, date=_date)
    return env
