"""Web push: the players' browser subscriptions (the settings page's "This device" block and
the game page's offer), sending one push (``services.push_send``, called by the
notifications' queued delivery), the site's VAPID keys (``keys.py``)."""
