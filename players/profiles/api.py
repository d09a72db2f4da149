"""Players' public profiles in the API (/api/v1/players...): name, bot mark, level, EXP,
results, Glicko-2 rating. Mounted by the site's NinjaAPI (marcomage/api/api.py)."""
from datetime import date, datetime
from typing import Literal

from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate

from marcomage.plumbing.api_base.errors import not_found
from marcomage.plumbing.api_base.pagination import ApiPagination, Mapped
from players.directory import player_by_name
from players.models import Player, RatingHistory

router = Router(tags=["players"])


class PlayerOut(Schema):
    name: str
    is_bot: bool
    level: int
    exp: int
    wins: int
    losses: int
    draws: int
    rating: float
    rating_deviation: float
    joined: date


class RatingPointOut(Schema):
    game: int
    opponent: str
    result: str
    rating: float
    deviation: float
    at: datetime


PLAYER_SORTS = {
    "level": ("-level", "-exp", "user__username"),
    "rating": ("-rating", "user__username"),
    "name": ("user__username",),
}


class PlayerListIn(Schema):
    name: str = Field("", max_length=150, description="part of the name")
    sort: Literal["level", "rating", "name"] = "level"


def player_out(player: Player) -> dict:
    return {"name": player.name, "is_bot": player.is_bot, "level": player.level,
            "exp": player.exp, "wins": player.wins, "losses": player.losses,
            "draws": player.draws, "rating": round(player.rating, 2),
            "rating_deviation": round(player.rating_deviation, 2),
            "joined": player.created_at.date()}


def _public_player(name: str) -> Player:
    player = player_by_name(name)
    if player is None:
        raise not_found("That player")
    return player


@router.get("/players", response=list[PlayerOut], url_name="players")
@paginate(ApiPagination)
def player_list(request, filters: Query[PlayerListIn]):
    players = Player.objects.select_related("user").filter(user__is_active=True)
    search = filters.name.replace("\x00", "").strip()
    if search:
        players = players.filter(user__username__icontains=search)
    return Mapped(players.order_by(*PLAYER_SORTS[filters.sort]), player_out)


@router.get("/players/{name}", response=PlayerOut, url_name="player")
def player_detail(request, name: str):
    return player_out(_public_player(name))


@router.get("/players/{name}/rating-history", response=list[RatingPointOut],
            url_name="player_rating_history", summary="The player's Glicko-2 rating after each rated game, oldest first")
@paginate(ApiPagination)
def player_rating_history(request, name: str):
    player = _public_player(name)
    return Mapped(RatingHistory.objects.filter(player=player).order_by("created_at", "pk"),
                  lambda row: {"game": row.game_id, "opponent": row.opponent_name,
                               "result": row.result, "rating": round(row.rating, 2),
                               "deviation": round(row.deviation, 2), "at": row.created_at})
