"""Typographic quotes, dashes and ellipses of the novels' prose."""
from marcomage.novels.typography import smarten


def test_smart_quotes():
    assert smarten('"Hello," she said, "it\'s mine."') == "“Hello,” she said, “it’s mine.”"
    assert smarten("the boys' hods (and 'theirs')") == "the boys’ hods (and ‘theirs’)"
