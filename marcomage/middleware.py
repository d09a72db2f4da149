"""Site-wide response fixes that no single view can make."""
from django.shortcuts import render


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
