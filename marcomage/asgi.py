"""ASGI entry point: HTTP goes to Django through a fixed thread pool, websockets to Channels.

See marcomage/httppool.py for why HTTP is served by Django's WSGI handler on long-lived
threads rather than by its ASGI handler. One HTTP address is answered before the pool:
bots' event streams (GET /api/v1/bot/stream, marcomage/api/stream.py) stay open for long
and are fed by the channel layer, so they run on the event loop and never take a thread.
The lifespan starts the periodic sweeps' thread where they belong in the server process
(marcomage/plumbing/periodic.py).
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.settings")
# Django must be set up before anything touching models is imported.
get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from marcomage.api.stream import with_bot_stream  # noqa: E402
from marcomage.httppool import BoundedHTTP  # noqa: E402
from marcomage.plumbing.metrics import CountedSockets  # noqa: E402
from marcomage.plumbing.periodic import server_lifespan  # noqa: E402
from marcomage.routing import websocket_urlpatterns  # noqa: E402
from marcomage.site.warmup import server_process_ready  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": with_bot_stream(BoundedHTTP(get_wsgi_application(),
                                            threads=settings.HTTP_THREADS,
                                            queue_max=settings.HTTP_QUEUE_MAX)),
        "websocket": CountedSockets(AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        )),
        # Without Redis the periodic sweeps run on a thread of the server process
        # (marcomage/plumbing/periodic.py), started and stopped here.
        "lifespan": server_lifespan,
    }
)

# Last: everything the application holds is built by now (see marcomage/site/warmup.py).
server_process_ready()
