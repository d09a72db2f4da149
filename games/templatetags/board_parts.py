"""{% board_part "games/_side.html" side=... %}: a part of the game board (a Jinja2
template of games/jinja2/, see games/jinja.py) on a Django page, so that the board and the
pages showing a side of it (history, replays, puzzles) draw it from one template."""
from django import template
from django.template import engines
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def board_part(context, part_template, **values):
    part = engines["jinja2"].env.get_template(part_template)
    return mark_safe(part.render({**context.flatten(), **values}))
