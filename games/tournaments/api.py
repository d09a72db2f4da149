"""Events in the public API (mounted by the site's NinjaAPI, marcomage/api/api.py): the list, one event, its standings and pairings
for anybody; joining and leaving for bots, in events that allow them.

Reads go through the events' selectors, changes through their services (the same rules as
the pages: a bot joins only an event that takes bots, with a deck the event's rule allows;
its games are ordinary games, found in ``/bot/games`` and the event stream). A refusal is
a 409 in the API's error shape. The schemas are here, beside the only endpoints that
answer them.
"""
from datetime import datetime

from ninja import Field, Query, Router, Schema
from ninja.pagination import paginate
from ninja.responses import Status

from decks.selectors import first_ready_deck_id
from marcomage.plumbing.api_base.errors import ApiError, not_found
from marcomage.plumbing.api_base.pagination import ApiPagination
from players.tokens.auth import bot_auth

from . import selectors, services
from .models import Entry, Kind, Pairing, Tournament
from .services import TournamentError

router = Router(tags=["tournaments"])
ID_MAX = 2**63 - 1
PAIRINGS_MAX = 200


class TournamentOut(Schema):
    id: int
    name: str
    kind: str
    status: str
    starts_at: datetime
    ends_at: datetime | None
    duration_minutes: int | None
    rounds: int | None
    current_round: int
    round_minutes: int | None
    turn_timeout: int
    hidden: bool
    long_mode: bool
    deck_rule: str
    min_level: int
    rated: bool
    bots_allowed: bool
    max_players: int
    players: int
    created_by: str | None
    version: int


class StandingOut(Schema):
    place: int
    player: str
    is_bot: bool
    score: float = Field(description="Arena: points (a win 2, a draw 1, doubled on a streak); "
                                     "Swiss: a win 1, a draw 0.5, a bye 1")
    games: int
    wins: int
    draws: int
    losses: int
    buchholz: float | None
    sonneborn_berger: float | None
    on_streak: bool
    status: str
    playing: bool


class PairingOut(Schema):
    round: int
    first: str
    second: str | None = Field(description="None for a Swiss bye")
    game_id: int | None
    result: str = Field(description="pending, first, second, draw, bye or unscored")
    first_points: int
    second_points: int


class TournamentsQuery(Schema):
    status: Tournament.Status | None = None


class PairingsQuery(Schema):
    round: int | None = Field(None, ge=0, le=1000,
                              description="A Swiss round (default: the current one)")


class JoinIn(Schema):
    deck_id: int | None = Field(None, description="One of the bot's complete decks (its first "
                                                  "by name when neither is given)")
    starter: int | None = Field(None, ge=0, le=2,
                                description="Events of starter decks: which starter deck")


class EntryOut(Schema):
    tournament_id: int
    status: str
    score: int
    games: int


def _event(tournament_id: int) -> Tournament:
    tournament = (selectors.tournament_get(tournament_id) if 0 < tournament_id <= ID_MAX
                  else None)
    if tournament is None:
        raise not_found("That event")
    return tournament


def tournament_out(tournament: Tournament, players: int) -> dict:
    arena = tournament.kind == Kind.ARENA
    return {
        "id": tournament.pk, "name": tournament.name, "kind": tournament.kind,
        "status": tournament.status, "starts_at": tournament.starts_at,
        "ends_at": tournament.ends_at,
        "duration_minutes": tournament.duration_minutes if arena else None,
        "rounds": None if arena else tournament.rounds,
        "current_round": tournament.current_round,
        "round_minutes": None if arena else tournament.round_minutes,
        "turn_timeout": tournament.turn_timeout, "hidden": tournament.hidden,
        "long_mode": tournament.long_mode, "deck_rule": tournament.deck_rule,
        "min_level": tournament.min_level, "rated": tournament.rated,
        "bots_allowed": tournament.bots_allowed, "max_players": tournament.max_players,
        "players": players,
        "created_by": tournament.created_by.name if tournament.created_by else None,
        "version": tournament.version,
    }


@router.get("/tournaments", response=list[TournamentOut], url_name="tournaments",
            summary="Events, the latest start first (filter by status: upcoming, running, "
                    "finished, cancelled)")
@paginate(ApiPagination)
def tournaments(request, filters: Query[TournamentsQuery]):
    rows = selectors.api_events(status=filters.status).select_related("created_by__user")
    return _Counted(rows)


class _Counted:
    """A queryset whose page is annotated with the players' counts (one query a page)."""

    def __init__(self, rows):
        self.rows = rows

    def count(self):
        return self.rows.count()

    def __getitem__(self, page):
        events = selectors.with_player_counts(list(self.rows[page]))
        return [tournament_out(t, t.players) for t in events]


@router.get("/tournaments/{tournament_id}", response=TournamentOut, url_name="tournament")
def tournament(request, tournament_id: int):
    event = _event(tournament_id)
    return tournament_out(event, selectors.players_count(event))


@router.get("/tournaments/{tournament_id}/standings", response=list[StandingOut],
            url_name="tournament_standings",
            summary="The standings: place, score, games, tie-breaks (Swiss), state")
def tournament_standings(request, tournament_id: int):
    event = _event(tournament_id)
    swiss = event.kind == Kind.SWISS
    return [{
        "place": row["place"], "player": row["name"], "is_bot": row["is_bot"],
        "score": row["score"], "games": row["games"], "wins": row["wins"],
        "draws": row["draws"], "losses": row["losses"],
        "buchholz": row["buchholz"] if swiss else None,
        "sonneborn_berger": row["sonneborn"] if swiss else None,
        "on_streak": row["on_fire"], "status": row["status"], "playing": row["playing"],
    } for row in selectors.standings(event)]


_RESULT_WORDS = {Pairing.Result.WHITE: "first", Pairing.Result.BLACK: "second"}


@router.get("/tournaments/{tournament_id}/pairings", response=list[PairingOut],
            url_name="tournament_pairings",
            summary=f"A Swiss round's pairings, or an arena's newest {PAIRINGS_MAX} games")
def tournament_pairings(request, tournament_id: int, filters: Query[PairingsQuery]):
    event = _event(tournament_id)
    if event.kind == Kind.SWISS:
        rows = selectors.pairings(event, round_number=filters.round if filters.round is not None
                                  else event.current_round)
    else:
        rows = selectors.pairings(event, limit=PAIRINGS_MAX)
    return [{
        "round": p.round, "first": p.white.player.name,
        "second": p.black.player.name if p.black else None, "game_id": p.game_id,
        "result": _RESULT_WORDS.get(p.result, p.result), "first_points": p.white_points,
        "second_points": p.black_points,
    } for p in rows]


def _refused(exc: TournamentError) -> ApiError:
    return ApiError(409, exc.code, exc.message)


@router.post("/bot/tournaments/{tournament_id}/join", response=EntryOut, auth=bot_auth,
             url_name="bot_tournament_join",
             summary="Join an event that takes bots (a running arena too); its games then "
                     "come like any other game")
def bot_tournament_join(request, tournament_id: int, body: JoinIn | None = None):
    player = request.auth.player
    event = _event(tournament_id)
    body = body or JoinIn()
    if body.starter is not None:
        choice = f"{services.STARTER}{body.starter}"
    elif body.deck_id is not None:
        choice = body.deck_id
    else:
        choice = first_ready_deck_id(player)
        if choice is None and event.deck_rule != "starter":
            raise ApiError(409, "deck", "The bot has no complete deck to play with.")
    try:
        entry = services.tournament_join(tournament_id=event.pk, player=player, deck=choice)
    except TournamentError as exc:
        raise _refused(exc)
    return {"tournament_id": event.pk, "status": entry.status, "score": entry.score,
            "games": entry.games}


@router.post("/bot/tournaments/{tournament_id}/leave", response={204: None}, auth=bot_auth,
             url_name="bot_tournament_leave",
             summary="Leave an event (before its start) or withdraw from it")
def bot_tournament_leave(request, tournament_id: int):
    event = _event(tournament_id)
    if not Entry.objects.filter(tournament=event, player=request.auth.player).exists():
        raise not_found("Your entry in that event")
    try:
        services.tournament_leave(tournament_id=event.pk, player=request.auth.player)
    except TournamentError as exc:
        raise _refused(exc)
    return Status(204, None)
