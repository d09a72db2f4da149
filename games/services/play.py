"""Everything that changes a running game: moves, AI moves, endings, leaving.

Each action locks the game row, checks the version the page was built from
(a double click, a second tab or a stale page gets a clear message, never a
second move), calls the engine, appends to the Turn log, bumps the version and
publishes a change notice after commit.
"""
from collections import Counter
from datetime import timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from decks.models import Deck
from games import engine
from games.models import CardStatistic, ChatMessage, Game, Turn
from players import activity
from players.models import Player
from players.services import award_counters_add
from players.tasks import game_rate_task

from . import errors
from .ai import ai_choose, ai_execute, relief_level_for
from .errors import GameError
from .events import publish_game_changed

ENGINE_MESSAGES = {
    "not_your_turn": errors.NOT_YOUR_TURN,
    "bad_position": "Choose a card from your hand first.",
    "insufficient_resources": "You cannot afford that card.",
    "bad_mode": "Choose one of the card's modes.",
    "rare_in_challenge": "Rare cards cannot be played in an AI challenge.",
    "game_over": errors.GAME_NOT_RUNNING,
    "card_unimplemented": "That card cannot be played yet (its effect is still being "
                          "written); discard it instead.",
    "preview_hidden": "Preview is not available with hidden cards.",
}


def engine_message(exc: engine.EngineError) -> str:
    return ENGINE_MESSAGES.get(exc.code, exc.message)


# ---------------------------------------------------------------- shared steps
def lock_game(game_id) -> Game:
    try:
        return (Game.objects.select_for_update(of=("self",))
                .select_related("player1__user", "player2__user").get(pk=game_id))
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameError("That game no longer exists.", code="gone")


def _seat(game: Game, player: Player) -> int:
    seat = game.seat_of(player)
    if seat is None:
        raise GameError("You are not playing in this game.", code="forbidden")
    return seat


def _check_running(game: Game):
    if game.status != Game.Status.IN_PROGRESS:
        raise GameError(errors.GAME_NOT_RUNNING, code="not_running")


def _check_version(game: Game, version):
    if version is not None and str(version) != str(game.version):
        raise GameError(errors.STALE_PAGE, code="stale")


def _check_no_surrender(game: Game):
    if game.surrender_requested_by_id is not None:
        raise GameError(errors.SURRENDER_PENDING, code="surrender_pending")


def _next_turn_number(game: Game) -> int:
    last = game.turns.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _apply_turn(game: Game, result, seat: int, *, actor, substitute=False, ai=False) -> Game:
    """Persist an engine TurnResult: state, Turn log, counters, end of game, events."""
    record = result.record
    state = result.state
    Turn.objects.create(
        game=game, number=_next_turn_number(game), actor_seat=seat, actor=actor,
        action=record["action"], position=record["position"], card=record["card"],
        mode=record["mode"], is_substitute=substitute, is_ai_move=ai,
        round=record["round"], record=record)
    game.state = engine.state_to_json(state)
    game.round = state.round
    game.current_seat = state.current
    game.last_action_at = timezone.now()
    game.timeout_noticed_version = None
    game.version += 1
    # Award counters go to the player whose turn it was (also for a substitute move); the
    # engine leaves them empty in friendly games.
    if actor is not None and record.get("awards") and not game.is_friendly:
        award_counters_add(player=actor, counters=record["awards"])
    if state.status == "finished":
        _finish(game, winner_seat=state.winner, outcome=state.outcome)
    else:
        game.save()
    publish_game_changed(game)
    _queue_ai_if_due(game)
    return game


def _queue_ai_if_due(game: Game):
    """In a game against the AI, let the AI answer at once when the player wants it so."""
    if (game.is_ai and game.status == Game.Status.IN_PROGRESS and game.current_seat == 1
            and game.surrender_requested_by_id is None and game.player1.settings.auto_ai_move):
        from games.tasks import game_ai_move_task

        game_ai_move_task.delay_on_commit(game.pk, game.version)


def _finish(game: Game, *, winner_seat, outcome: str):
    """Record the end of the game and everything that follows from it."""
    game.status = Game.Status.FINISHED
    game.outcome = outcome
    game.winner_id = game.player_id_at(winner_seat) if winner_seat is not None else None
    game.finished_at = timezone.now()
    game.current_seat = None
    game.surrender_requested_by = None
    game.save()
    if outcome != Game.Outcome.ABORT and not _used_sandbox(game):
        _update_deck_statistics(game, winner_seat)
    if not game.is_ai:
        _update_card_statistics(game)
    game_rate_task.delay_on_commit(game.pk)


def _used_sandbox(game: Game) -> bool:
    """A game against the AI where the sandbox changed the board or dictated a move: its
    result says nothing about the deck."""
    return game.is_ai and game.turns.filter(
        Q(action=Turn.Action.SANDBOX) | Q(record__dictated=True)).exists()


def _update_deck_statistics(game: Game, winner_seat):
    # The AI's deck is not a player deck: only seat 0 counts in AI games.
    seats = [(0, game.deck1_id)] + ([] if game.is_ai else [(1, game.deck2_id)])
    for seat, deck_id in seats:
        if deck_id is None:
            continue
        if winner_seat is None:
            field = "draws"
        else:
            field = "wins" if winner_seat == seat else "losses"
        Deck.objects.filter(pk=deck_id).update(**{field: F(field) + 1})


def card_counts(game: Game) -> dict:
    """{card id: Counter(played=, discarded=, drawn=)} over the whole game, starting hands
    included."""
    counts: dict = {}
    for player in game.initial_state.get("players", []):
        for cid in player["hand"]:
            counts.setdefault(int(cid), Counter())["drawn"] += 1
    names = {"play": "played", "discard": "discarded", "draw": "drawn"}
    for record in game.turns.values_list("record", flat=True):
        for cid, kinds in (record or {}).get("card_stats", {}).items():
            for kind, n in kinds.items():
                if kind in names:
                    counts.setdefault(int(cid), Counter())[names[kind]] += n
    return counts


def _update_card_statistics(game: Game):
    counts = card_counts(game)
    if not counts:
        return
    ids = list(counts)
    CardStatistic.objects.bulk_create([CardStatistic(card_id=cid) for cid in ids],
                                      ignore_conflicts=True)
    rows = list(CardStatistic.objects.select_for_update().filter(card_id__in=ids))
    for row in rows:
        c = counts[row.card_id]
        row.played += c["played"]
        row.played_total += c["played"]
        row.discarded += c["discarded"]
        row.discarded_total += c["discarded"]
        row.drawn += c["drawn"]
        row.drawn_total += c["drawn"]
    CardStatistic.objects.bulk_update(rows, ["played", "played_total", "discarded",
                                             "discarded_total", "drawn", "drawn_total"])


def _end_by_request(game: Game, *, outcome: str, winner_seat, actor_seat, actor):
    """Surrender, Abort, Finish: engine records the ending, the log gets a line."""
    state = engine.finish_game(engine.state_from_json(game.state), outcome=outcome,
                               winner=winner_seat)
    Turn.objects.create(
        game=game, number=_next_turn_number(game), actor_seat=actor_seat, actor=actor,
        action={"Surrender": "surrender", "Abort": "abort", "Abandon": "finish"}[outcome],
        round=state.round, record={"outcome": outcome, "winner": winner_seat})
    game.state = engine.state_to_json(state)
    game.last_action_at = timezone.now()
    game.version += 1
    _finish(game, winner_seat=winner_seat, outcome=outcome)
    publish_game_changed(game)


# ---------------------------------------------------------------- the player's moves
def _human_move(*, game_id, player, version, position, mode, kind) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        seat = _seat(game, player)
        _check_running(game)
        _check_version(game, version)
        _check_no_surrender(game)
        state = engine.state_from_json(game.state)
        if state.current != seat:
            raise GameError(errors.NOT_YOUR_TURN, code="not_your_turn")
        try:
            if kind == "play":
                result = engine.play(state, seat, position, mode)
            else:
                result = engine.discard(state, seat, position)
        except engine.EngineError as exc:
            raise GameError(engine_message(exc), code=exc.code)
        return _apply_turn(game, result, seat, actor=player)


def game_play_card(*, game_id, player: Player, version, position: int, mode: int = 0) -> Game:
    return _human_move(game_id=game_id, player=player, version=version, position=position,
                       mode=mode, kind="play")


def game_discard_card(*, game_id, player: Player, version, position: int) -> Game:
    return _human_move(game_id=game_id, player=player, version=version, position=position,
                       mode=0, kind="discard")


def game_preview(*, game: Game, player: Player, position: int, mode: int = 0) -> dict:
    """What playing the card would do (up to production), without changing anything."""
    seat = _seat(game, player)
    _check_running(game)
    state = engine.state_from_json(game.state)
    try:
        preview = engine.preview(state, seat, position, mode)
    except engine.EngineError as exc:
        raise GameError(engine_message(exc), code=exc.code)
    before = engine.view_for(state, seat)["players"]
    after = engine.view_for(preview.state, seat)["players"]
    rows = []
    for key in ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits"):
        rows.append({
            "label": key.capitalize(),
            "mine": (before[seat]["attributes"][key], after[seat]["attributes"][key]),
            "theirs": (before[1 - seat]["attributes"][key],
                       after[1 - seat]["attributes"][key]),
        })
    return {"rows": rows, "uncertain": preview.uncertain, "position": position, "mode": mode,
            "card": state.p[seat].hand[position - 1]}


# ---------------------------------------------------------------- the AI
def game_ai_move(*, game_id, version) -> bool:
    """Play the AI's turn if the game is still where the task expected it; else do nothing.

    Returns True when a move was made (a stale or repeated task returns False).
    """
    with transaction.atomic():
        try:
            game = (Game.objects.select_for_update(of=("self",))
                    .select_related("player1__user").get(pk=game_id))
        except Game.DoesNotExist:
            return False
        if (not game.is_ai or game.status != Game.Status.IN_PROGRESS or game.current_seat != 1
                or game.surrender_requested_by_id is not None
                or str(game.version) != str(version)):
            return False
        state = engine.state_from_json(game.state)
        # weights=None: the engine uses the challenge's weights in an AI challenge.
        action = ai_choose(state, 1, relief_level=relief_level_for(game, game.player1.level))
        result = ai_execute(state, 1, action)
        _apply_turn(game, result, 1, actor=None, ai=True)
        return True


def game_ai_move_request(*, game_id, player: Player, version) -> Game:
    """The "Execute AI move" button: queue the AI's turn (after commit)."""
    with transaction.atomic():
        game = lock_game(game_id)
        _seat(game, player)
        _check_running(game)
        _check_version(game, version)
        _check_no_surrender(game)
        if not game.is_ai or game.current_seat != 1:
            raise GameError("It is not the AI's turn.", code="not_ai_turn")
        from games.tasks import game_ai_move_task

        game_ai_move_task.delay_on_commit(game.pk, game.version)
        return game


def substitute_move_allowed(game: Game, seat: int, now=None) -> bool:
    """The waiting player may let the AI play the opponent's overdue turn (§12.2)."""
    now = now or timezone.now()
    return (not game.is_ai and game.status == Game.Status.IN_PROGRESS and game.turn_timeout > 0
            and game.current_seat == 1 - seat and game.surrender_requested_by_id is None
            and game.last_action_at is not None
            and (now - game.last_action_at).total_seconds() >= game.turn_timeout)


def game_substitute_move(*, game_id, player: Player, version) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        seat = _seat(game, player)
        _check_running(game)
        _check_version(game, version)
        if not substitute_move_allowed(game, seat):
            raise GameError("Your opponent still has time for this turn.", code="not_due")
        absent = 1 - seat
        state = engine.state_from_json(game.state)
        result = ai_execute(state, absent, ai_choose(state, absent))
        return _apply_turn(game, result, absent, actor=game.player_at(absent), substitute=True)


# ---------------------------------------------------------------- surrender, abort, finish
@transaction.atomic
def game_surrender(*, game_id, player: Player) -> Game:
    """Ask the opponent to accept a surrender (in AI games it is accepted at once)."""
    game = lock_game(game_id)
    seat = _seat(game, player)
    _check_running(game)
    if game.surrender_requested_by_id is not None:
        raise GameError("A surrender request is already waiting for an answer.",
                        code="surrender_pending")
    if game.is_ai:
        _end_by_request(game, outcome=Game.Outcome.SURRENDER, winner_seat=1 - seat,
                        actor_seat=seat, actor=player)
        return game
    game.surrender_requested_by = player
    game.version += 1
    game.save(update_fields=["surrender_requested_by", "version"])
    publish_game_changed(game)
    return game


def _pending_surrender(game: Game):
    if game.surrender_requested_by_id is None:
        raise GameError("There is no surrender request to answer.", code="no_request")


@transaction.atomic
def game_surrender_cancel(*, game_id, player: Player) -> Game:
    game = lock_game(game_id)
    _seat(game, player)
    _check_running(game)
    _pending_surrender(game)
    if game.surrender_requested_by_id != player.pk:
        raise GameError("Only the player who asked can withdraw the request.", code="forbidden")
    game.surrender_requested_by = None
    game.version += 1
    game.save(update_fields=["surrender_requested_by", "version"])
    publish_game_changed(game)
    return game


@transaction.atomic
def game_surrender_answer(*, game_id, player: Player, accept: bool) -> Game:
    game = lock_game(game_id)
    seat = _seat(game, player)
    _check_running(game)
    _pending_surrender(game)
    if game.surrender_requested_by_id == player.pk:
        raise GameError("Your opponent has to answer your request.", code="forbidden")
    if accept:
        requester_seat = 1 - seat
        _end_by_request(game, outcome=Game.Outcome.SURRENDER, winner_seat=seat,
                        actor_seat=requester_seat, actor=game.player_at(requester_seat))
        return game
    game.surrender_requested_by = None
    game.version += 1
    game.save(update_fields=["surrender_requested_by", "version"])
    publish_game_changed(game)
    return game


def abort_allowed(game: Game, seat: int, now=None) -> bool:
    """Abort when the opponent has been away for more than three weeks."""
    if game.is_ai or game.status != Game.Status.IN_PROGRESS:
        return False
    opponent = game.player_at(1 - seat)
    return activity.activity_of(opponent.last_activity, now) == activity.DEAD


# A game whose player on turn has not acted for this long may be finished by the other one.
FINISH_AFTER = timedelta(days=21)


def finish_allowed(game: Game, seat: int, now=None) -> bool:
    """Finish when the opponent, not away for good, has let his turn wait three weeks."""
    now = now or timezone.now()
    if game.is_ai or game.status != Game.Status.IN_PROGRESS or game.current_seat != 1 - seat:
        return False
    opponent = game.player_at(1 - seat)
    return (activity.activity_of(opponent.last_activity, now) != activity.DEAD
            and game.last_action_at is not None
            and now - game.last_action_at >= FINISH_AFTER)


@transaction.atomic
def game_abort(*, game_id, player: Player) -> Game:
    game = lock_game(game_id)
    seat = _seat(game, player)
    _check_running(game)
    if not abort_allowed(game, seat):
        raise GameError("A game can be aborted only when the opponent has been away for "
                        "more than three weeks.", code="not_allowed")
    _end_by_request(game, outcome=Game.Outcome.ABORT, winner_seat=None, actor_seat=seat,
                    actor=player)
    return game


@transaction.atomic
def game_finish(*, game_id, player: Player) -> Game:
    game = lock_game(game_id)
    seat = _seat(game, player)
    _check_running(game)
    if not finish_allowed(game, seat):
        raise GameError("A game can be finished only when the opponent has not played his "
                        "turn for three weeks.", code="not_allowed")
    _end_by_request(game, outcome=Game.Outcome.ABANDON, winner_seat=seat, actor_seat=seat,
                    actor=player)
    return game


# ---------------------------------------------------------------- leaving
@transaction.atomic
def game_leave(*, game_id, player: Player) -> Game:
    """Leave a finished game: it leaves the player's list and frees the slot."""
    game = lock_game(game_id)
    seat = _seat(game, player)
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
                                   body_html=f"{_escape(player.name)} has left the game.")
    publish_game_changed(game, what="chat")
    return game


def _escape(text):
    from django.utils.html import escape

    return escape(text)
