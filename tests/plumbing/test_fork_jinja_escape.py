"""Guards of games/jinja.py's output escape (docs/decisions/0007-jinja-escape.md).

The boards' templates are compiled by Jinja2 to Python code that writes each ``{{ value }}``
through the name ``escape`` of the template's module namespace; ``BoardTemplate`` puts
``_escape_output`` under that name (``Template._from_namespace``, private). These fail when
Jinja2 stops compiling output that way (the fork would be skipped, or worse, half applied)
or when a board would write a value unescaped.
"""
import inspect

import pytest
from django.template import engines
from django.utils.safestring import mark_safe
from jinja2 import Template
from jinja2.runtime import exported
from markupsafe import Markup

from games.jinja import BoardTemplate, _escape_output

from .pins import assert_checked_with

RECORD = "0007-jinja-escape.md"
SCRIPT = "<script>alert('x')</script>"
ESCAPED = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"


def test_jinja2_and_markupsafe_are_versions_the_fork_was_checked_with():
    assert_checked_with("Jinja2", "3.1", "3.2", RECORD)
    assert_checked_with("MarkupSafe", "3.0", "3.1", RECORD)


def _env():
    return engines["jinja2"].env


def test_the_boards_environment_autoescapes_and_uses_the_board_template():
    env = _env()
    assert env.template_class is BoardTemplate
    assert env.autoescape is True or env.autoescape("board.html")


def test_compiled_output_goes_through_the_namespaces_escape():
    """What the fork replaces: the compiled code's ``escape(...)`` of each output, a name
    the runtime exports into the module's namespace, which ``from_code`` hands to
    ``_from_namespace`` before anything is rendered."""
    assert "escape" in exported
    code = _env().compile("{{ x }}{% for y in ys %}{{ y }}{% endfor %}", raw=True)
    assert code.count("escape(") >= 2 and "from jinja2.runtime import" in code
    assert list(inspect.signature(Template._from_namespace).parameters) == [
        "environment", "namespace", "globals"]
    for creator in (Template.from_code, Template.from_module_dict):
        assert "_from_namespace(" in inspect.getsource(creator), creator
    template = _env().from_string("{{ x }}")
    assert template.root_render_func.__globals__["escape"] is _escape_output


@pytest.mark.parametrize("source", [
    "{{ x }}",
    "{% for y in [x] %}{{ y }}{% endfor %}",
    "{% macro m(v) %}{{ v }}{% endmacro %}{{ m(x) }}",
    "{% set y = x %}{{ y }}",
    "{{ x ~ '' }}",
    "{{ [x]|first }}",
    "{% autoescape true %}{{ x }}{% endautoescape %}",
    "{{ x|e }}",
])
def test_text_is_escaped_however_the_board_writes_it(source):
    assert _env().from_string(source).render({"x": SCRIPT}) == ESCAPED


def test_markup_passes_and_everything_else_is_escaped():
    class Html:  # markup of another kind (django's SafeData has __html__ too)
        def __html__(self):
            return "<i>ok</i>"

    class Text(str):
        pass

    template = _env().from_string("{{ a }}|{{ b }}|{{ c }}|{{ d }}|{{ e }}|{{ f }}|{{ g }}")
    html = template.render({"a": Markup("<b>m</b>"), "b": mark_safe("<u>d</u>"), "c": Html(),
                            "d": Text(SCRIPT), "e": 7, "f": [SCRIPT], "g": None})
    assert html == f"<b>m</b>|<u>d</u>|<i>ok</i>|{ESCAPED}|7|[&#34;{ESCAPED}&#34;]|None"
    assert SCRIPT not in html


def test_a_markup_subclass_is_escaped_through_its_html():
    class Sneaky(Markup):
        def __html__(self):
            return Markup(escape_all(str(self)))

    def escape_all(text):
        return text.replace("<", "&lt;").replace(">", "&gt;")

    assert "<script>" not in _env().from_string("{{ x }}").render({"x": Sneaky(SCRIPT)})

