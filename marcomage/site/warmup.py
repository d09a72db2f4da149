"""A server process's start: build what every request shares, then take it out of the GC's sight.

Why: CPython's full (oldest-generation) garbage collection walks every tracked object of
the process, and a server process holds well over 100,000 of them from Django, the card
catalogue and the compiled templates, none of which ever becomes garbage. Measured at 200
live games (load harness, a `gc.callbacks` probe): full collections of 160-170 ms, ten a
minute per process, each stopping every thread and the event loop at once, so each one
showed up as a move answered or a board pushed late. Building those shared objects first
and freezing them (`gc.freeze`: kept, but never walked again) leaves full collections only
the objects requests made since.

And the thresholds (settings.GC_THRESHOLDS): collecting the youngest generation every 10,000
new objects rather than every 700 leaves most of a request's objects to die young, where
reference counting frees them, instead of being carried into the older generations by a
collection in the middle of the request. Measured at 400 live games (load harness, same
probe, two minutes): per process 17 full collections of 50-160 ms and 190 middle ones of up
to 37 ms before; 2 full ones and 11 middle ones after (the young collections take up to 74 ms
now, 11 ms on average); move POST p99 243-316 ms -> 193-221 ms, push p99 349-462 ms ->
306-329 ms (two runs each).
"""
import gc
import logging
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.template.loader import get_template
from django.template.utils import get_app_template_dirs
from django.urls import get_resolver

from decks.catalogue import card_face, keyword_names
from games import engine

log = logging.getLogger(__name__)


def server_process_warm():
    """Build the long-lived shared objects a request would otherwise build on first use."""
    get_resolver().check()  # imports every view module
    folders = [*get_app_template_dirs("templates"),
               *(folder for backend in engines.all() for folder in backend.template_dirs)]
    for folder in folders:
        for path in Path(folder).rglob("*.html"):
            try:
                get_template(path.relative_to(folder).as_posix())
            except (TemplateDoesNotExist, TemplateSyntaxError):
                # A library's template that is never used here (its tags not installed)
                # must not stop the site from starting; a page of ours that used it would fail
                # its tests.
                log.info("template %s not compiled at start", path, exc_info=True)
    try:
        for card in engine.all_cards():
            card_face(card.id)
    except ValueError as exc:  # the manifest storage's "Missing staticfiles manifest entry"
        raise ImproperlyConfigured(
            f"{exc}. With DEBUG=false, run `manage.py collectstatic` before serving.") from exc
    keyword_names()


def server_process_ready():
    """Warm the process, then freeze what it holds so that full collections skip it."""
    server_process_warm()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*settings.GC_THRESHOLDS)
