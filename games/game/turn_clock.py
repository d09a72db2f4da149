"""The turn clock of a timed game (games/jinja2/games/game/_turn_clock.html): when the
player on turn runs out of time. The server stays the judge (games.services.moves
``substitute_move_allowed``); the page only counts down (static/js/site.js)."""
from datetime import timedelta

from django.utils import timezone

from games.models import Game


def turn_deadline(game):
    """{"deadline": moment, "remaining": whole seconds left (0 when past), "left": them as
    text, "seat": the seat on turn} for a running timed game between two players, else
    None."""
    if (game.is_ai or not game.turn_timeout or game.status != Game.Status.IN_PROGRESS
            or game.last_action_at is None):
        return None
    deadline = game.last_action_at + timedelta(seconds=game.turn_timeout)
    remaining = max(0, int((deadline - timezone.now()).total_seconds()))
    return {"deadline": deadline, "remaining": remaining, "left": clock_text(remaining),
            "seat": game.current_seat}


def clock_text(seconds: int) -> str:
    """4:07, or 1:04:07 past an hour (static/js/site.js writes it the same way)."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
