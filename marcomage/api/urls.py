"""/api/v1/ under the site's URLs: the NinjaAPI's routes, answering JSON even for a wrong
method (405) or an unknown address under /api/ (404)."""
import functools

from django.urls import path

from marcomage.plumbing.api_base.errors import error_response

from .api import api


def _json_405(view):
    """django-ninja answers a wrong method with a plain-text 405; give it the error shape
    (the site's MethodNotAllowedPageMiddleware leaves responses with content alone)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if (response.status_code == 405
                and not response.get("Content-Type", "").startswith("application/json")):
            return error_response(405, "method_not_allowed",
                                  f"{request.method} is not allowed here.",
                                  headers={"Allow": response.get("Allow", "")})
        return response

    return wrapped


def api_not_found(request, rest=""):
    return error_response(404, "not_found", "There is no such API address; see /api/v1/docs.")


def api_urlpatterns():
    patterns, app_name, namespace = api.urls
    for pattern in patterns:
        pattern.callback = _json_405(pattern.callback)
    return (patterns, app_name, namespace)


urlpatterns = [
    path("api/v1/", api_urlpatterns()),
    path("api/<path:rest>", api_not_found, name="api_not_found"),
]
