"""Where to send the browser back to after a form: only ever a page of this site."""
from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request, fallback):
    """The form's `next` address when it points into this site, else `fallback`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    # Only a path: redirect() would take a bare word like "abc" for a view name and fail.
    if target.startswith("/") and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return fallback
