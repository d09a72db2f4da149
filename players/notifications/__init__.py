"""Notifications: telling players what waits for them (issue 42).

A change that concerns a player (a move that hands him the turn, a challenge, a message, a
pairing of an event, a turn time limit about to run out, an opponent away for good) calls a
trigger (``triggers.py``) inside its transaction: it writes a Notification row. After the
commit a queued dispatch (``services.notification_dispatch``: Celery, or the process's
background threads without Redis) applies the player's preferences (``preferences.py``) and
the rules (``rules.py``: nothing for a game he has open (``presence.py``) or while he was
active a few minutes ago unless he chose "always"; one mail per game and turn; per-kind rate
limits), shows it in the bell (``live.py`` tells his sockets) and writes a Delivery per mail
and push subscription, each sent once with retries and backoff (``email.py``, ``push.py``).
The daily digest (``digest.py``) and the retries run from the periodic tick.
"""
