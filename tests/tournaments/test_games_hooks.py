"""The games services the events use: a game the site arranges, a game the site ends, and
the news of a game's end sent after commit."""
import pytest

from games import engine
from games.models import Game, Turn
from games.services.endings import game_end_by_site
from games.services.errors import GameError
from games.services.events import game_finished
from games.services.lobby import game_start_arranged

pytestmark = pytest.mark.django_db


def _starter(index):
    deck = engine.STARTER_DECKS[index]
    return {"common": list(deck.common), "uncommon": list(deck.uncommon),
            "rare": list(deck.rare), "tokens": list(deck.tokens)}


def _arranged(alice, bob, **modes):
    return game_start_arranged(player1=alice, player2=bob, deck1_cards=_starter(0),
                               deck2_cards=_starter(2), **{"turn_timeout": 120, **modes})


def test_an_arranged_game_starts_at_once_with_its_time_limit(alice, bob):
    game = _arranged(alice, bob, hidden=True, friendly=True)
    assert game.status == Game.Status.IN_PROGRESS and game.turn_timeout == 120
    assert game.is_hidden and game.is_friendly and game.state


def test_an_arranged_game_needs_two_players_and_a_time_limit(alice, bob):
    with pytest.raises(GameError):
        _arranged(alice, alice)
    with pytest.raises(GameError):
        _arranged(alice, bob, turn_timeout=0)


def test_the_site_ends_a_game_once_and_says_so_after_commit(alice, bob,
                                                            django_capture_on_commit_callbacks):
    game = _arranged(alice, bob)
    heard = []

    def listener(sender, *, game_id, **kwargs):
        heard.append(game_id)

    game_finished.connect(listener, dispatch_uid="test-listener")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            ended = game_end_by_site(game_id=game.pk, outcome=Game.Outcome.ABANDON,
                                     winner_seat=1)
        assert ended is not None and heard == [game.pk]
        assert game_end_by_site(game_id=game.pk, outcome=Game.Outcome.ABORT) is None
    finally:
        game_finished.disconnect(dispatch_uid="test-listener")
    game.refresh_from_db()
    assert game.winner_id == bob.pk and game.outcome == Game.Outcome.ABANDON
    assert Turn.objects.filter(game=game, action=Turn.Action.FINISH, actor=None).exists()


def test_the_site_ends_games_only_by_abort_or_abandon(alice, bob):
    game = _arranged(alice, bob)
    with pytest.raises(ValueError):
        game_end_by_site(game_id=game.pk, outcome=Game.Outcome.SURRENDER, winner_seat=0)
