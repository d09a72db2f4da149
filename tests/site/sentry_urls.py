"""A page that fails, with private texts in its form and its error (tests/site/test_sentry.py)."""
from django.urls import path

from marcomage import urls


def failing_view(request):
    body = request.POST.get("body", "")
    raise ValueError(f"could not send the message of {request.GET.get('email', '')}: {len(body)}")


urlpatterns = [path("fail/", failing_view, name="fail"), *urls.urlpatterns]
