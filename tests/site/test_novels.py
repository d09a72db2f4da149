"""The Novels section: the stories load and validate, the pages chain, the gate holds."""
import re

import pytest
from django.urls import reverse

from marcomage import novels
from marcomage.novels import (
    CONTENT_DIR,
    NovelContentError,
    library,
    load_library,
    render_markup,
    smarten,
)

pytestmark = pytest.mark.django_db

ALL_CHAPTERS = [(novel.slug, chapter.number)
                for novel in load_library() for chapter in novel.chapters]


@pytest.fixture
def reader(alice):
    alice.level = 4  # the level at which the section opens
    alice.save(update_fields=["level"])
    return alice


def _html(response):
    return response.content.decode()


def _rel_link(html, rel):
    match = re.search(rf'<a [^>]*rel="{rel}" href="([^"]+)"', html)
    return match.group(1) if match else None


# ------------------------------------------------------------------ the content
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
        assert book.minutes == round(book.words / novels.WORDS_PER_MINUTE)


def test_chapter_lookup_refuses_anything_but_a_chapter_number():
    book = library()[0]
    assert book.chapter(1) is book.first and book.chapter(len(book.chapters)) is book.last
    for bad in (0, -1, len(book.chapters) + 1, "1", None, True, 1.0):
        assert book.chapter(bad) is None


# ------------------------------------------------------------------ the renderer
def test_renderer_escapes_every_bit_of_html():
    text = ("# A <b>bold</b> title\n\n"
            "<script>alert('x')</script> & <img src=x onerror=\"alert(1)\">\n\n"
            "*<a href=\"javascript:alert(1)\">click</a>*\n\n"
            "## <i>heading</i>\n\n"
            "\"quoted\" & 'single' --- done")
    title, html, words = render_markup(text)
    assert title == "A <b>bold</b> title"  # plain text: the templates escape it
    assert "<script" not in html and "<img" not in html and "<a " not in html
    assert "<i>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(‘x’)&lt;/script&gt; &amp; &lt;img src=x onerror=" in html
    assert '<em>&lt;a href=”javascript:alert(1)”&gt;click&lt;/a&gt;</em>' in html
    assert "<h2>&lt;i&gt;heading&lt;/i&gt;</h2>" in html
    assert "<p>“quoted” &amp; ‘single’ — done</p>" in html
    assert re.sub(r"</?(p|h2|em|hr)( class=\"scene-break\")?>", "", html).count("<") == 0
    assert words > 10


def test_renderer_builds_paragraphs_headings_breaks_and_emphasis():
    text = ("# The title\n\nFirst line\nsame paragraph.\n\n\n   \n"
            "## Part two\n\n* * *\n\nShe said *no*, twice... It wasn't--\"Wait--\" she said.\r\n")
    title, html, words = render_markup(text)
    assert title == "The title"
    assert html == ("<p>First line same paragraph.</p>\n<h2>Part two</h2>\n"
                    '<hr class="scene-break">\n'
                    "<p>She said <em>no</em>, twice… It wasn’t—“Wait—” she said.</p>")
    assert words == 2 + 3 + 2 + 8


def test_smart_quotes():
    assert smarten('"Hello," she said, "it\'s mine."') == "“Hello,” she said, “it’s mine.”"
    assert smarten("the boys' hods (and 'theirs')") == "the boys’ hods (and ‘theirs’)"


@pytest.mark.parametrize("text, message", [
    ("", "must start with"),
    ("No title here\n\nText.", "must start with"),
    ("# \n\nText.", "must start with"),
    ("# Two\nline title\n\nText.", "must start with"),
    ("# Title", "no text"),
    ("# Title\n\n* * *", "no text"),
    ("# Title\n\n# Another title\n\nText.", "headings"),
    ("# Title\n\n### Too deep\n\nText.", "headings"),
    ("# Title\n\n## Heading\nwith a second line\n\nText.", "headings"),
    ("# Title\n\nA NUL \x00 here.", "control characters"),
    ("# Title\n\nAn escape \x1b[31m here.", "control characters"),
])
def test_renderer_refuses_malformed_chapters_by_name(text, message):
    with pytest.raises(NovelContentError, match=rf"chapter\.txt: .*{message}"):
        render_markup(text, source="chapter.txt")


# ------------------------------------------------------------------ loading, loudly
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
    assert CONTENT_DIR.name == "novel_texts" and CONTENT_DIR.parent.name == "marcomage"
    assert not list(CONTENT_DIR.rglob("*.py")), "content only: no code in the stories folder"


# ------------------------------------------------------------------ the pages
def test_library_page_shows_every_novel(reader, client_of):
    response = client_of(reader).get(reverse("novels:library"))
    assert response.status_code == 200
    html = _html(response)
    assert "css/novels.css" in html
    for book in library():
        assert book.title in html
        assert reverse("novels:contents", args=[book.slug]) in html
        assert f"{len(book.chapters)} chapters" in html
        assert f"about {book.minutes} min of reading" in html
        assert reverse("novels:chapter", args=[book.slug, 1]) in html
    assert html.count("Start reading") == len(library())


def test_contents_page_lists_the_chapters_in_order(reader, client_of):
    client = client_of(reader)
    for book in library():
        html = _html(client.get(reverse("novels:contents", args=[book.slug])))
        links = re.findall(rf'href="(/novels/{book.slug}/\d+/)">', html)
        expected = [reverse("novels:chapter", args=[book.slug, c.number]) for c in book.chapters]
        assert links[:len(expected)] == expected
        assert "Start reading" in html and "the MArcomage team" in html


@pytest.mark.parametrize("slug, number", ALL_CHAPTERS)
def test_every_chapter_renders_and_links_to_its_neighbours(reader, client_of, slug, number):
    book = novels.get_novel(slug)
    response = client_of(reader).get(reverse("novels:chapter", args=[slug, number]))
    assert response.status_code == 200
    html = _html(response)
    chapter = book.chapter(number)
    assert chapter.html in html
    assert f"Chapter {number} of {len(book.chapters)}" in html
    assert "js/novels.js" in html and "<script>" not in html  # no inline script (CSP)
    previous, following = _rel_link(html, "prev"), _rel_link(html, "next")
    if number == 1:
        assert previous is None
    else:
        assert previous == reverse("novels:chapter", args=[slug, number - 1])
    if number == len(book.chapters):
        assert following is None and "The end" in html
        assert reverse("novels:library") in html
    else:
        assert following == reverse("novels:chapter", args=[slug, number + 1])
        assert "The end" not in html


def test_following_next_links_reads_the_whole_book(reader, client_of):
    client = client_of(reader)
    for book in library():
        url, seen = reverse("novels:chapter", args=[book.slug, 1]), []
        while url:
            html = _html(client.get(url))
            seen.append(url)
            url = _rel_link(html, "next")
        assert len(seen) == len(book.chapters)


def test_the_library_remembers_where_the_player_stopped(reader, client_of):
    client = client_of(reader)
    book, other = library()
    client.get(reverse("novels:chapter", args=[book.slug, 2]))
    html = _html(client.get(reverse("novels:library")))
    assert f"Continue reading: chapter 2, {book.chapters[1].title}" in html
    assert html.count("Start reading") == 1  # the other novel is untouched
    contents = _html(client.get(reverse("novels:contents", args=[book.slug])))
    assert "you stopped here" in contents and "Continue with chapter 2" in contents
    # Each novel keeps its own bookmark; the last chapter means "finished".
    client.get(reverse("novels:chapter", args=[other.slug, len(other.chapters)]))
    html = _html(client.get(reverse("novels:library")))
    assert "You reached the last chapter." in html and "Read it again" in html
    assert client.session[novels.SESSION_KEY] == {book.slug: 2, other.slug: len(other.chapters)}


def test_a_tampered_or_stale_bookmark_is_ignored(reader, client_of):
    client = client_of(reader)
    book = library()[0]
    for junk in ("nonsense", ["a"], {"no-such-novel": 1, book.slug: 99},
                 {book.slug: "2"}, {book.slug: True}, None):
        session = client.session
        session[novels.SESSION_KEY] = junk
        session.save()
        response = client.get(reverse("novels:library"))
        assert response.status_code == 200
        assert _html(response).count("Start reading") == len(library())
        assert client.get(reverse("novels:contents", args=[book.slug])).status_code == 200
    assert client.get(reverse("novels:chapter", args=[book.slug, 3])).status_code == 200
    assert client.session[novels.SESSION_KEY] == {book.slug: 3}


@pytest.mark.parametrize("url", [
    "/novels/no-such-novel/", "/novels/no-such-novel/1/", "/novels/the-singing-stone/0/",
    "/novels/the-singing-stone/5/", "/novels/the-dragons-ledger/4/",
    "/novels/the-singing-stone/-1/", "/novels/the-singing-stone/abc/",
    "/novels/the-singing-stone/1.5/", "/novels/the-singing-stone/" + "9" * 40 + "/",
    "/novels/THE-SINGING-STONE/", "/novels/the-singing-stone%00/", "/novels/%C3%BC/1/",
    "/novels/the-singing-stone/1/extra/",
])
def test_bad_addresses_get_the_site_404_page(reader, client_of, url):
    response = client_of(reader).get(url)
    assert response.status_code == 404
    assert "lost in the fog" in _html(response)


def test_pages_answer_only_reads(reader, client_of):
    client = client_of(reader)
    for url in (reverse("novels:library"), reverse("novels:contents", args=["the-singing-stone"]),
                reverse("novels:chapter", args=["the-singing-stone", 1])):
        assert client.post(url).status_code == 405
        assert client.head(url).status_code == 200


# ------------------------------------------------------------------ the tutorial gate
def _urls():
    return [reverse("novels:library"), reverse("novels:contents", args=["the-dragons-ledger"]),
            reverse("novels:chapter", args=["the-dragons-ledger", 2])]


@pytest.mark.parametrize("level", [0, 3])
def test_section_is_locked_below_level_four(alice, client_of, level):
    alice.level = level
    alice.save(update_fields=["level"])
    client = client_of(alice)
    for url in _urls():
        response = client.get(url)
        assert response.status_code == 403
        html = _html(response)
        assert "Novels opens at level 4" in html and f"You are level {level}" in html
    assert novels.SESSION_KEY not in client.session  # a locked page records nothing


@pytest.mark.parametrize("level", [4, 9, 10, 25])
def test_section_is_open_from_level_four(alice, client_of, level):
    alice.level = level
    alice.save(update_fields=["level"])
    client = client_of(alice)
    for url in _urls():
        assert client.get(url).status_code == 200


def test_anonymous_visitor_is_sent_to_login(client):
    for url in _urls():
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))


# ------------------------------------------------------------------ query counts
def test_query_counts_are_small_and_constant(reader, client_of, django_assert_max_num_queries):
    """Reads cost the layout's queries only; a chapter that moves the bookmark adds the session
    write, and re-reading the bookmarked chapter writes nothing."""
    client = client_of(reader)
    client.get(reverse("novels:library"))  # warm the session
    pages = [reverse("novels:library")] + [reverse("novels:contents", args=[book.slug])
                                           for book in library()]
    for book in library():
        for chapter in book.chapters:
            url = reverse("novels:chapter", args=[book.slug, chapter.number])
            with django_assert_max_num_queries(9):  # the bookmark moves: one session write
                assert client.get(url).status_code == 200
            with django_assert_max_num_queries(6):  # same chapter again: nothing to write
                assert client.get(url).status_code == 200
            for page in pages:  # as many bookmarks as novels: still the same count
                with django_assert_max_num_queries(6):
                    assert client.get(page).status_code == 200
