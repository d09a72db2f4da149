"""The live notices of an event, sent after commit.

- "event N changed" (its id and version) to the event's group: every open event page's
  socket (games.tournaments.consumers) sends its page the event's live panel, coalesced
  (at most one panel every few seconds, of the newest version).
- "your game of event N is game G" to a paired player's own group of that event (the
  sockets of his event pages) and to his own player group (the sockets of his game pages:
  the page of the game he has just finished opens the next one, as lichess's arenas do),
  and nobody else's; they send it on at once as a small frame. The players' pairings must
  not wait for the panel.

Sending never fails the change that caused it (marcomage.plumbing.live_send logs a channel layer
that is down; the pages then poll).
"""
from django.db import transaction

from games.services.events import player_group
from marcomage.plumbing import live_send


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def entrant_group(tournament_id: int, player_id: int) -> str:
    """The sockets of ``player_id``'s own pages of the event (his, and only his)."""
    return f"tournament-{tournament_id}-player-{player_id}"


def publish_tournament_changed(tournament) -> None:
    """After commit: tell the event's pages that it changed (``tournament.version`` is the
    version saved with the change)."""
    tournament_id, version = tournament.pk, tournament.version

    def _publish():
        live_send.group_send_all([(tournament_group(tournament_id), {
            "type": "tournament.changed", "tournament": tournament_id, "version": version})])

    transaction.on_commit(_publish)


def publish_games_paired(tournament_id: int, games: list[tuple[int, int, int]]) -> None:
    """After commit: tell each paired player his new game (``games``: (game id, white's
    player id, black's player id)), in one go."""
    if not games:
        return
    messages = [(group, {"type": "tournament.game", "tournament": tournament_id,
                         "game": game_id})
                for game_id, *players in games for player_id in players
                for group in (entrant_group(tournament_id, player_id),
                              player_group(player_id))]
    transaction.on_commit(lambda: live_send.group_send_all(messages))
