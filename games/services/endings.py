"""How games end: by the engine's rules, by surrender, abort or finish; and leaving a
finished game.

``game_end`` records every ending (statistics, rating); the services here are the
endings a player asks for.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.html import escape

from games import engine
from games.models import ChatMessage, Game
from players.models import Player
from players.progression.services import award_counters_add

from .access import access_running_game, access_seat
from .errors import GameError
from .events import publish_game_changed, publish_game_finished
from .permissions import abort_allowed, finish_allowed
from .queue import game_rate_queue
from .statistics import game_statistics_record
from .turn_log import ENDING_ACTIONS, turn_log_append


def game_end(game: Game, *, winner_seat, outcome: str) -> None:
    """Record the end of the game and everything that follows from it (statistics now,
    the rating after commit). The caller holds the game row's lock."""
    game.status = Game.Status.FINISHED
    game.outcome = outcome
    game.winner_id = game.player_id_at(winner_seat) if winner_seat is not None else None
    game.finished_at = timezone.now()
    game.current_seat = None
    game.surrender_requested_by = None
    game.save()
    game_statistics_record(game, winner_seat)
    if game.ai_challenge and winner_seat == 0:
        # The human (seat 0) beat an AI challenge: its award counter, though the game is
        # friendly and unrated (rules-engine §13). Once: a game ends once, under its lock.
        award_counters_add(player=game.player1, counters={"ai_challenges": 1})
    game_rate_queue(game)
    publish_game_finished(game)


def _end_by_request(game: Game, *, outcome: str, winner_seat, actor_seat, actor):
    """Surrender, Abort, Finish: the engine records the ending, the log gets a line."""
    state = engine.finish_game(engine.state_from_json(game.state), outcome=outcome,
                               winner=winner_seat)
    turn_log_append(
        game, actor_seat=actor_seat, actor=actor, action=ENDING_ACTIONS[outcome],
        round=state.round, record={"outcome": outcome, "winner": winner_seat})
    game.state = engine.state_to_json(state)
    game.last_action_at = timezone.now()
    game.version += 1
    game_end(game, winner_seat=winner_seat, outcome=outcome)
    publish_game_changed(game)


def _surrender_request_set(game: Game, requester) -> None:
    game.surrender_requested_by = requester
    game.version += 1
    game.save(update_fields=["surrender_requested_by", "version"])
    publish_game_changed(game)


# ---------------------------------------------------------------- surrender
@transaction.atomic
def game_surrender(*, game_id, player: Player) -> Game:
    """Ask the opponent to accept a surrender (in AI games it is accepted at once)."""
    game, seat = access_running_game(game_id=game_id, player=player)
    if game.surrender_requested_by_id is not None:
        raise GameError("A surrender request is already waiting for an answer.",
                        code="surrender_pending")
    if game.is_ai:
        _end_by_request(game, outcome=Game.Outcome.SURRENDER, winner_seat=1 - seat,
                        actor_seat=seat, actor=player)
        return game
    _surrender_request_set(game, player)
    return game


def _check_surrender_pending(game: Game):
    if game.surrender_requested_by_id is None:
        raise GameError("There is no surrender request to answer.", code="no_request")


@transaction.atomic
def game_surrender_cancel(*, game_id, player: Player) -> Game:
    game, _seat = access_running_game(game_id=game_id, player=player)
    _check_surrender_pending(game)
    if game.surrender_requested_by_id != player.pk:
        raise GameError("Only the player who asked can withdraw the request.", code="forbidden")
    _surrender_request_set(game, None)
    return game


@transaction.atomic
def game_surrender_answer(*, game_id, player: Player, accept: bool) -> Game:
    game, seat = access_running_game(game_id=game_id, player=player)
    _check_surrender_pending(game)
    if game.surrender_requested_by_id == player.pk:
        raise GameError("Your opponent has to answer your request.", code="forbidden")
    if accept:
        requester_seat = 1 - seat
        _end_by_request(game, outcome=Game.Outcome.SURRENDER, winner_seat=seat,
                        actor_seat=requester_seat, actor=game.player_at(requester_seat))
        return game
    _surrender_request_set(game, None)
    return game


# ---------------------------------------------------------------- abort and finish
# Who may abort or finish: games.services.permissions (the page's buttons ask it too).
@transaction.atomic
def game_abort(*, game_id, player: Player) -> Game:
    game, seat = access_running_game(game_id=game_id, player=player)
    if not abort_allowed(game, seat):
        raise GameError("A game can be aborted only when the opponent has been away for "
                        "more than three weeks.", code="not_allowed")
    _end_by_request(game, outcome=Game.Outcome.ABORT, winner_seat=None, actor_seat=seat,
                    actor=player)
    return game


@transaction.atomic
def game_finish(*, game_id, player: Player) -> Game:
    game, seat = access_running_game(game_id=game_id, player=player)
    if not finish_allowed(game, seat):
        raise GameError("A game can be finished only when the opponent has not played his "
                        "turn for three weeks.", code="not_allowed")
    _end_by_request(game, outcome=Game.Outcome.ABANDON, winner_seat=seat, actor_seat=seat,
                    actor=player)
    return game


# ---------------------------------------------------------------- ended by the site
SITE_ENDINGS = (Game.Outcome.ABORT, Game.Outcome.ABANDON)


@transaction.atomic
def game_end_by_site(*, game_id, outcome: str, winner_seat=None):
    """End a running game by the site's own rule, not a player's request: an event's
    round time limit (ABORT: nothing decided) or an overrun turn in an event (ABANDON: the
    waiting ``winner_seat`` wins). None when the game is no longer running."""
    if outcome not in SITE_ENDINGS:
        raise ValueError(f"the site ends games by {SITE_ENDINGS}, not {outcome!r}")
    game = (Game.objects.select_for_update(of=("self",)).select_related("player1", "player2")
            .filter(pk=game_id).first())
    if game is None or game.status != Game.Status.IN_PROGRESS:
        return None
    _end_by_request(game, outcome=outcome,
                    winner_seat=None if outcome == Game.Outcome.ABORT else winner_seat,
                    actor_seat=None, actor=None)
    return game


# ---------------------------------------------------------------- leaving
@transaction.atomic
def game_leave(*, game_id, player: Player) -> Game:
    """Leave a finished game: it leaves the player's list (its slot was freed at its end)."""
    game, seat = access_seat(game_id=game_id, player=player)
    if game.status != Game.Status.FINISHED:
        raise GameError("You can leave a game once it is over.", code="not_finished")
    if game.has_left(seat):
        return game
    setattr(game, "player1_left" if seat == 0 else "player2_left", True)
    game.version += 1
    game.save(update_fields=["player1_left", "player2_left", "version"])
    if not game.is_ai and not game.has_left(1 - seat):
        ChatMessage.objects.create(game=game, author=None,
                                   body=f"{player.name} has left the game.",
                                   body_html=f"{escape(player.name)} has left the game.")
    publish_game_changed(game, what="chat")
    return game
