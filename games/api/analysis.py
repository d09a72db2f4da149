"""Post-game analysis of finished games (games.services.analysis): ask for it, read it.

The same rules as on the replay page: anyone may read or ask for the analysis of a public
replay, a player also for his own finished games (with his token); anybody else gets a
404, as for a missing game. Unlike the replay page, a game against the computer is its
player's own only (games/api/games.py): anybody else gets the 404. The access step
decides (games.services.access, as_=API_REPLAY). Asking needs a token and is rate limited
like the page (the "analysis" flood limit of the token's account); asking again for an
analysis that exists is free and returns it.
"""
from ninja import Router, Schema
from ninja.responses import Status

from games import services as gs
from games.models import GameAnalysis
from games.services.access import API_REPLAY
from marcomage.plumbing.api_base.errors import ApiError
from marcomage.plumbing.flood import flood_refusal

router = Router(tags=["analysis"])


class AnalysisMoveOut(Schema):
    kind: str
    position: int
    mode: int
    card: int
    name: str


class AnalysisTurnOut(Schema):
    """One judged move: the turn's ``number`` (``step`` = the replay step before it), the
    mover's ``seat``, both seats' win probability before it (``win``), what it cost the
    mover (``loss``), and the computer's choice (``best``)."""

    number: int
    step: int
    seat: int
    round: int
    win: list[float]
    loss: float
    marked: bool
    by_player: bool
    played: AnalysisMoveOut
    best: AnalysisMoveOut


class AnalysisOut(Schema):
    game: int
    status: str
    progress: int
    total: int
    percent: int
    error: str
    level: str | None = None
    simulations: int | None = None
    turns: list[AnalysisTurnOut] | None = None
    final: list[float] | None = None


def analysis_out(analysis: GameAnalysis) -> dict:
    out = {"game": analysis.game_id, "status": analysis.status,
           "progress": analysis.progress, "total": analysis.total,
           "percent": analysis.percent, "error": analysis.error}
    if analysis.status == GameAnalysis.Status.DONE:
        result = analysis.result
        out.update(level=result.get("level"), simulations=result.get("simulations"),
                   turns=result.get("turns", []), final=result.get("final"))
    return out


@router.get("/games/{game_id}/analysis", response=AnalysisOut, url_name="game_analysis",
            summary="The post-game analysis of a finished game: status, progress and, when "
                    "done, every judged move")
def analysis_detail(request, game_id: int):
    analysis = gs.analysis_for(game_id=game_id, player=request.auth.player, as_=API_REPLAY)
    if analysis is None:
        raise ApiError(404, "not_found", "No analysis of this game was asked for yet: POST "
                                         "to this address to ask for one.")
    return analysis_out(analysis)


@router.post("/games/{game_id}/analysis", response={200: AnalysisOut, 202: AnalysisOut},
             url_name="game_analysis_request",
             summary="Ask for the post-game analysis of a finished game (a token is needed; "
                     "202 when it was queued now, 200 when it exists)")
def analysis_request(request, game_id: int):
    client = request.auth
    if client.token is None:
        raise ApiError(401, "unauthorized", "Asking for an analysis needs a token: "
                                            "'Authorization: Bearer <token>'.",
                       headers={"WWW-Authenticate": 'Bearer realm="api"'})
    player = client.player
    existing = gs.analysis_for(game_id=game_id, player=player, as_=API_REPLAY)
    if existing is None:
        request.user = player.user  # the flood limit counts per account, as on the page
        refusal = flood_refusal(request, "analysis")
        if refusal:
            raise ApiError(429, "rate_limited", refusal, headers={"Retry-After": "60"})
    analysis, queued = gs.analysis_request(game_id=game_id, player=player, as_=API_REPLAY)
    analysis.refresh_from_db()  # run already, without a worker (eager tasks)
    return Status(202 if queued else 200, analysis_out(analysis))
