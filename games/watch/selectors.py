"""Read-only queries of the spectators' pages: the Watch list and a watched game's page
(a fixed number of SQL queries each)."""
from django.db.models import F
from django.db.models.functions import Greatest

from games import services as gs
from games.models import Game
from games.services.access import WATCHABLE

# mode filter -> the games it keeps
MODE_FILTERS = {
    "hidden": {"is_hidden": True}, "open": {"is_hidden": False},
    "long": {"is_long": True}, "normal": {"is_long": False},
    "friendly": {"is_friendly": True}, "scored": {"is_friendly": False},
}

_LIST_FIELDS = ("id", "player1_id", "player2_id", "status", "round", "is_hidden",
                "is_friendly", "is_long", "is_ai", "turn_timeout", "current_seat",
                "last_action_at", "started_at",
                "player1__id", "player1__level", "player1__is_bot", "player1__user__id",
                "player1__user__username", "player2__id", "player2__level",
                "player2__is_bot", "player2__user__id", "player2__user__username")


def watchable_games(*, mode: str = ""):
    """Running games that may be watched, the highest levels first (the stronger player,
    then both together), then the latest move; a queryset for the paginator."""
    games = Game.objects.filter(WATCHABLE).filter(**MODE_FILTERS.get(mode, {}))
    return (games.select_related("player1__user", "player2__user").only(*_LIST_FIELDS)
            .annotate(top_level=Greatest("player1__level", "player2__level"),
                      levels=F("player1__level") + F("player2__level"))
            .order_by("-top_level", "-levels", F("last_action_at").desc(nulls_last=True),
                      "-pk"))


def spectator_page(game: Game) -> dict:
    """The context of a watched game's page and of its board partial."""
    board = gs.spectator_board(game)
    names = (game.player1_name, game.player2_name)
    on_turn = names[board["current"]] if board["running"] else ""
    winner = ""
    if board["winner_seat"] in (0, 1):
        winner = names[board["winner_seat"]]
    return {"game": game, "board": board, "names": names, "on_turn_name": on_turn,
            "winner_name": winner, "spectator": True,
            "spectators": gs.spectators_count(game.pk)}
