"""The Novels section: original stories set in the MArcomage world, read chapter by chapter.

Code and content are kept apart. The stories live in ``marcomage/novel_texts/``, one
folder per novel, named by its slug (lower-case letters, digits and hyphens):

* ``novel.toml``: ``title``, ``author`` (the credit line), ``blurb`` (one paragraph),
  ``position`` (order in the library) and ``chapters``: the chapter file names in
  reading order;
* one UTF-8 text file per chapter in a small markup, see :func:`render_markup`: the
  first line is ``# Chapter title``, then paragraphs separated by blank lines, with
  ``## subheading``, ``* * *`` for a scene break and ``*emphasis*``.

Everything is read, validated and rendered once per process (:func:`library` is an
``lru_cache``). A broken file raises :class:`NovelContentError` naming the file; the test
suite loads the library, so a mistake fails a test instead of a request. Nothing in a file
is trusted as HTML: all text is escaped and the renderer itself writes only ``<p>``,
``<h2>``, ``<hr>`` and ``<em>``.

The pages are behind ``section_required("novels")`` and use no table: the chapter a
player last opened in each novel is kept in the session (``request.session["novels"]``,
slug -> chapter number), which is what "continue reading" offers.
"""
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.http import Http404
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_safe

from players.sections import section_required

CONTENT_DIR = Path(__file__).resolve().parent / "novel_texts"
SESSION_KEY = "novels"
WORDS_PER_MINUTE = 200  # an unhurried reading pace, for the "about N min" estimates

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CHAPTER_FILE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*\.txt$")
SCENE_BREAKS = {"* * *", "***"}
# Control characters other than tab and newline have no place in prose.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_WORD_RE = re.compile(r"\w+(?:['’]\w+)*")
_EMPHASIS_RE = re.compile(r"\*(?=\S)([^*\n]*?\S)\*")
# An opening quote follows the start, a space or a bracket, or a dash when a word follows
# ("--"Wait" opens, "Wait--" closes); every other quote closes (or is an apostrophe).
_OPEN_DOUBLE_RE = re.compile(r'(?:(?<=^)|(?<=[\s(\[{]))"|(?<=[—–])"(?=\w)')
_OPEN_SINGLE_RE = re.compile(r"(?:(?<=^)|(?<=[\s(\[{“]))'|(?<=[—–])'(?=\w)")
METADATA_FIELDS = {"title": str, "author": str, "blurb": str, "position": int, "chapters": list}


class NovelContentError(ValueError):
    """A novel's files are malformed (raised at load time, with the file's name)."""


def reading_minutes(words: int) -> int:
    return max(1, round(words / WORDS_PER_MINUTE))


@dataclass(frozen=True)
class Chapter:
    number: int
    title: str
    html: SafeString
    words: int

    @property
    def minutes(self) -> int:
        return reading_minutes(self.words)


@dataclass(frozen=True)
class Novel:
    slug: str
    title: str
    author: str
    blurb: str
    position: int
    chapters: tuple[Chapter, ...]

    @property
    def words(self) -> int:
        return sum(chapter.words for chapter in self.chapters)

    @property
    def minutes(self) -> int:
        return reading_minutes(self.words)

    @property
    def first(self) -> Chapter:
        return self.chapters[0]

    @property
    def last(self) -> Chapter:
        return self.chapters[-1]

    def chapter(self, number) -> Chapter | None:
        """Chapter ``number`` (counted from 1), or None for anything else."""
        if isinstance(number, bool) or not isinstance(number, int):
            return None
        if 1 <= number <= len(self.chapters):
            return self.chapters[number - 1]
        return None


# ------------------------------------------------------------------ the markup
def smarten(text: str) -> str:
    """Typographic quotes, dashes and ellipses for plain ASCII prose."""
    text = text.replace("...", "…").replace("---", "—").replace("--", "—")
    text = _OPEN_DOUBLE_RE.sub("“", text).replace('"', "”")
    return _OPEN_SINGLE_RE.sub("‘", text).replace("'", "’")


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
    if _CONTROL_RE.search(text):
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


# ------------------------------------------------------------------ loading
def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise NovelContentError(f"{path}: not UTF-8 ({error})") from error


def _metadata(folder: Path) -> dict:
    path = folder / "novel.toml"
    if not path.is_file():
        raise NovelContentError(f"{folder}: novel.toml is missing")
    try:
        data = tomllib.loads(_read_text(path))
    except tomllib.TOMLDecodeError as error:
        raise NovelContentError(f"{path}: {error}") from error
    unknown = set(data) - set(METADATA_FIELDS)
    if unknown:
        raise NovelContentError(f"{path}: unknown fields {sorted(unknown)}")
    for key, kind in METADATA_FIELDS.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise NovelContentError(f"{path}: {key!r} must be a {kind.__name__}")
        if kind is str and (not value.strip() or _CONTROL_RE.search(value)):
            raise NovelContentError(f"{path}: {key!r} must be plain, non-empty text")
    files = data["chapters"]
    if not files:
        raise NovelContentError(f"{path}: 'chapters' lists no chapter")
    for name in files:
        if not isinstance(name, str) or not CHAPTER_FILE_RE.match(name):
            raise NovelContentError(f"{path}: bad chapter file name {name!r}")
    if len(set(files)) != len(files):
        raise NovelContentError(f"{path}: a chapter is listed twice")
    present = {p.name for p in folder.glob("*.txt")}
    missing, unlisted = set(files) - present, present - set(files)
    if missing:
        raise NovelContentError(f"{path}: missing chapter files {sorted(missing)}")
    if unlisted:
        raise NovelContentError(f"{path}: chapter files not listed {sorted(unlisted)}")
    return data


def load_novel(folder: Path) -> Novel:
    if not SLUG_RE.match(folder.name):
        raise NovelContentError(f"{folder}: a novel's folder name must be a slug")
    data = _metadata(folder)
    chapters = []
    for number, name in enumerate(data["chapters"], start=1):
        path = folder / name
        title, html, words = render_markup(_read_text(path), source=str(path))
        chapters.append(Chapter(number=number, title=title, html=html, words=words))
    return Novel(slug=folder.name, title=smarten(data["title"].strip()),
                 author=data["author"].strip(), blurb=smarten(" ".join(data["blurb"].split())),
                 position=data["position"], chapters=tuple(chapters))


def load_library(root: Path = CONTENT_DIR) -> tuple[Novel, ...]:
    """Every novel under ``root``, in library order (uncached: tests point it elsewhere)."""
    if not root.is_dir():
        raise NovelContentError(f"{root}: the novels folder is missing")
    novels = [load_novel(folder) for folder in sorted(root.iterdir()) if folder.is_dir()
              and not folder.name.startswith((".", "_"))]
    if not novels:
        raise NovelContentError(f"{root}: no novels")
    titles = [novel.title for novel in novels]
    if len(set(titles)) != len(titles):
        raise NovelContentError(f"{root}: two novels share a title")
    return tuple(sorted(novels, key=lambda novel: (novel.position, novel.title)))


@lru_cache(maxsize=1)
def library() -> tuple[Novel, ...]:
    return load_library(CONTENT_DIR)


def get_novel(slug: str) -> Novel | None:
    return next((novel for novel in library() if novel.slug == slug), None)


# ------------------------------------------------------------------ reading progress
def reading_progress(session) -> dict[str, int]:
    """slug -> chapter last opened, keeping only entries that still point at a chapter."""
    raw = session.get(SESSION_KEY)
    if not isinstance(raw, dict):
        return {}
    progress = {}
    for slug, number in raw.items():
        novel = get_novel(slug) if isinstance(slug, str) else None
        if novel is not None and novel.chapter(number) is not None:
            progress[slug] = number
    return progress


def remember_chapter(session, novel: Novel, chapter: Chapter) -> None:
    """Record the chapter just opened (the session is written only when it changes)."""
    progress = reading_progress(session)
    if progress.get(novel.slug) != chapter.number:
        progress[novel.slug] = chapter.number
        session[SESSION_KEY] = progress


# ------------------------------------------------------------------ views
def _novel_or_404(slug: str) -> Novel:
    novel = get_novel(slug)
    if novel is None:
        raise Http404("No such novel.")
    return novel


@require_safe
@section_required("novels")
def library_view(request):
    progress = reading_progress(request.session)
    shelf = [{"novel": novel, "last": novel.chapter(progress.get(novel.slug))}
             for novel in library()]
    return render(request, "novels/library.html", {"shelf": shelf})


@require_safe
@section_required("novels")
def contents_view(request, novel):
    book = _novel_or_404(novel)
    last = book.chapter(reading_progress(request.session).get(book.slug))
    return render(request, "novels/contents.html", {"novel": book, "last": last})


@require_safe
@section_required("novels")
def chapter_view(request, novel, chapter):
    book = _novel_or_404(novel)
    current = book.chapter(chapter)
    if current is None:
        raise Http404("No such chapter.")
    remember_chapter(request.session, book, current)
    return render(request, "novels/chapter.html", {
        "novel": book,
        "chapter": current,
        "previous": book.chapter(current.number - 1),
        "next": book.chapter(current.number + 1),
    })
