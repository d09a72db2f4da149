"""The shipped novels load complete; a broken folder fails at load, naming the file."""
import re

import pytest

from marcomage.novels.loader import (
    CONTENT_DIR,
    WORDS_PER_MINUTE,
    NovelContentError,
    library,
    load_library,
)


def test_library_holds_two_complete_novels():
    books = load_library()
    assert books == library()  # the cached copy is the same content
    assert [len(book.chapters) for book in books] == [4, 3]
    assert len({book.slug for book in books}) == 2
    for book in books:
        assert book.author == "the MArcomage team"
        assert book.title and len(book.blurb) > 100
        assert [c.number for c in book.chapters] == list(range(1, len(book.chapters) + 1))
        assert len({c.title for c in book.chapters}) == len(book.chapters)
        for chapter in book.chapters:
            assert 500 <= chapter.words <= 900, (book.slug, chapter.number, chapter.words)
            assert chapter.html.startswith("<p>") and chapter.minutes >= 2
        assert book.minutes == round(book.words / WORDS_PER_MINUTE)


def test_chapter_lookup_refuses_anything_but_a_chapter_number():
    book = library()[0]
    assert book.chapter(1) is book.first and book.chapter(len(book.chapters)) is book.last
    for bad in (0, -1, len(book.chapters) + 1, "1", None, True, 1.0):
        assert book.chapter(bad) is None


def _write_novel(root, slug="a-tale", toml=None, chapters=None):
    folder = root / slug
    folder.mkdir(parents=True)
    chapters = {"01-one.txt": "# One\n\nOnce upon a time."} if chapters is None else chapters
    if toml is None:
        toml = ('title = "A Tale"\nauthor = "the MArcomage team"\nblurb = "Short."\n'
                f"position = 1\nchapters = {list(chapters)!r}\n").replace("'", '"')
    (folder / "novel.toml").write_text(toml, encoding="utf-8")
    for name, text in chapters.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_well_formed_folder_loads(tmp_path):
    _write_novel(tmp_path)
    (book,) = load_library(tmp_path)
    assert (book.slug, book.title, book.first.title, book.first.words) == \
        ("a-tale", "A Tale", "One", 4)


@pytest.mark.parametrize("breakage, message", [
    (lambda f: (f / "novel.toml").unlink(), "novel.toml is missing"),
    (lambda f: (f / "01-one.txt").unlink(), "missing chapter files"),
    (lambda f: (f / "02-extra.txt").write_text("# Extra\n\nText."), "not listed"),
    (lambda f: (f / "novel.toml").write_text("title = [unclosed"), "novel.toml"),
    (lambda f: (f / "novel.toml").write_text(
        'title = "T"\nauthor = "A"\nblurb = "B"\nposition = "first"\nchapters = ["01-one.txt"]'),
     "'position' must be a int"),
    (lambda f: (f / "novel.toml").write_text(
        'title = "T"\nauthor = "A"\nblurb = "B"\nposition = 1\nchapters = []'), "no chapter"),
    (lambda f: (f / "novel.toml").write_text(
        'title = "T"\nauthor = "A"\nblurb = "B"\nposition = 1\nchapters = ["../x.txt"]'),
     "bad chapter file name"),
    (lambda f: (f / "novel.toml").write_text(
        'title = "T"\nauthor = "A"\nblurb = "B"\nposition = 1\nchapters = ["01-one.txt"]\n'
        'colour = "red"'), "unknown fields"),
    (lambda f: (f / "novel.toml").write_text(
        'title = " "\nauthor = "A"\nblurb = "B"\nposition = 1\nchapters = ["01-one.txt"]'),
     "'title' must be plain, non-empty text"),
    (lambda f: (f / "01-one.txt").write_bytes(b"# One\n\n\xff\xfe broken"), "not UTF-8"),
    (lambda f: (f / "01-one.txt").write_text("One\n\nNo title line."), "must start with"),
    (lambda f: f.rename(f.with_name("Not A Slug")), "folder name must be a slug"),
])
def test_a_broken_folder_fails_at_load_naming_the_file(tmp_path, breakage, message):
    breakage(_write_novel(tmp_path))
    with pytest.raises(NovelContentError, match=re.escape(message)):
        load_library(tmp_path)


def test_an_empty_or_missing_library_fails(tmp_path):
    with pytest.raises(NovelContentError, match="no novels"):
        load_library(tmp_path)
    with pytest.raises(NovelContentError, match="missing"):
        load_library(tmp_path / "nowhere")


def test_the_shipped_content_folder_is_the_one_in_use():
    assert CONTENT_DIR.name == "texts" and CONTENT_DIR.parent.name == "novels"
    assert not list(CONTENT_DIR.rglob("*.py")), "content only: no code in the stories folder"
