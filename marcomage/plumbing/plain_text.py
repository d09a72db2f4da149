"""What a name or a text typed by a player may hold: no control characters.

A name is one line: no control character at all (C0, DEL, C1), no line or paragraph
separator (U+2028, U+2029) and no bidirectional override or isolate (they reorder the text
around a name to impersonate another one). A text (a note, a description, a card's effect) may
also hold line breaks and tabs, nothing else of those. NUL, which PostgreSQL refuses, is a
control character like the others.

``name_problem``/``text_problem`` return the sentence a form shows (None when the value is
fine); ``NameValidator``/``TextValidator`` are the same checks as Django validators.
"""
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

# Bidirectional embeddings, overrides and isolates (category Cf, but they change how the
# text around them reads; other Cf characters such as the zero-width joiner of emoji stay).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_TEXT_ALLOWED = frozenset("\n\r\t")


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI_CONTROLS


def name_problem(value: str, what: str = "name") -> str | None:
    if any(_is_control(ch) for ch in value):
        return (f"The {what} cannot contain control characters (line breaks, tabs or "
                "invisible formatting characters): please type it on one line.")
    return None


def text_problem(value: str, what: str = "text") -> str | None:
    if any(_is_control(ch) and ch not in _TEXT_ALLOWED for ch in value):
        return (f"The {what} contains control characters (invisible formatting characters) "
                "that are not allowed: please remove them.")
    return None


class _PlainTextValidator:
    """A field's check with ``problem(value, what)``: a clear error, never a crash."""

    problem = None  # name_problem or text_problem, in the subclasses

    def __init__(self, what: str):
        self.what = what

    def __call__(self, value):
        if problem := type(self).problem(str(value), self.what):
            raise ValidationError(problem, code="control_characters")

    def __eq__(self, other):
        return type(other) is type(self) and other.what == self.what


@deconstructible
class NameValidator(_PlainTextValidator):
    problem = staticmethod(name_problem)

    def __init__(self, what: str = "name"):
        super().__init__(what)


@deconstructible
class TextValidator(_PlainTextValidator):
    problem = staticmethod(text_problem)

    def __init__(self, what: str = "text"):
        super().__init__(what)
