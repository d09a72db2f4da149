"""Typographic quotes, dashes and ellipses for the plain ASCII prose of the novels."""
import re

# An opening quote follows the start, a space or a bracket, or a dash when a word follows
# ("--"Wait" opens, "Wait--" closes); every other quote closes (or is an apostrophe).
_OPEN_DOUBLE_RE = re.compile(r'(?:(?<=^)|(?<=[\s(\[{]))"|(?<=[—–])"(?=\w)')
_OPEN_SINGLE_RE = re.compile(r"(?:(?<=^)|(?<=[\s(\[{“]))'|(?<=[—–])'(?=\w)")


def smarten(text: str) -> str:
    """Typographic quotes, dashes and ellipses for plain ASCII prose."""
    text = text.replace("...", "…").replace("---", "—").replace("--", "—")
    text = _OPEN_DOUBLE_RE.sub("“", text).replace('"', "”")
    return _OPEN_SINGLE_RE.sub("‘", text).replace("'", "’")
