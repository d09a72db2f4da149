"""The long select writes the markup Django's select template writes, only faster."""
import re

from django import forms

from marcomage.plumbing.widgets import LongSelect
from players.profiles.countries import COUNTRY_CHOICES
from players.settings.forms import timezone_choices

ATTRS = {"id": "id_zone", "required": True, "disabled": False,
         "aria-describedby": 'help "quoted" <b>'}
GROUPED = [("a<", "x & y"), ("Group <i>", [("1", "one"), ("2", "<script>two</script>")])]


def _markup(widget_class, choices, value):
    html = widget_class(choices=choices, attrs=ATTRS).render("prefs-zone", value)
    return re.sub(r">\s+<", "><", str(html))


def test_the_same_markup_as_djangos_select():
    for choices, value in ((timezone_choices(), "Europe/Prague"), (COUNTRY_CHOICES, "CZ"),
                           (GROUPED, "2"), (GROUPED, None), ([(1, "a"), (2, "b")], 2)):
        assert _markup(LongSelect, choices, value) == _markup(forms.Select, choices, value)


def test_labels_values_and_attributes_are_escaped_and_one_option_is_selected():
    html = _markup(LongSelect, GROUPED, "2")
    assert "<script>" not in html and "&lt;script&gt;two&lt;/script&gt;" in html
    assert 'aria-describedby="help &quot;quoted&quot; &lt;b&gt;"' in html
    assert '<optgroup label="Group &lt;i&gt;">' in html
    assert html.count(" selected") == 1 and '<option value="2" selected>' in html
    assert " disabled" not in html and " required" in html
