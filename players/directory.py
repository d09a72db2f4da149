"""Finding a player by the name people type: the profile, the inbox's recipient, the
moderation forms and the API all look players up the same way."""
from players.models import Player


def player_by_name(name, *, with_banned=False):
    """The player of that name (any case); banned (inactive) accounts only if asked for."""
    if "\x00" in (name or ""):  # PostgreSQL refuses NUL in text; no user name contains one
        return None
    players = Player.objects.select_related("user", "settings", "award_counters")
    if not with_banned:
        players = players.filter(user__is_active=True)
    return players.filter(user__username__iexact=name).first()
