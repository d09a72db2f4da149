"""Tournaments: arena and Swiss events (issue 27), a Django app of its own (label
"tournaments") inside the games package.

    rules.py       scoring, arena pairing, Swiss pairing (networkx), tie-breaks: no Django
    models.py      the event, its entries, its pairings, the administrators' schedules
    services.py    every state change (create, join, leave, pause, start, pair, results)
    selectors.py   what the pages, the API and the navigation read
    events.py      the live notice "event N changed", sent after commit
    tasks.py       Celery tasks (idempotent: pairing claims are conditional UPDATEs)
    consumers.py   the event page's websocket

A game of an event is an ordinary game (games.services.lobby.game_start_arranged); its end
reaches this app through games.services.events.game_finished (a signal sent after commit).
"""
