"""The small markup of a chapter file, rendered to safe HTML.

Everything is escaped first; the renderer itself writes only ``<p>``, ``<h2>``,
``<hr>`` and ``<em>``.
"""
import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .typography import smarten

SCENE_BREAKS = {"* * *", "***"}
# Control characters other than tab and newline have no place in prose.
CONTROL_CHARACTERS_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_WORD_RE = re.compile(r"\w+(?:['’]\w+)*")
_EMPHASIS_RE = re.compile(r"\*(?=\S)([^*\n]*?\S)\*")


class NovelContentError(ValueError):
    """A novel's files are malformed (raised at load time, with the file's name)."""


def render_inline(text: str) -> str:
    """One line of prose as safe HTML: escaped first, then ``*emphasis*`` becomes <em>."""
    escaped = str(escape(smarten(text)))
    return _EMPHASIS_RE.sub(r"<em>\1</em>", escaped)


def _blocks(text: str) -> list[list[str]]:
    blocks, current = [], []
    for line in text.split("\n"):
        line = line.strip()
        if line:
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def render_markup(text: str, *, source: str = "<text>") -> tuple[str, SafeString, int]:
    """Parse a chapter file: (title, body as safe HTML, word count of the body).

    The first block must be the single line ``# Title``. After it: ``## Heading`` (one
    line), ``* * *`` (a scene break) or a paragraph (its lines joined by spaces). Any
    other use of ``#`` at the start of a block, control characters or an empty body
    raise NovelContentError naming ``source``.
    """
    def fail(message):
        raise NovelContentError(f"{source}: {message}")

    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if CONTROL_CHARACTERS_RE.search(text):
        fail("contains control characters")
    blocks = _blocks(text)
    if not blocks or len(blocks[0]) != 1 or not blocks[0][0].startswith("# "):
        fail("must start with a one-line '# Chapter title'")
    title = smarten(blocks[0][0][2:].strip())
    if not title:
        fail("the chapter title is empty")
    parts, words = [], 0
    for block in blocks[1:]:
        joined = " ".join(block)
        if joined in SCENE_BREAKS:
            parts.append('<hr class="scene-break">')
            continue
        if block[0].startswith("#"):
            if not block[0].startswith("## ") or block[0].startswith("###") or len(block) != 1:
                fail(f"only one '# title' and one-line '## headings' are allowed: {block[0]!r}")
            heading = joined[3:].strip()
            if not heading:
                fail("empty '## heading'")
            parts.append(f"<h2>{render_inline(heading)}</h2>")
            words += len(_WORD_RE.findall(heading))
            continue
        parts.append(f"<p>{render_inline(joined)}</p>")
        words += len(_WORD_RE.findall(joined))
    if not words:
        fail("the chapter has no text")
    # Every piece above is escaped text inside tags written here, so the join is safe.
    return title, mark_safe("\n".join(parts)), words
