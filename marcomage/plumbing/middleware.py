"""Site-wide response fixes that no single view can make."""
from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.shortcuts import render

TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)


class OversizedFormPageMiddleware:
    """Answer a form over the upload limits (settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
    DATA_UPLOAD_MAX_NUMBER_FIELDS, DATA_UPLOAD_MAX_NUMBER_FILES) with a 413 page in the
    site's layout.

    Why here: Django finds out only when the form is first read, most often in
    CsrfViewMiddleware, and turns it into a bare "Bad Request (400)" page (with a logged
    traceback). Reading the form here first (Django keeps it: nobody reads it twice)
    catches it for every page. The API (/api/) answers in its own error shape
    (marcomage/api/api.py).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and not request.path.startswith("/api/"):
            try:
                request.POST  # noqa: B018 (parsed now, kept for the view)
            except TOO_LARGE:
                return render(request, "413.html", status=413, context={
                    "limit_kb": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024,
                    "max_fields": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS})
        return self.get_response(request)


class MethodNotAllowedPageMiddleware:
    """Give an empty 405 (require_POST and friends) a page in the site's layout.

    Opening an action's address directly (a bookmark, a pasted link, a reload) would
    otherwise show a blank page. Last in MIDDLEWARE, so the security headers still apply.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code == 405 and not getattr(response, "streaming", False)
                and not response.content):
            page = render(request, "405.html", status=405)
            page["Allow"] = response.get("Allow", "")
            return page
        return response
