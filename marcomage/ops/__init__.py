"""What the people who run the site poll and scrape: health probes and metrics.

``health.py`` the checks behind ``/health/ready``; ``scrape.py`` the figures read at a
scrape (queue lengths, games running); ``views.py`` the three endpoints and the middleware
that answers them before the rest of the site (no session, no host check, no redirect).
"""
