"""The one BBCode renderer: what it allows and what it refuses."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.plumbing.bbcode import bbcode_quote, bbcode_to_html


@pytest.mark.parametrize(
    "source, html",
    [
        ("[b]bold[/b]", "<b>bold</b>"),
        ("[i]slanted[/i]", "<i>slanted</i>"),
        ("line one\nline two", "line one<br>line two"),
        ("[url]https://example.org/x[/url]",
         '<a href="https://example.org/x" rel="nofollow ugc noopener">https://example.org/x</a>'),
        ("[url=http://example.org]site[/url]",
         '<a href="http://example.org" rel="nofollow ugc noopener">site</a>'),
        ("[link=/cards/5/]card five[/link]",
         '<a href="/cards/5/" rel="nofollow ugc noopener">card five</a>'),
        ("[quote=bob]hi[/quote]", '<blockquote class="bb-quote"><cite>bob wrote:</cite><br>hi</blockquote>'),
        ("[quote]hi[/quote]", '<blockquote class="bb-quote">hi</blockquote>'),
    ],
)
def test_supported_tags(source, html):
    assert bbcode_to_html(source) == html


@pytest.mark.parametrize(
    "source",
    [
        "<script>alert(1)</script>",
        "[url=javascript:alert(1)]x[/url]",
        "[url]javascript:alert(1)[/url]",
        "[url=data:text/html,<script>]x[/url]",
        "[link=//evil.example]x[/link]",
        "[link=https://evil.example]x[/link]",
        '[url=https://a.example/" onmouseover="alert(1)]t[/url]',
        "[quote=<img src=x onerror=alert(1)>]x[/quote]",
        "<img src=x onerror=alert(1)>",
        "[img]https://a.example/x.png[/img]",
    ],
)
def test_dangerous_input_is_neutralised(source):
    import re

    html = bbcode_to_html(source)
    assert "<script" not in html and "<img" not in html
    hrefs = re.findall(r'<a href="([^"]*)"', html)
    assert all(h.startswith(("http://", "https://", "/")) and not h.startswith("//") for h in hrefs)
    # every tag carries only the attributes we allow: no event handlers
    from html.parser import HTMLParser

    seen = set()

    class Attributes(HTMLParser):
        def handle_starttag(self, tag, attrs):
            seen.update(name for name, _ in attrs)

    Attributes().feed(html)
    assert seen <= {"href", "rel", "class"}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("[]/=biurlquotek <>\"'&:;jsavcrpth\n")), max_size=80))
def test_random_markup_never_yields_raw_angle_brackets_outside_allowed_tags(source):
    import re

    html = bbcode_to_html(source)
    tags = re.findall(r"</?([a-z]+)", html)
    assert set(tags) <= {"b", "i", "a", "blockquote", "cite", "br"}


def test_quote_helper_strips_brackets_from_the_author():
    assert bbcode_quote("a]b[c", "text") == "[quote=abc]text[/quote]\n"
