"""marcomage's plumbing: the base modules that every app may use and that import no app
and nothing of the site (import-linter contracts in pyproject.toml): helpers that know no
feature (bbcode, images, plain text, redirects, flood control), the middleware, the cache's
connection factory, request and task context, logs, metrics, heartbeats, Sentry, the
background threads, the live plumbing (sending to the channel layer from any thread, the
base of the site's websocket consumers and their cap, the periodic sweeps without beat),
and what every router of the public API uses (``api_base``).

The site's wiring stays at marcomage's top (settings, celery, urls, asgi, wsgi, routing)
with the site layer's packages (site, api, novels, ops, privacy). A few base modules still
stand at the top beside them, in the same base layer: prepared, httppool, channel_layer,
websocket_protocol, weak_request, csrf and http_protocol.
"""
