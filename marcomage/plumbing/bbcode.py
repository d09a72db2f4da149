"""BBCode for chat, messages and (later) the forum: one renderer, one sanitiser.

Supported: [b] [i] [quote] [quote=name], [url] [url=address] for outside
addresses (http and https only) and [link] [link=/path] for pages of this
site (a path starting with a single "/"). Anything else stays as plain text.
The bbcode package escapes the text; nh3 then removes anything outside a
small allowlist, so a bug in one layer is not enough for a script to slip in.
"""
from urllib.parse import urlsplit

import bbcode
import nh3
from django.utils.safestring import SafeString, mark_safe

MAX_SOURCE_LENGTH = 20_000

_ALLOWED_TAGS = {"b", "i", "a", "blockquote", "cite", "br"}
_ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "blockquote": {"class"}, "cite": set()}


def _external_href(address: str) -> str | None:
    address = address.strip()
    parts = urlsplit(address)
    if parts.scheme in ("http", "https") and parts.netloc:
        return address
    return None


def _internal_href(address: str) -> str | None:
    address = address.strip()
    if address.startswith("/") and not address.startswith("//") and "\\" not in address:
        return address
    return None


def _link_formatter(href_for):
    def render(tag_name, value, options, parent, context):
        target = options.get(tag_name) or value
        href = href_for(bbcode_unescape(target))
        if href is None:
            return value  # an unsafe or malformed address: keep the text, drop the link
        return f'<a href="{_escape_attribute(href)}">{value}</a>'

    return render


def bbcode_unescape(text: str) -> str:
    return (text.replace("&quot;", '"').replace("&#39;", "'").replace("&lt;", "<")
            .replace("&gt;", ">").replace("&amp;", "&"))


def _escape_attribute(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;").replace("'", "&#39;"))



def _quote(tag_name, value, options, parent, context):
    author = bbcode_unescape(options.get("quote", "")).strip()
    cite = f"<cite>{_escape_attribute(author)} wrote:</cite><br>" if author else ""
    return f'<blockquote class="bb-quote">{cite}{value}</blockquote>'


def _make_parser() -> bbcode.Parser:
    parser = bbcode.Parser(install_defaults=False, escape_html=True, replace_links=False,
                           replace_cosmetic=False, newline="<br>")
    parser.add_simple_formatter("b", "<b>%(value)s</b>")
    parser.add_simple_formatter("i", "<i>%(value)s</i>")
    parser.add_formatter("url", _link_formatter(_external_href), replace_links=False,
                         replace_cosmetic=False)
    parser.add_formatter("link", _link_formatter(_internal_href), replace_links=False,
                         replace_cosmetic=False)
    parser.add_formatter("quote", _quote, swallow_trailing_newline=True)
    return parser


_PARSER = _make_parser()


def bbcode_to_html(text: str) -> SafeString:
    """Render BBCode source to HTML that is safe to put into a page."""
    html = _PARSER.format((text or "")[:MAX_SOURCE_LENGTH])
    clean = nh3.clean(
        html,
        tags=_ALLOWED_TAGS,
        attributes=_ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https"},
        link_rel="nofollow ugc noopener",
    )
    return mark_safe(clean)


def bbcode_quote(author: str, text: str) -> str:
    """The BBCode source of a reply that quotes `text` by `author`."""
    safe_author = author.replace("]", "").replace("[", "")
    return f"[quote={safe_author}]{text}[/quote]\n"
