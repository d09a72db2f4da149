"""The Novels pages: they chain chapter to chapter, remember the reader's place, the gate holds."""
import re

import pytest
from django.urls import reverse

from marcomage.novels import views
from marcomage.novels.loader import get_novel, library, load_library

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
    book = get_novel(slug)
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
    assert client.session[views.SESSION_KEY] == {book.slug: 2, other.slug: len(other.chapters)}


def test_a_tampered_or_stale_bookmark_is_ignored(reader, client_of):
    client = client_of(reader)
    book = library()[0]
    for junk in ("nonsense", ["a"], {"no-such-novel": 1, book.slug: 99},
                 {book.slug: "2"}, {book.slug: True}, None):
        session = client.session
        session[views.SESSION_KEY] = junk
        session.save()
        response = client.get(reverse("novels:library"))
        assert response.status_code == 200
        assert _html(response).count("Start reading") == len(library())
        assert client.get(reverse("novels:contents", args=[book.slug])).status_code == 200
    assert client.get(reverse("novels:chapter", args=[book.slug, 3])).status_code == 200
    assert client.session[views.SESSION_KEY] == {book.slug: 3}


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
    assert views.SESSION_KEY not in client.session  # a locked page records nothing


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
