"""Bot endpoints (a token with the "bot" scope of a bot account): the event stream, the
challenges to the bot, its games, and its moves.

Every change goes through the same services as the site's pages (games.services.lobby for
challenges, games.services.moves for play and discard with the game's version,
games.services.endings for leaving), so a bot meets the same rules, locks and version
checks as a person; their refusals (GameError) come back in the API's error shape
(api.py: 409 for a stale version or a move out of turn, 404 for a game that is not the
bot's).
"""
from ninja import Router
from ninja.responses import Status

from decks.selectors import first_ready_deck_id
from games import engine
from games import services as gs
from games.lobby.selectors import incoming_challenges, is_incoming_challenge
from games.models import Game
from games.services.access import BOT, access_game
from games.services.errors import GameError
from marcomage.plumbing.api_base.errors import ApiError, not_found
from players.tokens.auth import bot_auth

from .schemas import (
    AcceptIn,
    BotGameOut,
    BotGameStateOut,
    ChallengeOut,
    DiscardIn,
    MoveIn,
    SurrenderAnswerIn,
)
from .stream import bot_snapshot, bot_stream_once

router = Router(tags=["bot"], auth=bot_auth)
ID_MAX = 2**63 - 1


def _bot_game(player, game_id: int) -> Game:
    """A started game the bot plays (1 query); else the 404 of a missing game. The moves'
    services check again, under lock, so this answers only what a service would not: a
    game that is not the bot's, or not started, is "not found" here."""
    if not 0 < game_id <= ID_MAX:
        raise not_found("That game of yours")
    try:
        return access_game(game_id, player, as_=BOT)
    except GameError:
        raise not_found("That game of yours")


def bot_game_out(game: Game, player) -> dict:
    seat = game.seat_of(player)
    opponent = game.player_at(1 - seat) if game.player_id_at(1 - seat) else None
    return {"id": game.pk, "opponent": opponent.name if opponent else game.player2_name,
            "opponent_is_bot": bool(opponent and opponent.is_bot), "seat": seat,
            "version": game.version, "status": game.status,
            "my_turn": game.status == Game.Status.IN_PROGRESS and game.current_seat == seat,
            "surrender_offered": bool(game.surrender_requested_by_id
                                      and game.surrender_requested_by_id != player.pk)}


@router.get("/bot/stream", url_name="bot_stream",
            summary="Server-sent events: challenges to the bot and changes of its games "
                    "(ends after about a minute: reconnect; at most 2 open per account, "
                    "a third closes the oldest)")
def bot_stream(request):
    """Documentation, and the answer of a server without the ASGI route: the site's ASGI
    server answers this address itself, on its event loop (games/api/stream.py,
    mounted by marcomage/api/stream.py in marcomage/asgi.py)."""
    return bot_stream_once(request.auth.player)


@router.get("/bot/challenges", response=list[ChallengeOut], url_name="bot_challenges")
def bot_challenges(request):
    games = (incoming_challenges(request.auth.player).select_related("player1__user")
             .order_by("created_at", "pk"))
    return [{"id": g.pk, "challenger": g.player1.name, "challenger_is_bot": g.player1.is_bot,
             "modes": {"hidden": g.is_hidden, "friendly": g.is_friendly, "long": g.is_long},
             "turn_timeout": g.turn_timeout, "message": g.challenge_message,
             "created_at": g.created_at} for g in games]


def _challenge_id(player, game_id: int) -> int:
    """A challenge to the bot (the services check again under lock); any other id, even
    another player's challenge, looks like a missing one."""
    if not (0 < game_id <= ID_MAX and is_incoming_challenge(player, game_id)):
        raise not_found("That challenge to you")
    return game_id


@router.post("/bot/challenges/{game_id}/accept", response=BotGameOut,
             url_name="bot_challenge_accept",
             summary="Accept a challenge with one of the bot's complete decks (its first by "
                     "name when none is named)")
def bot_challenge_accept(request, game_id: int, body: AcceptIn | None = None):
    player = request.auth.player
    game_id = _challenge_id(player, game_id)
    deck = body.deck if body else None
    if deck is None:
        deck = first_ready_deck_id(player)
        if deck is None:
            raise ApiError(409, "deck", "The bot has no complete deck to play with.")
    game = gs.challenge_accept(game_id=game_id, player=player, deck=deck)
    return bot_game_out(game, player)


@router.post("/bot/challenges/{game_id}/decline", response={204: None},
             url_name="bot_challenge_decline")
def bot_challenge_decline(request, game_id: int):
    gs.challenge_reject(game_id=_challenge_id(request.auth.player, game_id),
                        player=request.auth.player)
    return Status(204, None)


@router.get("/bot/games", response=list[BotGameOut], url_name="bot_games",
            summary="The bot's running games and the finished ones it has not left")
def bot_games(request):
    player = request.auth.player
    games = (Game.objects.filter(pk__in=list(bot_snapshot(player)[1]))
             .select_related("player1__user", "player2__user")
             .defer("state", "initial_state", "deck1_cards").order_by("pk"))
    return [bot_game_out(game, player) for game in games]


@router.get("/bot/games/{game_id}", response=BotGameStateOut, url_name="bot_game")
def bot_game(request, game_id: int):
    player = request.auth.player
    game = _bot_game(player, game_id)
    seat = game.seat_of(player)
    state = engine.state_from_json(game.state)
    return {**bot_game_out(game, player), "view": engine.view_for(state, seat),
            "knowledge": engine.state_to_json(engine.seat_knowledge(state, seat))}


@router.post("/bot/games/{game_id}/play", response=BotGameOut, url_name="bot_play")
def bot_play(request, game_id: int, move: MoveIn):
    player = request.auth.player
    _bot_game(player, game_id)
    game = gs.game_play_card(game_id=game_id, player=player, version=move.version,
                             position=move.position, mode=move.mode)
    return bot_game_out(game, player)


@router.post("/bot/games/{game_id}/discard", response=BotGameOut, url_name="bot_discard")
def bot_discard(request, game_id: int, move: DiscardIn):
    player = request.auth.player
    _bot_game(player, game_id)
    game = gs.game_discard_card(game_id=game_id, player=player, version=move.version,
                                position=move.position)
    return bot_game_out(game, player)


@router.post("/bot/games/{game_id}/surrender-answer", response=BotGameOut,
             url_name="bot_surrender_answer",
             summary="Accept or refuse the opponent's offer to surrender")
def bot_surrender_answer(request, game_id: int, answer: SurrenderAnswerIn):
    player = request.auth.player
    _bot_game(player, game_id)
    game = gs.game_surrender_answer(game_id=game_id, player=player, accept=answer.accept)
    return bot_game_out(game, player)


@router.post("/bot/games/{game_id}/leave", response=BotGameOut, url_name="bot_leave",
             summary="Leave a finished game (frees the bot's game slot)")
def bot_leave(request, game_id: int):
    player = request.auth.player
    _bot_game(player, game_id)
    game = gs.game_leave(game_id=game_id, player=player)
    return bot_game_out(game, player)
