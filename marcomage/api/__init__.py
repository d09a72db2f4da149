"""The public JSON API, /api/v1/ (django-ninja): the wiring of the site layer.

The endpoints live in their apps, beside the pages, each app's router reading through its
selectors and the access step (games.services.access) and changing things only through its
services: ``decks/api.py``, ``players/profiles/api.py``, ``games/api/``,
``games/statistics/api.py``, ``games/puzzles/api.py``, ``games/tournaments/api.py``. What
they all use sits below the apps: the one error shape and the pagination
(``marcomage/plumbing/api_base/``), who calls and how often (``players/tokens/auth.py``).

Here: the NinjaAPI with the routers, the default authentication and the exception handlers
(``api.py``), its URLs (``urls.py``), and the bots' event stream mounted on the ASGI side
(``stream.py``). Every response is built from an explicit schema beside its router: a field
that is not listed there cannot leave the server.
"""
