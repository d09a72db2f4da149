"""Site sections and the level at which a tutorial player unlocks each.

New players start at level 0 in the tutorial: the sections below open one per
level, and at TUTORIAL_END_LEVEL everything is open (for staff and moderators it
always is). The help page shows the
same table (only for sections the site has). Templates test
`{% if "decks" in sections_open %}`; views use `@section_required("decks")`.
"""
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from games.engine import TUTORIAL_END_LEVEL  # the rules own the number
from players.roles import passes_tutorial_gates

# section key -> level needed (0 = open from the start).
SECTION_LEVELS = {
    "games": 0,
    "players": 0,
    "messages": 0,
    "settings": 0,
    "shop": 0,
    "forum": 0,
    "decks": 1,
    "cards": 2,
    "replays": 3,
    "novels": 4,
    "concepts": 5,
    "statistics": 6,
}

SECTION_LABELS = {
    "games": "Games",
    "players": "Players",
    "messages": "Messages",
    "settings": "Settings",
    "shop": "Shop",
    "forum": "Forum",
    "decks": "Decks",
    "cards": "Cards",
    "replays": "Replays",
    "novels": "Novels",
    "concepts": "Concepts",
    "statistics": "Statistics",
}


def section_level(key: str) -> int:
    return 0 if key not in SECTION_LEVELS else SECTION_LEVELS[key]


def sections_open_for(player) -> frozenset:
    """The sections ``player`` may open: by level in the tutorial; all of them past it, and
    always for staff and moderators (their work must not wait for a level)."""
    if player is None:
        return frozenset()
    if player.level >= TUTORIAL_END_LEVEL or passes_tutorial_gates(player):
        return frozenset(SECTION_LEVELS)
    return frozenset(key for key, level in SECTION_LEVELS.items() if player.level >= level)


def section_required(key: str, *, unless=None):
    """View decorator: log-in required, and the player's level must have opened `key`.

    A tutorial player who is not there yet gets a 403 page saying at which level
    the section opens (never a bare error). ``unless(request, *args, **kwargs)``: a page of
    the section that is his before that level (a replay of his own game: its end screen
    links it) lets him in when it answers True; asked only of a player the section is
    closed to.
    """
    if key not in SECTION_LEVELS:
        raise ValueError(f"unknown site section {key!r}")

    def decorator(view):
        @login_required
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            player = request.user.player
            if key not in sections_open_for(player) and not (
                    unless is not None and unless(request, *args, **kwargs)):
                return render(request, "players/section_locked.html", {
                    "section_label": SECTION_LABELS[key],
                    "section_level": SECTION_LEVELS[key],
                }, status=403)
            return view(request, *args, **kwargs)
        return wrapped
    return decorator
