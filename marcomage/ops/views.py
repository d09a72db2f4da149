"""``/health/live``, ``/health/ready`` and ``/metrics``.

They are answered by ``ProbeMiddleware``, first in MIDDLEWARE, before the rest of the site:
no session, no user, no CSRF, no host check (a load balancer polls by the node's address,
which ALLOWED_HOSTS need not list), no redirect to HTTPS (it polls over plain HTTP inside
the network), no log line (one a second per balancer would drown the real ones). The same
views are in the URLconf too (their names, the URL inventory's checks).

- live: the process answers (200 "ok"); nothing is checked.
- ready: the readiness checks (``marcomage.ops.health``): 200 or 503 and, as JSON, each
  check's name and "ok" or "fail".
- metrics: Prometheus's text format. Not public: with ``METRICS_TOKEN`` set, only a
  request bearing it (``Authorization: Bearer <token>``); without it, only from this
  machine and not through a proxy (a request with forwarding headers is refused). Anything
  else is a 404, as for a page that does not exist.
"""
import hmac
import json

from django.conf import settings
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from marcomage.ops import health
from marcomage.ops.scrape import ScrapeCollector
from marcomage.plumbing import metrics

LOCAL_ADDRESSES = frozenset({"127.0.0.1", "::1"})
PROXY_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
NO_STORE = "no-store"

_scrape_registry = CollectorRegistry(auto_describe=False)
_scrape_registry.register(ScrapeCollector())


@require_GET
def live(request):
    response = HttpResponse(b"ok", content_type="text/plain")
    response["Cache-Control"] = NO_STORE
    return response


@require_GET
def ready(request):
    is_ready, results = health.readiness()
    body = {"status": "ok" if is_ready else "fail",
            "checks": {name: "ok" if passed else "fail" for name, passed in results.items()}}
    response = HttpResponse(json.dumps(body), content_type="application/json",
                            status=200 if is_ready else 503)
    response["Cache-Control"] = NO_STORE
    return response


def metrics_allowed(request) -> bool:
    token = settings.METRICS_TOKEN
    if token:
        given = request.META.get("HTTP_AUTHORIZATION", "")
        return given.startswith("Bearer ") and hmac.compare_digest(
            given[7:].strip().encode(), token.encode())
    return (request.META.get("REMOTE_ADDR") in LOCAL_ADDRESSES
            and not any(header in request.META for header in PROXY_HEADERS))


@require_GET
def metrics_page(request):
    if not metrics_allowed(request):
        raise Http404
    metrics.db_connections_update()
    body = generate_latest(metrics.registry()) + generate_latest(_scrape_registry)
    response = HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = NO_STORE
    return response


PROBES = {"/health/live": live, "/health/ready": ready, "/metrics": metrics_page}


class ProbeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        probe = PROBES.get(request.path_info)
        if probe is None or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        try:
            return probe(request)
        except Http404:
            return HttpResponse(b"Not Found", content_type="text/plain", status=404)
