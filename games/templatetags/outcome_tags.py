"""The end screen's advice after a defeat (games/templates/games/_outcome_reason.html)."""
from django import template

from players.progression.selectors import loss_lesson as _loss_lesson

register = template.Library()


@register.simple_tag
def loss_lesson(game, player):
    """What would have earned ``player`` EXP in ``game``, which they lost ("" when nothing
    could have)."""
    return _loss_lesson(player=player, is_ai=game.is_ai, ai_challenge=bool(game.ai_challenge),
                        friendly=game.is_friendly, outcome=game.outcome)
