"""The home page's Replays panel: the newest finished games anyone may watch."""
from django import template

register = template.Library()


@register.inclusion_tag("games/replays/_dashboard_panel.html", takes_context=True)
def replays_dashboard_panel(context, limit=5):
    sections = context.get("sections_open", frozenset())
    if "replays" not in sections:
        return {"replays": None}
    from games.selectors_replays import latest_replays

    games = latest_replays(limit=limit)
    for game in games:
        game.winner_name = (game.player1_name if game.winner_id == game.player1_id
                            else game.player2_name if game.winner_id else "")
    return {"replays": games, "statistics_open": "statistics" in sections}
