"""The chapter markup: everything escaped, only our own tags, malformed text refused by name."""
import re

import pytest

from marcomage.novels.markup import NovelContentError, render_markup


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
