"""Template helpers of the concepts section."""
from django import template

from concepts.selectors import IMPLEMENTED_STATES, SUGGESTED_STATES, concepts_top_authors
from decks.catalogue import keyword_face

register = template.Library()


@register.filter
def insignia(keyword_name):
    """The static URL of a keyword's insignia (the same pictures as the cards)."""
    return keyword_face(str(keyword_name), None).insignia


@register.inclusion_tag("concepts/_top_authors.html")
def concepts_top_authors_panel():
    """The players with the most card concepts, under review and implemented (the
    Statistics page shows it; concepts sits above games, so the page loads this tag)."""
    return {"tables": [
        ("suggested", "Suggested concepts", concepts_top_authors(SUGGESTED_STATES)),
        ("implemented", "Implemented concepts", concepts_top_authors(IMPLEMENTED_STATES)),
    ]}
