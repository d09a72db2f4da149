"""Form widgets the site's pages share."""
from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe


def _attributes(attrs):
    """The attributes as Django's widget templates write them: in order, a true value as
    the bare name, a false one left out, the others escaped."""
    return format_html_join("", "{}", (
        (format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value),)
        for name, value in attrs.items() if value is not False))


class LongSelect(forms.Select):
    """A select of hundreds of options (time zones, countries) written out in Python.

    Django's own select renders a template per option and another per option's attributes:
    the settings page's 850 options took most of its 60 ms. The markup is the same but for
    the spaces between the tags."""

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [format_html('<select name="{}"{}>', widget["name"],
                             _attributes(widget["attrs"]))]
        for group, options, _index in widget["optgroups"]:
            if group:
                parts.append(format_html('<optgroup label="{}">', group))
            parts.extend(format_html('<option value="{}"{}>{}</option>', option["value"],
                                     _attributes(option["attrs"]), option["label"])
                         for option in options)
            if group:
                parts.append("</optgroup>")
        parts.append("</select>")
        return mark_safe("\n".join(parts))  # every part is built by format_html or literal
