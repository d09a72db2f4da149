"""Guards of marcomage/weak_request.py (docs/decisions/0005-weak-request.md).

It replaces what Django's authentication middleware, its message storage, django-htmx's
middleware and Django's template backend set up, so that none of them holds the request
(or the context) in a reference cycle. These fail when a library sets up something more or
different than what the fork replaces, or when a request or a page is left to the garbage
collector again.
"""
import inspect
import weakref

from django.contrib.auth import middleware as auth_middleware
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage import cookie, fallback, session
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.http import HttpResponse
from django.template import engines
from django.template.backends import django as django_templates
from django.test import RequestFactory
from django_htmx import middleware as htmx_middleware

from marcomage import weak_request

from .pins import assert_checked_with

RECORD = "0005-weak-request.md"


def test_django_and_django_htmx_are_versions_the_fork_was_checked_with():
    assert_checked_with("Django", "5.2", "5.3", RECORD)
    assert_checked_with("django-htmx", "1.29", "1.30", RECORD)


def _request():
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    request.session = SessionStore()
    return request


def _set_by(setup, request) -> set[str]:
    before = set(vars(request))
    setup(request)
    return set(vars(request)) - before


def test_djangos_auth_middleware_sets_only_what_ours_replaces():
    stock = auth_middleware.AuthenticationMiddleware(lambda r: HttpResponse())
    assert _set_by(stock.process_request, _request()) == {"user", "auser"}
    for name in ("get_user", "auser"):  # the module's helpers ours calls with the request
        assert list(inspect.signature(getattr(auth_middleware, name)).parameters) == [
            "request"], name


def test_django_htmx_sets_only_what_ours_replaces():
    stock = htmx_middleware.HtmxMiddleware(lambda r: HttpResponse())
    request = _request()
    assert _set_by(lambda r: stock(r), request) == {"htmx"}
    assert type(request.htmx) is htmx_middleware.HtmxDetails
    assert "self.request = request" in inspect.getsource(htmx_middleware.HtmxDetails.__init__)


def test_djangos_message_storages_are_the_ones_ours_replaces():
    assert fallback.FallbackStorage.storage_classes == (cookie.CookieStorage,
                                                        session.SessionStorage)
    assert weak_request.FallbackStorage.__mro__[1:3] == (weak_request._WeakRequest,
                                                         fallback.FallbackStorage)


def test_a_request_with_all_of_them_is_freed_without_the_collector(collector_off):
    request = _request()
    weak_request.AuthenticationMiddleware(lambda r: HttpResponse()).process_request(request)
    weak_request.HtmxMiddleware(lambda r: HttpResponse())(request)
    request._messages = weak_request.FallbackStorage(request)
    assert isinstance(request.user, AnonymousUser) and request.htmx
    assert request._messages.request is request
    assert all(storage.request is request for storage in request._messages.storages)
    gone = weakref.ref(request)
    del request
    assert gone() is None, "a helper holds its request in a cycle again"


def test_djangos_backend_draws_its_template_with_the_context_it_made():
    """The fork hands Django's backend ``Template`` a wrapper of the compiled template whose
    ``render(context)`` clears the context after: the backend must still call exactly that."""
    source = inspect.getsource(django_templates.Template.render)
    assert "self.template.render(context)" in source
    assert list(inspect.signature(django_templates.Template.__init__).parameters) == [
        "self", "template", "backend"]


def test_a_page_leaves_no_context_cycle_and_renders_as_djangos(collector_off):
    engine = engines["django"]
    assert isinstance(engine, weak_request.DjangoTemplates)
    source = "{% for i in items %}{% with j=i %}{{ j }}{% endwith %}{% endfor %}{{ x }}"
    template = engine.from_string(source)
    assert type(template) is django_templates.Template

    class Value:
        def __str__(self):
            return "<v>"
    value = Value()
    request = _request()
    request.user = AnonymousUser()
    html = template.render({"items": [1, 2], "x": value}, request)
    assert html == "12&lt;v&gt;"
    gone = weakref.ref(value)
    del value
    assert gone() is None, "the page's context is left in a cycle again"
    assert engine.get_template("404.html").origin.name.endswith("404.html")
