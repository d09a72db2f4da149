"""Template helpers of the concepts section."""
from django import template

from decks.catalogue import keyword_face

register = template.Library()


@register.filter
def insignia(keyword_name):
    """The static URL of a keyword's insignia (the same pictures as the cards)."""
    return keyword_face(str(keyword_name), None).insignia
