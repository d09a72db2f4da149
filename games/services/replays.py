"""The replays' one state change: counting a view."""
from django.db.models import F

from games.models import Game


def replay_count_view(*, game_id: int, session) -> bool:
    """Count one view of a public replay, once per viewer session; True if it counted.

    The session remembers the replays it has seen, so stepping through a game (every step is
    a page load) counts once. The counter is bumped with an UPDATE ... SET views = views + 1,
    so two viewers at once never lose a count.
    """
    seen = session.get(SEEN_SESSION_KEY, [])
    if game_id in seen:
        return False
    Game.objects.filter(pk=game_id).update(replay_views=F("replay_views") + 1)
    # Keep the session small: the oldest remembered replays are forgotten first.
    session[SEEN_SESSION_KEY] = (seen + [game_id])[-SEEN_REMEMBERED:]
    return True


SEEN_SESSION_KEY = "replays_seen"
SEEN_REMEMBERED = 500
