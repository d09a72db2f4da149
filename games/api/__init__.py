"""The games in the public JSON API (/api/v1/): finished games and their replays, running
games' spectator view (``games.py``), post-game analyses (``analysis.py``), and the bots'
endpoints (``bot.py``) with their event stream (``stream.py``); the schemas they share in
``schemas.py``. The events', puzzles' and statistics' endpoints are in their features
(``games/tournaments/api.py``, ``games/puzzles/api.py``, ``games/statistics/api.py``).

Above the features (it reads the replays' and the lobby's selectors) and beside the
consumers: it reads a game only through the access step (games.services.access) and
changes one only through the services, as the pages do. The site's NinjaAPI mounts the
routers (marcomage/api/api.py).
"""
