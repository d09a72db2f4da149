"""The bell's live update: "your notices changed" to every socket of the player.

Every page of a signed-in player holds a socket in the group below (the navigation's, or a
game page's: games.consumers joins it); the message carries no content, and the page
fetches its own bell (the unread count and the list) over HTTP.
"""
from marcomage.plumbing import live_send


def player_group(player_id: int) -> str:
    """Every live socket of ``player_id``: his pages' (games.consumers) and, for a bot, its
    event stream (games.api.stream). games.services.events publishes "your games
    changed" to it too."""
    return f"games-player-{player_id}"


def publish_notices_changed(*player_ids: int) -> None:
    """Tell these players' pages to fetch their bell again (sent now: the caller has
    committed; never raises)."""
    live_send.group_send_all([(player_group(pid), {"type": "notices.changed"})
                              for pid in player_ids if pid])
