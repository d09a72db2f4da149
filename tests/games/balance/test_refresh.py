"""Counting real finished games: each once, the right seats, sources and modes, the
figures following the counters."""
import pytest

from games import engine
from games.balance import services
from games.balance.counting import MIN_GAMES, wilson
from games.balance.models import BalanceState, CardBalance, CountedGame
from games.models import Game, Turn
from tests.games.conftest import play_turns

pytestmark = pytest.mark.django_db


def _row(card, source="all", mode="all"):
    return CardBalance.objects.get(card_id=card, source=source, mode=mode)


def _counts(card, source="all", mode="all"):
    return _row(card, source, mode).counts()


def test_a_game_is_counted_once_and_split_into_played_and_not_played(alice, bob, finished):
    # alice (seat 0, winner) played 1 twice and discarded 2; bob played 2, discarded 1
    finished(alice, bob, decks=((1, 2, 3), (1, 2)), winner=0,
             turns=[(0, "play", 1), (1, "play", 2), (0, "play", 1), (0, "discard", 2),
                    (1, "discard", 1)])
    assert services.balance_refresh() == 1
    assert _counts(1) == {"in_deck": 2, "played_games": 1, "played_wins": 1,
                          "unplayed_games": 1, "unplayed_wins": 0, "times_played": 2,
                          "times_discarded": 1}
    assert _counts(2) == {"in_deck": 2, "played_games": 1, "played_wins": 0,
                          "unplayed_games": 1, "unplayed_wins": 1, "times_played": 1,
                          "times_discarded": 1}
    assert _counts(3) == {"in_deck": 1, "played_games": 0, "played_wins": 0,
                          "unplayed_games": 1, "unplayed_wins": 1, "times_played": 0,
                          "times_discarded": 0}
    # every card has its rows, counted or not
    assert CardBalance.objects.filter(source="all", mode="all").count() == 754
    assert _counts(4) == dict.fromkeys(_counts(4), 0)
    before = list(CardBalance.objects.order_by("pk").values())
    assert services.balance_refresh() == 0
    assert list(CardBalance.objects.order_by("pk").values()) == before
    state = BalanceState.objects.get(pk=1)
    assert (state.games_all, state.games_rated) == (1, 1) and state.refreshed_at


def test_sources_and_seats(alice, bob, carol, finished):
    rated = finished(alice, bob, decks=((10,), (10,)), winner=1)
    friendly = finished(alice, carol, decks=((10,), (11,)), winner=0, is_friendly=True)
    # against the computer only the player's seat counts, and it is never rated
    ai = finished(alice, None, decks=((10,), (12,)), winner=1, is_ai=True)
    # aborted, and a game against the computer whose sandbox changed the board: not counted
    finished(alice, bob, decks=((13,), (13,)), outcome=Game.Outcome.ABORT, winner=None)
    sandboxed = finished(alice, None, decks=((14,), (14,)), is_ai=True)
    Turn.objects.create(game=sandboxed, number=9, action=Turn.Action.SANDBOX, record={})
    # a playtest of a proposed card (the card lab): not counted either
    playtest = finished(alice, None, decks=((15,), ()), is_ai=True)
    Game.objects.filter(pk=playtest.pk).update(
        state={**playtest.state, "extra_cards": {str(engine.FIRST_CUSTOM_ID): {}}})
    assert services.balance_refresh() == 6
    assert _counts(10)["in_deck"] == 4  # rated: both, friendly: alice, AI: alice
    assert _counts(10)["unplayed_wins"] == 2  # bob in the rated game, alice in the friendly
    assert _counts(11)["in_deck"] == 1 and _counts(12)["in_deck"] == 0
    assert _counts(10, "rated")["in_deck"] == 2 and _counts(11, "rated")["in_deck"] == 0
    assert [_counts(card)["in_deck"] for card in (13, 14, 15)] == [0, 0, 0]
    assert CountedGame.objects.count() == 6  # the left-out games are not read again
    state = BalanceState.objects.get(pk=1)
    assert (state.games_all, state.games_rated) == (3, 1)
    assert {rated.pk, friendly.pk, ai.pk} <= set(CountedGame.objects.values_list("game_id",
                                                                                 flat=True))


def test_modes(alice, bob, finished):
    finished(alice, bob, decks=((20,), ()), is_hidden=True)
    finished(alice, bob, decks=((20,), ()), is_long=True, is_hidden=True)
    finished(alice, bob, decks=((20,), ()))
    services.balance_refresh()
    assert [_counts(20, mode=m)["in_deck"] for m in ("all", "normal", "hidden", "long")] == [
        3, 1, 2, 1]


def test_new_games_are_added_to_what_was_counted(alice, bob, finished):
    finished(alice, bob, decks=((30,), ()), turns=[(0, "play", 30)])
    services.balance_refresh()
    finished(alice, bob, decks=((30,), ()), winner=1)
    assert services.balance_refresh() == 1
    assert _counts(30) == {"in_deck": 2, "played_games": 1, "played_wins": 1,
                           "unplayed_games": 1, "unplayed_wins": 0, "times_played": 1,
                           "times_discarded": 0}


def test_batches_and_the_stored_figures(alice, bob, finished):
    # card 40: played by alice in MIN_GAMES games (21 won), unplayed in bob's deck in the same
    for i in range(MIN_GAMES):
        finished(alice, bob, decks=((40,), (40,)), winner=0 if i < 21 else 1,
                 turns=[(0, "play", 40)])
    assert services.balance_refresh(batch=7) == MIN_GAMES  # five batches of 7 (one short)
    row = _row(40)
    assert (row.played_games, row.played_wins) == (MIN_GAMES, 21)
    assert (row.unplayed_games, row.unplayed_wins) == (MIN_GAMES, MIN_GAMES - 21)
    assert (row.played_rate, row.played_low, row.played_high) == pytest.approx(
        wilson(21, MIN_GAMES))
    assert (row.unplayed_rate, row.unplayed_low, row.unplayed_high) == pytest.approx(
        wilson(MIN_GAMES - 21, MIN_GAMES))
    assert row.difference == pytest.approx((21 - (MIN_GAMES - 21)) / MIN_GAMES)
    assert row.difference_low < row.difference < row.difference_high


def test_minimum_sample(alice, bob, finished):
    for _ in range(MIN_GAMES - 1):
        finished(alice, bob, decks=((41,), (41,)), turns=[(0, "play", 41)])
    services.balance_refresh()
    row = _row(41)
    assert (row.played_games, row.unplayed_games) == (MIN_GAMES - 1, MIN_GAMES - 1)
    assert (row.played_rate, row.unplayed_rate, row.difference) == (None, None, None)
    finished(alice, bob, decks=((41,), (41,)), turns=[(0, "play", 41)])
    services.balance_refresh()
    row = _row(41)
    assert (row.played_rate, row.unplayed_rate) == (1.0, 0.0)
    assert row.difference == 1.0 and row.difference_low > 0.8


def test_a_game_played_through_the_services(started_game, django_capture_on_commit_callbacks):
    from games import services as gs

    game = started_game(hidden=True)
    play_turns(game, 10)
    with django_capture_on_commit_callbacks(execute=True):
        gs.game_surrender(game_id=game.pk, player=game.player1)
        gs.game_surrender_answer(game_id=game.pk, player=game.player2, accept=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    services.balance_refresh()
    plays = game.turns.filter(action=Turn.Action.PLAY).count()
    discards = game.turns.filter(action=Turn.Action.DISCARD).count()
    rows = CardBalance.objects.filter(source="all", mode="hidden")
    assert sum(r.times_played for r in rows) == plays
    assert sum(r.times_discarded for r in rows) == discards
    decks = [game.initial_state["players"][seat]["deck"] for seat in (0, 1)]
    distinct = sum(len({c for part in d.values() for c in part}) for d in decks)
    assert sum(r.in_deck for r in rows) == distinct
    # bob won (alice surrendered): his unplayed deck cards count as won games
    assert sum(r.played_wins + r.unplayed_wins for r in rows) == len(
        {c for part in decks[1].values() for c in part})
    assert not CardBalance.objects.filter(source="all", mode="normal", in_deck__gt=0).exists()
