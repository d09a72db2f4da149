"""Read-only queries of the lobby: the Games page, the your-turn indicator and the home
page's games panel (a fixed number of SQL queries each)."""
from django.contrib.auth import get_user_model
from django.db.models import Case, F, IntegerField, Q, Value, When

from decks.models import Deck
from games.models import Game
from games.services import holds_slot


def player_named(name: str):
    """The player whose user name is ``name`` (any case), or None."""
    user = (get_user_model().objects.filter(username__iexact=name.strip())
            .select_related("player").first())
    return getattr(user, "player", None) if user is not None else None


def games_on_turn(player):
    """Running games waiting for this player's move (the navigation's query counts them with
    its other marks: marcomage/site/selectors.py)."""
    return Game.objects.filter(Game.my_turn_q(player), status=Game.Status.IN_PROGRESS)


def games_on_turn_count(player) -> int:
    """How many games wait for this player's move (the indicator's own refresh)."""
    return games_on_turn(player).count()


def incoming_challenges(player):
    """Challenges sent to this player and not answered yet (the navigation counts them)."""
    return Game.objects.filter(player2=player, status=Game.Status.WAITING)


def is_incoming_challenge(player, game_id: int) -> bool:
    """Whether ``game_id`` is a challenge to this player not answered yet (a challenge is
    not a game yet: the lobby's services check it again under lock)."""
    return incoming_challenges(player).filter(pk=game_id).exists()


def incoming_challenges_with_senders(player, *, limit=50) -> list:
    """The newest challenges sent to this player, with the challengers loaded (1 query)."""
    return list(incoming_challenges(player).select_related("player1__user")
                .defer("state", "initial_state", "deck1_cards")
                .order_by("-created_at", "-pk")[:limit])


def ready_decks(player):
    return list(Deck.objects.filter(player=player, is_ready=True).only("pk", "name")
                .order_by("name"))


def games_overview(player) -> dict:
    """Everything the Games page lists for a player, in 3 queries whatever the counts."""
    mine = (Q(player1=player, player1_left=False) | Q(player2=player, player2_left=False))
    games = list(
        Game.objects.filter(mine)
        .select_related("player1__user", "player2__user")
        .annotate(on_turn=Case(When(Game.my_turn_q(player), then=Value(0)), default=Value(1),
                               output_field=IntegerField()))
        .defer("state", "initial_state", "deck1_cards")
        .order_by("on_turn", "-last_action_at", "-created_at")
    )
    overview = {"running": [], "finished": [], "incoming": [], "outgoing": [], "hosted": []}
    for game in games:
        seat = game.seat_of(player)
        game.my_seat = seat
        game.my_turn = game.status == Game.Status.IN_PROGRESS and game.current_seat == seat
        game.opponent_name = game.player2_name if seat == 0 else game.player1_name
        game.opponent = game.player2 if seat == 0 else game.player1  # None: the computer
        game.has_new_chat = _has_new_chat(game, seat)
        if game.status == Game.Status.IN_PROGRESS:
            overview["running"].append(game)
        elif game.status == Game.Status.FINISHED:
            overview["finished"].append(game)
        elif game.player2_id is None:
            overview["hosted"].append(game)
        elif seat == 1:
            overview["incoming"].append(game)
        else:
            overview["outgoing"].append(game)
    overview["open_hosted"] = list(
        Game.objects.filter(status=Game.Status.WAITING, player2__isnull=True, is_ai=False)
        .exclude(player1=player).select_related("player1__user")
        .defer("state", "initial_state", "deck1_cards").order_by("-created_at")[:50])
    overview["ready_decks"] = ready_decks(player)
    overview["slots_used"] = sum(1 for game in games if holds_slot(game))
    return overview


def _has_new_chat(game, seat) -> bool:
    if game.is_ai or game.last_chat_at is None:
        return False
    seen = game.player1_chat_seen_at if seat == 0 else game.player2_chat_seen_at
    return seen is None or seen < game.last_chat_at


def dashboard_games(player, *, limit=5) -> dict:
    """The home page panel: games waiting for my move, and counts (2 queries)."""
    on_turn = list(
        Game.objects.filter(Game.my_turn_q(player), status=Game.Status.IN_PROGRESS)
        .select_related("player1__user", "player2__user")
        .defer("state", "initial_state", "deck1_cards").order_by("last_action_at")[:limit])
    for game in on_turn:
        game.opponent_name = (game.player2_name if game.seat_of(player) == 0
                              else game.player1_name)
    counts = Game.objects.filter(
        Q(player1=player, player1_left=False) | Q(player2=player, player2_left=False))
    running = counts.filter(status=Game.Status.IN_PROGRESS).count()
    incoming = incoming_challenges(player).count()
    return {"on_turn": on_turn, "running_count": running, "incoming_count": incoming}


def last_finished_game(player):
    """The game ``player`` finished last (left or not), with both players, or None (1 query)."""
    return (Game.objects.filter(Q(player1=player) | Q(player2=player),
                                status=Game.Status.FINISHED)
            .select_related("player1__user", "player2__user")
            .order_by(F("finished_at").desc(nulls_last=True), "-pk").first())
