"""What every router of the public JSON API (/api/v1/) uses, whichever app it lives in:
the one error shape (``errors.py``) and the pagination of long lists (``pagination.py``).

A base layer package: it imports no app, so that each app's router (``decks/api.py``,
``players/profiles/api.py``, ``games/api/``, ...) may use it. Who calls the API (tokens,
rate limits) is ``players/tokens/auth.py``; the NinjaAPI that mounts the routers, with its
exception handlers, is the site's wiring in ``marcomage/api/``.
"""
