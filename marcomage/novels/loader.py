"""The novels on disk: reading and validating each folder, and the library of them all."""
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.utils.safestring import SafeString

from .markup import CONTROL_CHARACTERS_RE, NovelContentError, render_markup
from .typography import smarten

CONTENT_DIR = Path(__file__).resolve().parent / "texts"
WORDS_PER_MINUTE = 200  # an unhurried reading pace, for the "about N min" estimates

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CHAPTER_FILE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*\.txt$")
METADATA_FIELDS = {"title": str, "author": str, "blurb": str, "position": int, "chapters": list}


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
        if kind is str and (not value.strip() or CONTROL_CHARACTERS_RE.search(value)):
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
