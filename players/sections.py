"""Old address of the site sections, kept only for games/ and services_rating.py.

The sections live in players/tutorial/sections.py. Remove this module once games/
(and the rating service it takes over) import from there.
"""
from .tutorial.sections import (
    SECTION_LABELS,
    SECTION_LEVELS,
    TUTORIAL_END_LEVEL,
    section_required,
    sections_open_for,
)

__all__ = ["SECTION_LABELS", "SECTION_LEVELS", "TUTORIAL_END_LEVEL", "section_required",
           "sections_open_for"]
