"""The request's helpers that refer back to the request do so weakly, so that a request and
everything it holds is freed by reference counting when it is answered.

Why: Django's authentication middleware gives the request a lazy user and an ``auser``
whose closures hold the request; the message storage and django-htmx's details keep the
request they belong to; a page's template context (which holds the request) and the dicts
pushed on it refer to each other. Each made the request a reference cycle, which only the
garbage collector frees: every request left its whole graph (the environ, the session, the
URL match with its list of patterns tried, the forms) to it. Measured at 400 live games
(load harness, a ``gc.DEBUG_SAVEALL`` census of a server process; these cycles and the
others in docs/performance.md, "What we learned"): about 280 objects of garbage a request
before, 14 after; a young collection (8 ms of CPU, every thread stopped) 2-3 times a second
per process before, every 8-10 s after, and fewer of the older ones they feed (50-140 ms).

Leans on Django's and django-htmx's private internals: docs/decisions/0005-weak-request.md
(why, what it saves, how to remove it); guarded by tests/plumbing/test_fork_weak_request.py.
"""
import weakref
from functools import partial

from django.contrib.auth import middleware as auth_middleware
from django.contrib.auth.middleware import auser, get_user
from django.contrib.messages.storage import cookie, fallback, session
from django.template import TemplateDoesNotExist
from django.template.backends import django as django_templates
from django.template.backends.django import reraise
from django.utils.functional import SimpleLazyObject
from django_htmx import middleware as htmx_middleware


def _user_of(request_ref):
    return get_user(request_ref())


async def _auser_of(request_ref):
    return await auser(request_ref())


class AuthenticationMiddleware(auth_middleware.AuthenticationMiddleware):
    """Django's AuthenticationMiddleware (``request.user``, ``request.auser``), holding the
    request weakly."""

    def process_request(self, request):
        super().process_request(request)  # its checks; what it sets is replaced here
        request_ref = weakref.ref(request)
        request.user = SimpleLazyObject(partial(_user_of, request_ref))
        request.auser = partial(_auser_of, request_ref)


class _WeakRequest:
    """A helper's ``request`` attribute, held weakly."""

    @property
    def request(self):
        return self._request_ref()

    @request.setter
    def request(self, request):
        self._request_ref = weakref.ref(request)


class HtmxDetails(_WeakRequest, htmx_middleware.HtmxDetails):
    pass


class HtmxMiddleware(htmx_middleware.HtmxMiddleware):
    """django-htmx's middleware (``request.htmx``), its details holding the request weakly."""

    def __call__(self, request):
        if self.async_mode:
            return self.__acall__(request)
        request.htmx = HtmxDetails(request)
        return self.get_response(request)

    async def __acall__(self, request):
        request.htmx = HtmxDetails(request)
        return await self.get_response(request)


class CookieStorage(_WeakRequest, cookie.CookieStorage):
    pass


class SessionStorage(_WeakRequest, session.SessionStorage):
    pass


class FallbackStorage(_WeakRequest, fallback.FallbackStorage):
    """Django's default message storage (a cookie, the session beyond its size)."""
    storage_classes = (CookieStorage, SessionStorage)


class _LetsGoOfItsContext:
    """A compiled Django template (``django.template.base.Template``) whose ``render(context)``
    (its documented entry point, which Django's backend calls with the context it made)
    clears the context's dicts once the page is drawn: each dict pushed on a context refers
    back to it (Django's ``ContextDict``), a cycle per render. Anything else is the
    template's own."""

    __slots__ = ("template",)

    def __init__(self, template):
        self.template = template

    def render(self, context):
        try:
            return self.template.render(context)
        finally:
            context.dicts.clear()

    def __getattr__(self, name):
        return getattr(self.template, name)


class DjangoTemplates(django_templates.DjangoTemplates):
    """Django's template engine, whose rendered pages leave no context cycle behind: its own
    look-ups and its own ``Template.render`` (the backend's), drawing a template that lets go
    of its context's dicts (docs/decisions/0005-weak-request.md)."""

    def from_string(self, template_code):
        return django_templates.Template(
            _LetsGoOfItsContext(self.engine.from_string(template_code)), self)

    def get_template(self, template_name):
        try:
            return django_templates.Template(
                _LetsGoOfItsContext(self.engine.get_template(template_name)), self)
        except TemplateDoesNotExist as exc:
            reraise(exc, self)
