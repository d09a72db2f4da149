"""Events with players who have decks, and ways to end their games quickly through the
games services (as the site's own endings do)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services.endings import game_end_by_site, game_surrender, game_surrender_answer
from games.tournaments import services
from games.tournaments.models import Entry, Kind, Pairing, Tournament
from tests.factories import PlayerFactory
from tests.games.conftest import make_deck

ARENA = {"name": "Test arena", "kind": Kind.ARENA, "duration_minutes": 30,
         "turn_timeout": 300}
SWISS = {"name": "Test Swiss", "kind": Kind.SWISS, "rounds": 5, "round_minutes": 30,
         "turn_timeout": 300}


def event(kind=Kind.ARENA, *, starts_in=timedelta(minutes=5), **options):
    """An upcoming event made as the administrators make them (no creator)."""
    base = dict(ARENA if kind == Kind.ARENA else SWISS)
    base.update(options)
    fields = services.options_check(base)
    tournament = Tournament.objects.create(starts_at=timezone.now() + starts_in, **fields)
    services.set_end(tournament)
    return tournament


def joined(tournament, count, *, prefix="p", level=10):
    """``count`` new players with a deck each, joined to ``tournament``."""
    players = []
    for n in range(count):
        player = PlayerFactory(user__username=f"{prefix}{tournament.pk}x{n}", level=level)
        deck = make_deck(player, name="Main", starter=n % 3)
        choice = f"starter-{n % 3}" if tournament.deck_rule == "starter" else deck.pk
        services.tournament_join(tournament_id=tournament.pk, player=player, deck=choice)
        players.append(player)
    return players


def start_now(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    assert services.tournament_start(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def running_games(tournament):
    return list(Game.objects.filter(tournament_pairing__tournament=tournament,
                                    status=Game.Status.IN_PROGRESS).order_by("pk"))


def surrender_asked(game, winner_seat):
    """The first half of ``finish``: the other seat than ``winner_seat`` gives up."""
    game = Game.objects.select_related("player1", "player2").get(pk=game.pk)
    return game_surrender(game_id=game.pk, player=game.player_at(1 - winner_seat))


def surrender_accepted(game, winner_seat):
    """The second half of ``finish``: ``winner_seat`` accepts the surrender."""
    game = Game.objects.select_related("player1", "player2").get(pk=game.pk)
    return game_surrender_answer(game_id=game.pk, player=game.player_at(winner_seat),
                                 accept=True)


def finish(game, winner_seat):
    """End ``game``: ``winner_seat`` wins (the other gives up), None for a game called off
    (a draw for events)."""
    if winner_seat is None:
        return game_end_by_site(game_id=game.pk, outcome=Game.Outcome.ABORT)
    surrender_asked(game, winner_seat)
    return surrender_accepted(game, winner_seat)


def lose_on_time(game, winner_seat):
    """End ``game`` as the tick ends an overrun turn: the other seat loses on time."""
    return game_end_by_site(game_id=game.pk, outcome=Game.Outcome.ABANDON,
                            winner_seat=winner_seat)


def entry_of(tournament, player):
    return Entry.objects.get(tournament=tournament, player=player)


def pairing_of(game):
    return Pairing.objects.get(game=game)


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run the after-commit work (the game's end news, the tasks) as it would run."""
    def _run(callable_, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return callable_(*args, **kwargs)
    return _run
